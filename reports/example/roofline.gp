# sweep chart: the roofline of a run.  A point per mode and block size, the
# best IOPS of every queue depth and job count there (a hollow point with
# its marks: a caveat); on log-log axes the IOPS cap is a flat line and the
# bandwidth cap the diagonal IOPS = bandwidth / block size, and the knee is
# where they meet.  Solid lines in a mode's colour: the caps the analysis
# states for that mode (a plateau of its cells; none is drawn without one);
# dashed grey lines: the provisioned caps (--profile, --expect).
# Colour: mode (the same in every sweep chart).
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot roofline.gp   (writes roofline.png and roofline.svg;
# gnuplot -e "formats='png'" roofline.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

# The title, centred on the picture (a long label or path may use its full width).
set label 1 'example-gp3-like: Best IOPS per block size under the caps (roofline)' . "\n" . '/dev/loop0 (loop device), 2026-12-01 22:31 UTC' at screen 0.5, screen 0.975 center font "sans:Bold,18"
set tmargin 5
set xlabel "Block size (log2 scale)"
set logscale x 2
set grid xtics ytics mytics
set ylabel "IOPS (log scale)"
set logscale y 10
set xrange [393.846:1.09052e+07]
set xtics ("512" 512, "1K" 1024, "2K" 2048, "4K" 4096, "8K" 8192, "16K" 16384, "32K" 32768, "64K" 65536, "128K" 131072, "256K" 262144, "512K" 524288, "1M" 1048576, "2M" 2097152, "4M" 4194304, "8M" 8388608)
set format y "%.0s%c"
set yrange [10:20000]
set ytics autofreq
# The knees: a label in a row of its own above every roof, a dotted line down to the knee.
set object 10 circle at 43498.2, 3013.274509 size screen 0.01 front fillstyle empty border lc rgb "#1f77b4" lw 2
set object 11 circle at 43729.5, 3000 size screen 0.01 front fillstyle empty border lc rgb "#2ca02c" lw 2
set arrow 10 from 43498.2, 3013.274509 to 43498.2, graph 0.875 nohead lw 1.5 dt 3 lc rgb "#1f77b4" back
set label 10 'read: knee ~42 KiB' at 43498.2, graph 0.950 center front tc rgb "#1f77b4" font "sans:Bold,14"
set arrow 11 from 43729.5, 3000 to 43729.5, graph 0.875 nohead lw 1.5 dt 3 lc rgb "#2ca02c" back
set label 11 'randread: knee ~43 KiB' at 43729.5, graph 0.895 center front tc rgb "#2ca02c" font "sans:Bold,14"
# The legend under the plot, in columns (the plot keeps the picture's width): a
# mode's entry names the caps of its solid lines.
set bmargin 7.1
set key at screen 0.5, screen 0.01 center bottom vertical Left reverse maxrows 2 box spacing 1.2 width 1

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1200,812 noenhanced font "sans,14"
    } else {
        set terminal svg size 1200,812 noenhanced font "sans,14" background "white"
    }
    set output sprintf("%sroofline.%s", sweep_tmp, fmt)
    plot sample [x=393.846:43498.2] 3013.274509 with lines lc rgb "#1f77b4" lw 2.5 dt 1 notitle, \
     [x=43498.2:1.09052e+07] 131072000 / x with lines lc rgb "#1f77b4" lw 2.5 dt 1 notitle, \
     [x=393.846:43729.5] 3000 with lines lc rgb "#2ca02c" lw 2.5 dt 1 notitle, \
     [x=43729.5:1.09052e+07] 131188405 / x with lines lc rgb "#2ca02c" lw 2.5 dt 1 notitle, \
     'roofline.dat' index 0 using 1:2 with linespoints lc rgb "#1f77b4" lw 1.5 ps 2.40 dt 1 pt 7 title 'read: caps ~3,010 IOPS, ~125 MiB/s', \
     'roofline.dat' index 1 using 1:2 with linespoints lc rgb "#2ca02c" lw 1.5 ps 1.20 dt 1 pt 7 title 'randread: caps ~3,000 IOPS, ~125 MiB/s', \
     [x=393.846:43690.7] 3000 with lines lc rgb "#404040" lw 2.0 dt 2 title 'provisioned 3,000 IOPS', \
     [x=43690.7:1.09052e+07] 131072000 / x with lines lc rgb "#404040" lw 2.0 dt 2 title 'provisioned 125 MiB/s'
    unset output
}
