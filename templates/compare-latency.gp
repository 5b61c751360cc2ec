# sweep compare chart: p99 completion latency vs block size, for each run and
# mode at its lowest queue depth, in microseconds (milliseconds when the chart
# reaches 10 ms).  Colour: mode (the same in every sweep chart); dash: run;
# marker: queue depth.
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
set ylabel "@YLABEL@"
set format y "%g"
set logscale x 2
set logscale y 10
set xrange @XRANGE@
set xtics (@XTICS@)
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
