# sweep bottom line: per mode its level against the provisioned caps, its
# QD1 4K p99, the verdict word in its class colour and the cells it rests
# on, then the likely reasons (the diagnosis), as report.md opens with them.
# Every line is laid out by sweep to fit the 1100-pixel width (wrapped at
# words); the card grows downwards with the modes and the diagnosis.
# Made from a template in sweep's templates/ with values from results.json.
# Render:  gnuplot card.gp   (writes card.png and card.svg;
# gnuplot -e "formats='png'" card.gp writes one).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

unset border
unset tics
unset key
set lmargin at screen 0
set rmargin at screen 1
set bmargin at screen 0
set tmargin at screen 1
set xrange [0:1]
set yrange [0:1]
CARD_W = 1100.0
CARD_H = 326.0
set label 'Bottom line:' at screen 24.0 / CARD_W, screen 1 - 32.3 / CARD_H left font "sans:Bold,20" tc rgb "#222222" front
set label 'example-gp3-like against aws-gp3: delivers ✓' at screen 236.4 / CARD_W, screen 1 - 32.3 / CARD_H left font "sans:Bold,20" tc rgb "#1a7f37" front
set label 'caps: 3,000 IOPS, 125 MiB/s' at screen 24.0 / CARD_W, screen 1 - 64.6 / CARD_H left font "sans,14" tc rgb "#444444" front
set label '/dev/loop0 (loop device), 2026-12-01 22:31 UTC' at screen 332.0 / CARD_W, screen 1 - 64.6 / CARD_H left font "sans,14" tc rgb "#444444" front
set label 'read' at screen 46.0 / CARD_W, screen 1 - 109.4 / CARD_H left font "sans:Bold,18" tc rgb "#1f77b4" front
set label 'delivers ✓' at screen 127.4 / CARD_W, screen 1 - 109.4 / CARD_H left font "sans:Bold,18" tc rgb "#1a7f37" front
set label 'IOPS 3,013 of 3,000 (100%)' at screen 46.0 / CARD_W, screen 1 - 141.7 / CARD_H left font "sans:Bold,16" tc rgb "#111111" front
set label 'MiB/s 125 of 125 (100%)' at screen 421.8 / CARD_W, screen 1 - 141.7 / CARD_H left font "sans:Bold,16" tc rgb "#111111" front
set label 'QD1 4K p99 137 µs' at screen 46.0 / CARD_W, screen 1 - 171.1 / CARD_H left font "sans,14" tc rgb "#333333" front
set label 'from 30 of 30 steady cells' at screen 261.5 / CARD_W, screen 1 - 171.1 / CARD_H left font "sans,14" tc rgb "#444444" front
set object rectangle from screen 24.0 / CARD_W, screen 1 - 189.1 / CARD_H to screen 1076.0 / CARD_W, screen 1 - 86.6 / CARD_H fillcolor rgb "#f7fafc" fillstyle solid 1.0 border lc rgb "#dddddd" lw 1 back
set object rectangle from screen 24.0 / CARD_W, screen 1 - 189.1 / CARD_H to screen 32.0 / CARD_W, screen 1 - 86.6 / CARD_H fillcolor rgb "#1f77b4" fillstyle solid 1.0 border lc rgb "#1f77b4" lw 1 back
set label 'randread' at screen 46.0 / CARD_W, screen 1 - 222.0 / CARD_H left font "sans:Bold,18" tc rgb "#2ca02c" front
set label 'delivers ✓' at screen 190.7 / CARD_W, screen 1 - 222.0 / CARD_H left font "sans:Bold,18" tc rgb "#1a7f37" front
set label 'IOPS 3,000 of 3,000 (100%)' at screen 46.0 / CARD_W, screen 1 - 254.3 / CARD_H left font "sans:Bold,16" tc rgb "#111111" front
set label 'MiB/s 125 of 125 (100%)' at screen 421.8 / CARD_W, screen 1 - 254.3 / CARD_H left font "sans:Bold,16" tc rgb "#111111" front
set label 'QD1 4K p99 143 µs' at screen 46.0 / CARD_W, screen 1 - 283.7 / CARD_H left font "sans,14" tc rgb "#333333" front
set label 'from 30 of 30 steady cells' at screen 261.5 / CARD_W, screen 1 - 283.7 / CARD_H left font "sans,14" tc rgb "#444444" front
set object rectangle from screen 24.0 / CARD_W, screen 1 - 301.7 / CARD_H to screen 1076.0 / CARD_W, screen 1 - 199.1 / CARD_H fillcolor rgb "#f7fafc" fillstyle solid 1.0 border lc rgb "#dddddd" lw 1 back
set object rectangle from screen 24.0 / CARD_W, screen 1 - 301.7 / CARD_H to screen 32.0 / CARD_W, screen 1 - 199.1 / CARD_H fillcolor rgb "#2ca02c" fillstyle solid 1.0 border lc rgb "#2ca02c" lw 1 back


do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1100,326 noenhanced font "sans,14"
    } else {
        set terminal svg size 1100,326 noenhanced font "sans,14" background "white"
    }
    set output sprintf("%scard.%s", sweep_tmp, fmt)
    plot -1 notitle
    unset output
}
