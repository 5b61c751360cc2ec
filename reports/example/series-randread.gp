# sweep chart: IOPS second by second for every cell of one mode, the cells
# side by side in run order (each tick is a cell, labelled with its block
# size).  Colour and dash: queue depth.  A steady cell is a flat segment.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot series-randread.gp   (writes series-randread.png and series-randread.svg;
# gnuplot -e "formats='png'" series-randread.gp writes one of them).
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

set title 'example-gp3-like: randread IOPS per second, every cell in run order' . "\n" . '/dev/loop0 (loop device), 2026-12-01 22:31 UTC'
set xlabel "Cells in run order, grouped by block size (one point per second of each measured window)"
set ylabel "IOPS (log scale)"
set logscale y 10
set xrange [0:126]
set xtics ("512" 4.0, "1K" 13.0, "2K" 22.0, "4K" 30.0, "8K" 38.0, "16K" 46.0, "32K" 54.0, "64K" 62.0, "128K" 70.0, "256K" 78.0, "512K" 86.0, "1M" 94.0, "2M" 102.0, "4M" 111.0, "8M" 121.0)
set format y "%.0s%c"
set grid ytics mytics
set key outside right top vertical box
# Where a cell's IOPS dropped and stayed down (burst credits running out?).


do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1200,600 noenhanced font "sans,10"
    } else {
        set terminal svg size 1200,600 noenhanced font "sans,10" background "white"
    }
    set output sprintf("%sseries-randread.%s", sweep_tmp, fmt)
    plot 'series-randread.dat' index 0 using 1:($2 > 0 ? $2 : NaN) with linespoints ls 1 dt 1 pt 7 title 'randread QD1', \
     'series-randread.dat' index 1 using 1:($2 > 0 ? $2 : NaN) with linespoints ls 2 dt 2 pt 5 title 'randread QD32', \
     3000 with lines lc rgb "#404040" lw 2 dt 2 title 'aws-gp3 cap 3,000 IOPS'
    unset output
}
