# sweep bottom line: per mode its level against the provisioned caps, its
# QD1 4K p99, the verdict word in its class colour and the cells it rests
# on, then the likely reasons (the diagnosis), as report.md opens with them.
# Every line is laid out by sweep to fit the 1100-pixel width (wrapped at
# words); the card grows downwards with the modes and the diagnosis.
# Made from a template in sweep's templates/ with values from results.json.
# Render:  gnuplot @STEM@.gp   (writes @STEM@.png and @STEM@.svg;
# gnuplot -e "formats='png'" @STEM@.gp writes one).
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
@OBJECTS@

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size @WIDTH@,@HEIGHT@ noenhanced font "sans,14"
    } else {
        set terminal svg size @WIDTH@,@HEIGHT@ noenhanced font "sans,14" background "white"
    }
    set output sprintf("%s@STEM@.%s", sweep_tmp, fmt)
    plot -1 notitle
    unset output
}
