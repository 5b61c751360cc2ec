# sweep chart: IOPS second by second for every cell of one mode, the cells
# side by side in run order (each tick is a cell, labelled with its block
# size).  Colour: the mode (the same in every sweep chart); dash and marker:
# queue depth.  A steady cell is a flat segment.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot @STEM@.gp   (writes @STEM@.png and @STEM@.svg;
# gnuplot -e "formats='png'" @STEM@.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

# The title, centred on the picture (a long label or path may use its full width).
set label 1 @TITLE@ at screen 0.5, screen 0.975 center font "sans:Bold,18"
set tmargin 5
set xlabel "Cells in run order, grouped by block size (a point per second measured)"
set ylabel "IOPS (log scale)"
set logscale y 10
set xrange @XRANGE@
set xtics (@XTICS@)
set format y "%.0s%c"
set grid ytics mytics
# Whole decades, with every point at least 15% inside: none sits on the frame.
set yrange @YRANGE@
set ytics @YTICS@
set key outside right top vertical box
# Where a cell's IOPS dropped and stayed down (burst credits running out?).
@MARKS@

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1200,600 noenhanced font "sans,14"
    } else {
        set terminal svg size 1200,600 noenhanced font "sans,14" background "white"
    }
    set output sprintf("%s@STEM@.%s", sweep_tmp, fmt)
    plot @PLOT@
    unset output
}
