# sweep chart: IOPS second by second for every cell of one mode, the cells
# side by side in run order (each tick is a cell, labelled with its block
# size).  Colour and dash: queue depth.  A steady cell is a flat segment.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot @STEM@.gp   (writes @STEM@.png and @STEM@.svg;
# gnuplot -e "formats='png'" @STEM@.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""

set style line 1 lc rgb "#1f77b4" lw 1.5 ps 0.5
set style line 2 lc rgb "#d62728" lw 1.5 ps 0.5
set style line 3 lc rgb "#2ca02c" lw 1.5 ps 0.5
set style line 4 lc rgb "#ff7f0e" lw 1.5 ps 0.5
set style line 5 lc rgb "#9467bd" lw 1.5 ps 0.5
set style line 6 lc rgb "#8c564b" lw 1.5 ps 0.5
set style line 7 lc rgb "#e377c2" lw 1.5 ps 0.5
set style line 8 lc rgb "#7f7f7f" lw 1.5 ps 0.5

set title @TITLE@
set xlabel "Cells in run order, grouped by block size (one point per second of each measured window)"
set ylabel "IOPS (log scale)"
set logscale y 10
set xrange @XRANGE@
set xtics (@XTICS@)
set format y "%.0s%c"
set grid ytics mytics
set key outside right top vertical box
# Where a cell's IOPS dropped and stayed down (burst credits running out?).
@MARKS@

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1200,600 noenhanced font "sans,10"
    } else {
        set terminal svg size 1200,600 noenhanced font "sans,10" background "white"
    }
    set output sprintf("%s@STEM@.%s", sweep_tmp, fmt)
    plot @PLOT@
    unset output
}
