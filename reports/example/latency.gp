# sweep chart: p99 completion latency vs block size, one line per mode x
# queue depth with whiskers from p50 to p99.9 (a large run: each mode's
# lowest depth; past 8 lines over two modes or more, a panel per mode); or,
# when no mode has three block sizes, grouped bars of p99 (mode x block
# size, a bar per queue depth) with p50 as a dot, on a linear axis from 0.
# Colour: mode (the same in every sweep chart; within one mode, light to
# dark by depth).  The unit is microseconds, or milliseconds when the
# chart reaches 10 ms.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot latency.gp   (writes latency.png and latency.svg;
# gnuplot -e "formats='png'" latency.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

set tmargin 5
set xlabel "Block size (log2 scale)"
set logscale x 2
set grid xtics ytics mytics
set ylabel "p99 completion latency (ms, log scale); whiskers: p50 to p99.9"
set logscale y 10
set xrange [393.846:1.09052e+07]
set xtics ("512" 512, "1K" 1024, "2K" 2048, "4K" 4096, "8K" 8192, "16K" 16384, "32K" 32768, "64K" 65536, "128K" 131072, "256K" 262144, "512K" 524288, "1M" 1048576, "2M" 2097152, "4M" 4194304, "8M" 8388608)
set format y "%g"
# Lines: whole decades, every point at least 15% inside (none on the frame); bars: 0 up.
set yrange [0.01:5000]
set ytics autofreq
set key below center horizontal Left reverse samplen 3 width 1 height 1

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1200,800 noenhanced font "sans,14"
    } else {
        set terminal svg size 1200,800 noenhanced font "sans,14" background "white"
    }
    set output sprintf("%slatency.%s", sweep_tmp, fmt)
    # The title, centred on the picture (a long label or path may use its full width).
    set label 1 'example-gp3-like: p99 latency vs block size by queue depth, whiskers p50 to p99.9' . "\n" . '/dev/loop0 (loop device), 2026-12-01 22:31 UTC' at screen 0.5, screen 0.975 center font "sans:Bold,18"
    plot 'latency.dat' index 0 using 1:2 with linespoints lc rgb "#1f77b4" lw 2 ps 1.5 dt 1 pt 7 title 'read QD1', \
     'latency.dat' index 0 using 1:2:3:4 with yerrorbars lc rgb "#1f77b4" lw 1 ps 1.5 pt 7 notitle, \
     'latency.dat' index 1 using 1:2 with linespoints lc rgb "#1f77b4" lw 2 ps 1.5 dt (20,6) pt 5 title 'read QD32', \
     'latency.dat' index 1 using 1:2:3:4 with yerrorbars lc rgb "#1f77b4" lw 1 ps 1.5 pt 5 notitle, \
     'latency.dat' index 2 using 1:2 with linespoints lc rgb "#2ca02c" lw 2 ps 1.5 dt (10,6) pt 7 title 'randread QD1', \
     'latency.dat' index 2 using 1:2:3:4 with yerrorbars lc rgb "#2ca02c" lw 1 ps 1.5 pt 7 notitle, \
     'latency.dat' index 3 using 1:2 with linespoints lc rgb "#2ca02c" lw 2 ps 1.5 dt (4,6) pt 5 title 'randread QD32', \
     'latency.dat' index 3 using 1:2:3:4 with yerrorbars lc rgb "#2ca02c" lw 1 ps 1.5 pt 5 notitle
    unset output
}
