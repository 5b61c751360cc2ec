# sweep compare chart: each run's best IOPS over the first run's at each
# block size, a panel per mode, a bar from the 1.0 line (the same figure)
# up (the run has more) or down (fewer) on a log2 scale.  At one block
# size the MiB/s ratio is the IOPS ratio.  Colour: mode (the same in every
# sweep chart); with three runs or more, a bar's fill tells the runs apart.
# Made from a template in sweep's templates/ with the runs' figures; data
# beside it (a block per mode, a row per block size: index, bytes, each
# run's ratio).  Render:  gnuplot @STEM@.gp   (writes @STEM@.png and
# @STEM@.svg; gnuplot -e "formats='png'" @STEM@.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

set label 1 @TITLE@ at screen 0.5, screen 1 - 30.0 / @HEIGHT@ center font "sans:Bold,17"
set label 2 @SUBTITLE@ at screen 0.5, screen 1 - 58.0 / @HEIGHT@ center font "sans,13"
set logscale y 2
set yrange @YRANGE@
set ytics (@YTICS@)
set mytics 1
set xrange [-0.6:*]
set offsets 0, 0.6, 0, 0
set grid ytics
set ylabel "Ratio (log2 scale)"
set xlabel "Block size" offset 0, 0.5
@KEY@
set style fill solid 0.85

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size @WIDTH@,@HEIGHT@ noenhanced font "sans,14"
    } else {
        set terminal svg size @WIDTH@,@HEIGHT@ noenhanced font "sans,14" background "white"
    }
    set output sprintf("%s@STEM@.%s", sweep_tmp, fmt)
    set multiplot
@PANELS@    unset multiplot
    unset output
}
