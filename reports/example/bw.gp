# sweep chart: throughput (MiB/s; MB/s is in the .dat and the tables) vs block
# size, one line per mode x queue depth; or, when
# no mode has three block sizes, grouped bars (mode x block size, a bar per
# queue depth).  Colour: mode (the same in every sweep chart); dash, marker
# and fill: queue depth.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot bw.gp   (writes bw.png and bw.svg;
# gnuplot -e "formats='png'" bw.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

# The title, centred on the picture (a long label or path may use its full width).
set label 1 'example-gp3-like: Throughput (MiB/s) vs block size' . "\n" . '/dev/loop0 (loop device), 2026-12-01 22:31 UTC' at screen 0.5, screen 0.975 center font "sans:Bold,18"
set tmargin 5
set xlabel "Block size (log2 scale)"
set logscale x 2
set grid xtics ytics mytics
set ylabel "Throughput (MiB/s, log scale)"
set logscale y 10
set xrange [393.846:1.09052e+07]
set xtics ("512" 512, "" 1024 1, "2K" 2048, "" 4096 1, "8K" 8192, "" 16384 1, "32K" 32768, "" 65536 1, "128K" 131072, "" 262144 1, "512K" 524288, "" 1048576 1, "2M" 2097152, "" 4194304 1, "8M" 8388608)
set format y "%.0s%c"
# Whole decades, with every point at least 15% inside: none sits on the frame.
set yrange [1:200]
set ytics (1, 2, 5, 10, 20, 50, 100, 200)
set key outside right top vertical box

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1200,800 noenhanced font "sans,14"
    } else {
        set terminal svg size 1200,800 noenhanced font "sans,14" background "white"
    }
    set output sprintf("%sbw.%s", sweep_tmp, fmt)
    plot 'bw.dat' index 0 using 1:2 with linespoints lc rgb "#1f77b4" lw 2 ps 1.5 dt 1 pt 7 title 'read QD1', \
     'bw.dat' index 1 using 1:2 with linespoints lc rgb "#1f77b4" lw 2 ps 1.5 dt 2 pt 5 title 'read QD32', \
     'bw.dat' index 2 using 1:2 with linespoints lc rgb "#2ca02c" lw 2 ps 1.5 dt 1 pt 7 title 'randread QD1', \
     'bw.dat' index 3 using 1:2 with linespoints lc rgb "#2ca02c" lw 2 ps 1.5 dt 2 pt 5 title 'randread QD32', \
     125 with lines lc rgb "#404040" lw 2 dt 2 title 'aws-gp3 cap 125 MiB/s'
    unset output
}
