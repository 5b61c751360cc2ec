# sweep chart: IOPS vs block size, one line per mode x queue depth (past 8
# lines over two modes or more, a panel per mode on shared axes); or, when
# no mode has three block sizes, grouped bars (mode x block size, a bar per
# queue depth) on a linear axis from 0.  Colour: mode (the same in every
# sweep chart; within one mode, light to dark by depth); each line its own
# dash, a marker per depth.  A knee the summary states is marked, and a
# bandwidth cap drawn as IOPS = BW / bs (dotted).
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot iops.gp   (writes iops.png and iops.svg;
# gnuplot -e "formats='png'" iops.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

set tmargin 5
set xlabel "Block size (log2 scale)"
set logscale x 2
set grid xtics ytics mytics
set ylabel "IOPS (log scale)"
set logscale y 10
set xrange [393.846:1.09052e+07]
set xtics ("512" 512, "1K" 1024, "2K" 2048, "4K" 4096, "8K" 8192, "16K" 16384, "32K" 32768, "64K" 65536, "128K" 131072, "256K" 262144, "512K" 524288, "1M" 1048576, "2M" 2097152, "4M" 4194304, "8M" 8388608)
set format y "%.0s%c"
# Lines: whole decades, every point at least 15% inside (none on the frame); bars: 0 up.
set yrange [10:5000]
set ytics (10, 20, 50, 100, 200, 500, 1000, 2000, 5000)
set key below center horizontal Left reverse samplen 3 width 1 height 1

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1200,800 noenhanced font "sans,14"
    } else {
        set terminal svg size 1200,800 noenhanced font "sans,14" background "white"
    }
    set output sprintf("%siops.%s", sweep_tmp, fmt)
    # The title, centred on the picture (a long label or path may use its full width).
    set label 1 'example-gp3-like: IOPS vs block size' . "\n" . '/dev/loop0 (loop device), 2026-12-01 22:31 UTC' at screen 0.5, screen 0.975 center font "sans:Bold,18"
    set label 2 'read and randread within 2% at every size (their lines coincide)' at screen 0.5, screen 0.9050 center font "sans,14" tc rgb "#b00020"
    set label 'knee ~42 KiB' at 43008, 3013.27 right point pt 2 ps 3 lw 3 lc rgb "#1f77b4" offset -1, -1.5 tc rgb "#1f77b4" font "sans:Bold,14" front
    set label 'knee ~43 KiB' at 44032, 3000 right point pt 2 ps 3 lw 3 lc rgb "#2ca02c" offset -1, -2.7 tc rgb "#2ca02c" font "sans:Bold,14" front
    plot 'iops.dat' index 0 using 1:2 with linespoints lc rgb "#1f77b4" lw 2 ps 1.5 dt 1 pt 7 title 'read QD1', \
     'iops.dat' index 1 using 1:2 with linespoints lc rgb "#1f77b4" lw 2 ps 1.5 dt (20,6) pt 5 title 'read QD32', \
     'iops.dat' index 2 using 1:2 with linespoints lc rgb "#2ca02c" lw 2 ps 1.5 dt (10,6) pt 7 title 'randread QD1', \
     'iops.dat' index 3 using 1:2 with linespoints lc rgb "#2ca02c" lw 2 ps 1.5 dt (4,6) pt 5 title 'randread QD32', \
     (x >= 506.931 && x <= 8.47249e+06 ? 1.31072e+08 / x : NaN) with lines lc rgb "#1f77b4" lw 2 dt (2,4) title 'read BW cap ~125 MiB/s as IOPS', \
     (x >= 506.931 && x <= 8.47249e+06 ? 1.31188e+08 / x : NaN) with lines lc rgb "#2ca02c" lw 2 dt (2,5) title 'randread BW cap ~125 MiB/s as IOPS', \
     3000 with lines lc rgb "#404040" lw 2 dt 2 title 'aws-gp3 provisioned 3,000 IOPS'
    unset output
}
