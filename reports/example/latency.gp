# sweep chart: completion latency percentiles vs block size, for each mode at
# its lowest queue depth.  Colour: mode; dash: p50 solid, p99 dashed, p99.9 dotted.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot latency.gp   (writes latency.png and latency.svg;
# gnuplot -e "formats='png'" latency.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""

# Colour by mode: read, write, randread, randwrite, readwrite, randrw.
set style line 1 lc rgb "#1f77b4" lw 2 ps 1.2
set style line 2 lc rgb "#d62728" lw 2 ps 1.2
set style line 3 lc rgb "#2ca02c" lw 2 ps 1.2
set style line 4 lc rgb "#ff7f0e" lw 2 ps 1.2
set style line 5 lc rgb "#9467bd" lw 2 ps 1.2
set style line 6 lc rgb "#8c564b" lw 2 ps 1.2

set title 'example-gp3-like: Latency p50/p99/p99.9 (us) vs block size, lowest queue depth' . "\n" . '/dev/loop0 (loop device), 2026-12-01 22:31 UTC'
set xlabel "Block size (log2 scale)"
set ylabel "Completion latency (microseconds, log scale)"
set logscale x 2
set logscale y 10
set xrange [393.846:1.09052e+07]
set xtics ("512" 512, "1K" 1024, "2K" 2048, "4K" 4096, "8K" 8192, "16K" 16384, "32K" 32768, "64K" 65536, "128K" 131072, "256K" 262144, "512K" 524288, "1M" 1048576, "2M" 2097152, "4M" 4194304, "8M" 8388608)
set grid xtics ytics mytics
set key outside right top vertical box

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1200,800 noenhanced font "sans,10"
    } else {
        set terminal svg size 1200,800 noenhanced font "sans,10" background "white"
    }
    set output sprintf("%slatency.%s", sweep_tmp, fmt)
    plot 'latency.dat' index 0 using 1:2 with linespoints ls 1 dt 1 pt 7 title 'read QD1 p50', \
     'latency.dat' index 0 using 1:3 with linespoints ls 1 dt 2 pt 5 title 'read QD1 p99', \
     'latency.dat' index 0 using 1:4 with linespoints ls 1 dt 3 pt 9 title 'read QD1 p99.9', \
     'latency.dat' index 1 using 1:2 with linespoints ls 3 dt 1 pt 7 title 'randread QD1 p50', \
     'latency.dat' index 1 using 1:3 with linespoints ls 3 dt 2 pt 5 title 'randread QD1 p99', \
     'latency.dat' index 1 using 1:4 with linespoints ls 3 dt 3 pt 9 title 'randread QD1 p99.9'
    unset output
}
