# sweep chart: the latency distribution of each queue depth at one block
# size, from the percentiles results.json stores of each cell's latency
# histogram (min, p50, p90, p99, p99.9, p99.99, max; io/hist.c: 0.39% at
# most off).  x: completion latency (log scale); y: the share of I/Os
# done by then, on a scale of nines (90%, 99%, 99.9% ... equally apart), so
# that the tail shows.  A curve that climbs steeply to the p50 and then
# runs flat far to the right is two populations: most I/Os fast, a few
# far slower.  Colour: mode (the same in every sweep chart); dash and
# marker: depth.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot latency-cdf.gp   (writes latency-cdf.png and latency-cdf.svg;
# gnuplot -e "formats='png'" latency-cdf.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

set tmargin 6
set xlabel "Completion latency (ms, log scale)"
set ylabel "Share of I/Os completed (scale of nines)"
set logscale x 10
set format x "%g"
set xrange [0.005:200]
set xtics autofreq
set yrange [0:5.4]
set ytics ("0%%" 0, "50%%" 0.30103, "90%%" 1, "99%%" 2, "99.9%%" 3, "99.99%%" 4, "max" 5)
set grid xtics ytics mxtics
set key below center horizontal Left reverse samplen 3 width 1 height 1 maxcols 4

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1200,724 noenhanced font "sans,14"
    } else {
        set terminal svg size 1200,724 noenhanced font "sans,14" background "white"
    }
    set output sprintf("%slatency-cdf.%s", sweep_tmp, fmt)
    set label 1 'example-gp3-like: Latency distribution per queue depth at 4 KiB' . "\n" . '/dev/loop0 (loop device), 2026-12-01 22:31 UTC' at screen 0.5, screen 0.975 center font "sans:Bold,18"
    set label 2 "From each cell's stored percentiles: min, p50, p90, p99, p99.9, p99.99, max" at screen 0.5, screen 0.895 center
    plot 'latency-cdf.dat' index 0 using 1:3 with linespoints lc rgb "#1f77b4" lw 2 ps 1.3 dt 1 pt 7 title 'read 4 KiB QD1', \
     'latency-cdf.dat' index 1 using 1:3 with linespoints lc rgb "#1f77b4" lw 2 ps 1.3 dt (20,6) pt 5 title 'read 4 KiB QD32', \
     'latency-cdf.dat' index 2 using 1:3 with linespoints lc rgb "#2ca02c" lw 2 ps 1.3 dt 1 pt 7 title 'randread 4 KiB QD1', \
     'latency-cdf.dat' index 3 using 1:3 with linespoints lc rgb "#2ca02c" lw 2 ps 1.3 dt (20,6) pt 5 title 'randread 4 KiB QD32'
    unset output
}
