# sweep compare chart: throughput vs block size, one line per run x mode x
# queue depth, in MiB/s (MB/s is in compare.md and compare.xlsx).  Colour:
# mode (the same in every sweep chart); dash: run; marker: queue depth.  Grey
# lines: each run's provisioned bandwidth cap and burst, from its results.json.
# Made from a template in sweep's templates/ with the runs' figures; data
# beside it.  Render:  gnuplot @STEM@.gp   (writes @STEM@.png and @STEM@.svg;
# gnuplot -e "formats='png'" @STEM@.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

# The title, centred on the picture (a long label or path may use its full width).
set label 1 @TITLE@ at screen 0.5, screen 0.975 center font "sans:Bold,18"
set tmargin 5
set xlabel "Block size (log2 scale)"
set ylabel "Throughput (MiB/s, log scale)"
set logscale x 2
set logscale y 10
set xrange @XRANGE@
set xtics (@XTICS@)
set format y "%.0s%c"
set grid xtics ytics mytics
# Whole decades, with every point at least 15% inside: none sits on the frame.
set yrange @YRANGE@
set ytics @YTICS@
# Right of the plot; below it (the picture taller) when its entries are too wide for that.
@KEY@

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1200,@HEIGHT@ noenhanced font "sans,14"
    } else {
        set terminal svg size 1200,@HEIGHT@ noenhanced font "sans,14" background "white"
    }
    set output sprintf("%s@STEM@.%s", sweep_tmp, fmt)
    plot @PLOT@
    unset output
}
