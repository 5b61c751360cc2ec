# sweep chart: the throttle signature.  The IOPS of each second of the
# cells at a mode's IOPS cap (within 10% of it), against the cap: a
# throttle holds them flat on it; a token bucket running out drops them
# to a lower level.  Right axis, dashed: each cell's p99 completion
# latency.  results.json stores no per-second latency, so that p99 is the
# cell's whole-window figure (flat across its seconds), as the note says.
# Colour: mode (the same in every sweep chart); dash and marker: cell.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot throttle.gp   (writes throttle.png and throttle.svg;
# gnuplot -e "formats='png'" throttle.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

set tmargin 6
set xlabel "Second of the cell's measured window"
set ylabel "IOPS per second"
set y2label "p99 latency (ms), each cell's whole window"
set xrange [0.5:6.5]
set xtics 1
set yrange [0:3730.6]
set ytics nomirror ("0" 0, "500" 500, "1k" 1000, "1.5k" 1500, "2k" 2000, "2.5k" 2500, "3k" 3000, "3.5k" 3500)
set y2range [0:163.158]
set y2tics ("0" 0, "25" 25, "50" 50, "75" 75, "100" 100, "125" 125, "150" 150)
set grid xtics ytics
set key below center horizontal Left reverse samplen 3 width 1 height 1 maxcols 2

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1200,796 noenhanced font "sans,14"
    } else {
        set terminal svg size 1200,796 noenhanced font "sans,14" background "white"
    }
    set output sprintf("%sthrottle.%s", sweep_tmp, fmt)
    set label 1 'example-gp3-like: Throttle signature: IOPS per second at the cap, and p99' . "\n" . '/dev/loop0 (loop device), 2026-12-01 22:31 UTC' at screen 0.5, screen 0.975 center font "sans:Bold,18"
    set label 2 "results.json keeps no per-second latency: the p99 is each cell's whole window" at screen 0.5, screen 0.895 center
    plot 'throttle.dat' index 0 using 1:2 with linespoints lc rgb "#1f77b4" lw 2 ps 1.2 dt 1 pt 7 title 'read 512 B QD1: IOPS (p99 2.79 ms)', \
     'throttle.dat' index 0 using 1:3 axes x1y2 with lines lc rgb "#1f77b4" lw 1.5 dt (4,4) notitle, \
     'throttle.dat' index 1 using 1:2 with linespoints lc rgb "#1f77b4" lw 2 ps 1.2 dt (20,6) pt 5 title 'read 512 B QD32: IOPS (p99 102 ms)', \
     'throttle.dat' index 1 using 1:3 axes x1y2 with lines lc rgb "#1f77b4" lw 1.5 dt (4,4) notitle, \
     'throttle.dat' index 2 using 1:2 with linespoints lc rgb "#1f77b4" lw 2 ps 1.2 dt (10,6) pt 9 title 'read 1 KiB QD1: IOPS (p99 0.12 ms)', \
     'throttle.dat' index 2 using 1:3 axes x1y2 with lines lc rgb "#1f77b4" lw 1.5 dt (4,4) notitle, \
     'throttle.dat' index 3 using 1:2 with linespoints lc rgb "#1f77b4" lw 2 ps 1.2 dt (4,6) pt 11 title 'read 1 KiB QD32: IOPS (p99 99.4 ms)', \
     'throttle.dat' index 3 using 1:3 axes x1y2 with lines lc rgb "#1f77b4" lw 1.5 dt (4,4) notitle, \
     keyentry with lines lc rgb "#444444" lw 1.5 dt (4,4) title "short dashes, right axis: the cell's p99", \
     3013.27 with lines lc rgb "#1f77b4" lw 2 dt (12,6) title 'read IOPS cap ~3,010 (measured)', \
     3000 with lines lc rgb "#404040" lw 2 dt 2 title 'aws-gp3 provisioned 3,000 IOPS'
    unset output
}
