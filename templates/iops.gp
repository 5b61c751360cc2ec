# sweep chart: IOPS vs block size, one line per mode x queue depth.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot @STEM@.gp   (writes @STEM@.png and @STEM@.svg;
# gnuplot -e "formats='png'" @STEM@.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""

# Colour by mode: read, write, randread, randwrite, readwrite, randrw.
# Dash and point type tell the queue depths apart.
set style line 1 lc rgb "#1f77b4" lw 2 ps 1.2
set style line 2 lc rgb "#d62728" lw 2 ps 1.2
set style line 3 lc rgb "#2ca02c" lw 2 ps 1.2
set style line 4 lc rgb "#ff7f0e" lw 2 ps 1.2
set style line 5 lc rgb "#9467bd" lw 2 ps 1.2
set style line 6 lc rgb "#8c564b" lw 2 ps 1.2

set title @TITLE@
@BARS@set xlabel "Block size (log2 scale)"
set ylabel "IOPS (log scale)"
set logscale x 2
set logscale y 10
set xrange @XRANGE@
set xtics (@XTICS@)
set format y "%.0s%c"
set grid xtics ytics mytics
set key outside right top vertical box

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1200,800 noenhanced font "sans,10"
    } else {
        set terminal svg size 1200,800 noenhanced font "sans,10" background "white"
    }
    set output sprintf("%s@STEM@.%s", sweep_tmp, fmt)
    plot @PLOT@
    unset output
}
