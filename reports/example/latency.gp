# sweep chart: completion latency percentiles vs block size, for each mode at
# every block size measured, at the lowest queue depth measured there
# (p50 solid, p99 dashed, p99.9 dotted); or, when no mode has three block
# sizes, grouped bars of p99 (mode x block size, a bar per queue depth) with
# p50 as a dot.  Colour: mode (the same in every sweep chart).  The unit is
# microseconds, or milliseconds when the chart reaches 10 ms.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot latency.gp   (writes latency.png and latency.svg;
# gnuplot -e "formats='png'" latency.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

# The title, centred on the picture (a long label or path may use its full width).
set label 1 'example-gp3-like: Latency p50/p99/p99.9 vs block size, lowest depth' . "\n" . '/dev/loop0 (loop device), 2026-12-01 22:31 UTC' at screen 0.5, screen 0.975 center font "sans:Bold,18"
set tmargin 5
set xlabel "Block size (log2 scale)"
set logscale x 2
set grid xtics ytics mytics
set ylabel "Completion latency (ms, log scale)"
set logscale y 10
set xrange [393.846:1.09052e+07]
set xtics ("512" 512, "" 1024 1, "2K" 2048, "" 4096 1, "8K" 8192, "" 16384 1, "32K" 32768, "" 65536 1, "128K" 131072, "" 262144 1, "512K" 524288, "" 1048576 1, "2M" 2097152, "" 4194304 1, "8M" 8388608)
set format y "%g"
# Whole decades, with every point at least 15% inside: none sits on the frame.
set yrange [0.01:200]
set ytics autofreq
set key outside right top vertical box

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1200,800 noenhanced font "sans,14"
    } else {
        set terminal svg size 1200,800 noenhanced font "sans,14" background "white"
    }
    set output sprintf("%slatency.%s", sweep_tmp, fmt)
    plot 'latency.dat' index 0 using 1:2 with linespoints lc rgb "#1f77b4" lw 2 ps 1.5 dt 1 pt 7 title 'read p50', \
     'latency.dat' index 0 using 1:3 with linespoints lc rgb "#1f77b4" lw 2 ps 1.5 dt 2 pt 5 title 'read p99', \
     'latency.dat' index 0 using 1:4 with linespoints lc rgb "#1f77b4" lw 2 ps 1.5 dt 3 pt 9 title 'read p99.9', \
     'latency.dat' index 1 using 1:2 with linespoints lc rgb "#2ca02c" lw 2 ps 1.5 dt 1 pt 7 title 'randread p50', \
     'latency.dat' index 1 using 1:3 with linespoints lc rgb "#2ca02c" lw 2 ps 1.5 dt 2 pt 5 title 'randread p99', \
     'latency.dat' index 1 using 1:4 with linespoints lc rgb "#2ca02c" lw 2 ps 1.5 dt 3 pt 9 title 'randread p99.9'
    unset output
}
