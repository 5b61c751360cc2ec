# sweep chart: completion latency (p99 solid, p50 dashed) against IOPS
# across the queue depths, one curve per mode x block size measured at three
# depths or more: the "hockey stick", where more depth buys latency and no
# more IOPS.  Each p99 point is labelled with its depth where the label has
# room (placed from the data: no two labels overlap).  A hollow point is a
# cell with a caveat.  Colour: mode (the same in every sweep chart);
# marker: block size.  Many curves: a panel per mode, the same axes in
# each.  The unit is microseconds, or milliseconds when the chart reaches
# 10 ms.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot @STEM@.gp   (writes @STEM@.png and @STEM@.svg;
# gnuplot -e "formats='png'" @STEM@.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

xlabel_text = "IOPS (log scale)"
ylabel_text = "@YLABEL@"
set logscale x 10
set logscale y 10
set format x "%.0s%c"
set format y "%g"
# The axes, set again by each picture's first panel (the key's panel has none).
axes = 'set border 31; set xtics @XTICS@; set ytics @YTICS@; set grid xtics ytics mxtics mytics; set xlabel xlabel_text; set ylabel ylabel_text'
# Ranges with every point inside, none on the frame.
set xrange @XRANGE@
set yrange @YRANGE@

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size @WIDTH@,@HEIGHT@ noenhanced font "sans,14"
    } else {
        set terminal svg size @WIDTH@,@HEIGHT@ noenhanced font "sans,14" background "white"
    }
    set output sprintf("%s@STEM@.%s", sweep_tmp, fmt)
    set multiplot
@PLOTS@
    unset multiplot
    unset output
}
