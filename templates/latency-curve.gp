# sweep chart: completion latency (p99 solid, p50 dashed) against IOPS
# across the queue depths, one curve per mode x block size measured at three
# depths or more, each point labelled with its depth: the "hockey stick",
# where more depth buys latency and no more IOPS.  Colour: mode (the same in
# every sweep chart); marker: block size.  The unit is microseconds, or
# milliseconds when the chart reaches 10 ms.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot @STEM@.gp   (writes @STEM@.png and @STEM@.svg;
# gnuplot -e "formats='png'" @STEM@.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

# The title, centred on the picture (a long label or path may use its full width).
set label 1 @TITLE@ at screen 0.5, screen 0.975 center font "sans:Bold,18"
set tmargin 5
set xlabel "IOPS (log scale)"
set ylabel "@YLABEL@"
set logscale x 10
set xtics @XTICS@
set logscale y 10
set format x "%.0s%c"
set format y "%g"
set grid xtics ytics mxtics mytics
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
