# sweep chart: IOPS against queue depth, one line per mode x block size
# measured at three depths or more: where does the volume saturate?  The
# circle marks each mode's saturating depth (the smallest depth within 5%
# of its best IOPS, as the summary states it).  Colour: mode (the same in
# every sweep chart); dash and marker: block size.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot @STEM@.gp   (writes @STEM@.png and @STEM@.svg;
# gnuplot -e "formats='png'" @STEM@.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

# The title, centred on the picture (a long label or path may use its full width).
set label 1 @TITLE@ at screen 0.5, screen 0.975 center font "sans:Bold,18"
set tmargin 5
set xlabel "Queue depth (log2 scale)"
set ylabel "@YLABEL@"
set logscale x 2
set xtics @XTICS@
set logscale y 10
set format x "%g"
set format y "%.0s%c"
set grid xtics ytics mytics
# Ranges with every point inside, none on the frame.
set xrange @XRANGE@
set yrange @YRANGE@
set ytics @YTICS@
set key outside right top vertical box

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1200,800 noenhanced font "sans,14"
    } else {
        set terminal svg size 1200,800 noenhanced font "sans,14" background "white"
    }
    set output sprintf("%s@STEM@.%s", sweep_tmp, fmt)
    plot @PLOT@
    unset output
}
