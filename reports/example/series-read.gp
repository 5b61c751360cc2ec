# sweep chart: IOPS second by second for every cell of one mode, the cells
# side by side in run order (each tick is a cell, labelled with its block
# size).  Colour: the mode (the same in every sweep chart); dash and marker:
# queue depth.  A steady cell is a flat segment.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot series-read.gp   (writes series-read.png and series-read.svg;
# gnuplot -e "formats='png'" series-read.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

# The title, centred on the picture (a long label or path may use its full width).
set label 1 'example-gp3-like: read: IOPS per second, cells in run order' . "\n" . '/dev/loop0 (loop device), 2026-12-01 22:31 UTC' at screen 0.5, screen 0.975 center font "sans:Bold,18"
set tmargin 5
set xlabel "Cells in run order, grouped by block size (a point per second measured)"
set ylabel "IOPS (log scale)"
set logscale y 10
set xrange [-0.5:126.5]
set xtics ("512" 5.0, "" 14.0 1, "2K" 22.0, "" 30.0 1, "8K" 39.0, "" 48.0 1, "32K" 56.0, "" 64.0 1, "128K" 72.0, "" 80.0 1, "512K" 88.0, "" 96.0 1, "2M" 104.0, "" 112.0 1, "8M" 121.0)
set format y "%.0s%c"
set grid ytics mytics
# Whole decades, with every point at least 15% inside: none sits on the frame.
set yrange [10:5000]
set ytics (10, 20, 50, 100, 200, 500, 1000, 2000, 5000)
set key outside right top vertical box
# Where a cell's IOPS dropped and stayed down (burst credits running out?).


do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1200,600 noenhanced font "sans,14"
    } else {
        set terminal svg size 1200,600 noenhanced font "sans,14" background "white"
    }
    set output sprintf("%sseries-read.%s", sweep_tmp, fmt)
    plot 'series-read.dat' index 0 using 1:($2 > 0 ? $2 : NaN) with linespoints lc rgb "#1f77b4" lw 1.5 ps 0.6 dt 1 pt 7 title 'read QD1', \
     'series-read.dat' index 1 using 1:($2 > 0 ? $2 : NaN) with linespoints lc rgb "#1f77b4" lw 1.5 ps 0.6 dt (20,6) pt 5 title 'read QD32', \
     3000 with lines lc rgb "#404040" lw 2 dt 2 title 'aws-gp3 provisioned 3,000 IOPS'
    unset output
}
