# sweep scorecard: the tests people paste into tickets, in the layout of
# CrystalDiskMark: SEQ 1M Q8, SEQ 1M Q1, RND 4K Q32 and RND 4K Q1, read and
# write, each in MB/s and IOPS (p99 latency on the 4K tiles).  A tile whose
# own cell the run did not measure shows the nearest cell it did, in a
# dashed box that says which ("Q32 for Q8"); with none near, "not
# measured".  Border colour: the mode (the same in every sweep chart).
# Made from a template in sweep's templates/ with values from results.json;
# the figures are in scorecard.dat.  Render:  gnuplot scorecard.gp   (writes
# scorecard.png and scorecard.svg; gnuplot -e "formats='png'" scorecard.gp writes one).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

set label 'example-gp3-like: scorecard' . "\n" . '/dev/loop0 (loop device), 2026-12-01 22:31 UTC' at screen 0.5, screen 1 - 25.2 / 734 center font "sans:Bold,18"
unset border
unset tics
unset key
set lmargin at screen 0
set rmargin at screen 1
set bmargin at screen 0
set tmargin at screen 1
set xrange [0:1]
set yrange [0:1]
set label 'Read' at screen 0.4350, screen 0.8578 center font "sans:Bold,18" tc rgb "#222222" front
set label 'Write' at screen 0.8100, screen 0.8578 center font "sans:Bold,18" tc rgb "#222222" front
set object rectangle from screen 0.0200, screen 0.6912 to screen 0.2400, screen 0.8333 fillcolor rgb "#2e5e4e" fillstyle solid 1.0 border lc rgb "#2e5e4e" lw 2 back
set label 'SEQ 1M' at screen 0.1300, screen 0.7822 center font "sans:Bold,24" tc rgb "#ffffff" front
set label 'Q8' at screen 0.1300, screen 0.7253 center font "sans,18" tc rgb "#ffffff" front
set object rectangle from screen 0.2550, screen 0.6912 to screen 0.6150, screen 0.8333 fillcolor rgb "#fff8ec" fillstyle solid 1.0 border lc rgb "#1f77b4" lw 2 dt 2 back
set label '131.1 MB/s' at screen 0.5950, screen 0.7651 right font "sans:Bold,30" tc rgb "#111111" front
set label '125 IOPS' at screen 0.5950, screen 0.7168 right font "sans,16" tc rgb "#333333" front
set label 'read: Q32 for Q8 · 100% of bw cap' at screen 0.2700, screen 0.8049 left font "sans:Bold,14" tc rgb "#8a4b00" front
set object rectangle from screen 0.6300, screen 0.6912 to screen 0.9900, screen 0.8333 fillcolor rgb "#f2f2f2" fillstyle solid 1.0 border lc rgb "#bbbbbb" lw 2 back
set label 'not measured (write)' at screen 0.8100, screen 0.7623 center font "sans,16" tc rgb "#888888" front
set object rectangle from screen 0.0200, screen 0.5343 to screen 0.2400, screen 0.6765 fillcolor rgb "#2e5e4e" fillstyle solid 1.0 border lc rgb "#2e5e4e" lw 2 back
set label 'SEQ 1M' at screen 0.1300, screen 0.6253 center font "sans:Bold,24" tc rgb "#ffffff" front
set label 'Q1' at screen 0.1300, screen 0.5684 center font "sans,18" tc rgb "#ffffff" front
set object rectangle from screen 0.2550, screen 0.5343 to screen 0.6150, screen 0.6765 fillcolor rgb "#f7fafc" fillstyle solid 1.0 border lc rgb "#1f77b4" lw 2 back
set label '131.1 MB/s' at screen 0.5950, screen 0.6082 right font "sans:Bold,30" tc rgb "#111111" front
set label '125 IOPS' at screen 0.5950, screen 0.5599 right font "sans,16" tc rgb "#333333" front
set label 'read · 100% of bw cap' at screen 0.2700, screen 0.6480 left font "sans,14" tc rgb "#1f77b4" front
set object rectangle from screen 0.6300, screen 0.5343 to screen 0.9900, screen 0.6765 fillcolor rgb "#f2f2f2" fillstyle solid 1.0 border lc rgb "#bbbbbb" lw 2 back
set label 'not measured (write)' at screen 0.8100, screen 0.6054 center font "sans,16" tc rgb "#888888" front
set object rectangle from screen 0.0200, screen 0.3775 to screen 0.2400, screen 0.5196 fillcolor rgb "#2e5e4e" fillstyle solid 1.0 border lc rgb "#2e5e4e" lw 2 back
set label 'RND 4K' at screen 0.1300, screen 0.4684 center font "sans:Bold,24" tc rgb "#ffffff" front
set label 'Q32' at screen 0.1300, screen 0.4116 center font "sans,18" tc rgb "#ffffff" front
set object rectangle from screen 0.2550, screen 0.3775 to screen 0.6150, screen 0.5196 fillcolor rgb "#f7fafc" fillstyle solid 1.0 border lc rgb "#2ca02c" lw 2 back
set label '12.29 MB/s' at screen 0.5950, screen 0.4514 right font "sans:Bold,30" tc rgb "#111111" front
set label '3,000 IOPS   p99 98.8 ms' at screen 0.5950, screen 0.4030 right font "sans,16" tc rgb "#333333" front
set label 'randread · 100% of IOPS cap' at screen 0.2700, screen 0.4912 left font "sans,14" tc rgb "#2ca02c" front
set object rectangle from screen 0.6300, screen 0.3775 to screen 0.9900, screen 0.5196 fillcolor rgb "#f2f2f2" fillstyle solid 1.0 border lc rgb "#bbbbbb" lw 2 back
set label 'not measured (randwrite)' at screen 0.8100, screen 0.4485 center font "sans,16" tc rgb "#888888" front
set object rectangle from screen 0.0200, screen 0.2206 to screen 0.2400, screen 0.3627 fillcolor rgb "#2e5e4e" fillstyle solid 1.0 border lc rgb "#2e5e4e" lw 2 back
set label 'RND 4K' at screen 0.1300, screen 0.3116 center font "sans:Bold,24" tc rgb "#ffffff" front
set label 'Q1' at screen 0.1300, screen 0.2547 center font "sans,18" tc rgb "#ffffff" front
set object rectangle from screen 0.2550, screen 0.2206 to screen 0.6150, screen 0.3627 fillcolor rgb "#f7fafc" fillstyle solid 1.0 border lc rgb "#2ca02c" lw 2 back
set label '12.29 MB/s' at screen 0.5950, screen 0.2945 right font "sans:Bold,30" tc rgb "#111111" front
set label '3,000 IOPS   p99 0.14 ms' at screen 0.5950, screen 0.2462 right font "sans,16" tc rgb "#333333" front
set label 'randread · 100% of IOPS cap' at screen 0.2700, screen 0.3343 left font "sans,14" tc rgb "#2ca02c" front
set object rectangle from screen 0.6300, screen 0.2206 to screen 0.9900, screen 0.3627 fillcolor rgb "#f2f2f2" fillstyle solid 1.0 border lc rgb "#bbbbbb" lw 2 back
set label 'not measured (randwrite)' at screen 0.8100, screen 0.2917 center font "sans,16" tc rgb "#888888" front
set label 'Test: 1 GiB region, 6 s per cell after a 1 s ramp, 1 round.' at screen 0.0200, screen 0.1814 left font "sans,14" tc rgb "#444444" front
set label 'MB/s = 1,000,000 bytes/s; IOPS; p99 = 99th percentile completion latency.' at screen 0.0200, screen 0.1422 left font "sans,14" tc rgb "#444444" front
set label 'SEQ: modes read and write at 1 MiB; RND: randread and randwrite at 4 KiB; one job each.' at screen 0.0200, screen 0.1029 left font "sans,14" tc rgb "#444444" front
set label 'Dashed tiles: the nearest cell measured stands in (same mode; size, then depth; within 8x).' at screen 0.0200, screen 0.0637 left font "sans,14" tc rgb "#8a4b00" front
set label 'Not measured: SEQ 1M Q8 write, SEQ 1M Q1 write, RND 4K Q32 randwrite, RND 4K Q1 randwrite' at screen 0.0200, screen 0.0245 left font "sans,14" tc rgb "#b00020" front
set label 'Verdict against aws-gp3: delivers ✓' at screen 0.5000, screen 0.8961 center font "sans:Bold,14" tc rgb "#2e5e4e" front


do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1100,734 noenhanced font "sans,14"
    } else {
        set terminal svg size 1100,734 noenhanced font "sans,14" background "white"
    }
    set output sprintf("%sscorecard.%s", sweep_tmp, fmt)
    plot -1 notitle
    unset output
}
