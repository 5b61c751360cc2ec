# sweep chart: IOPS against queue depth, one line per mode x block size
# measured at three depths or more: where does the volume saturate?  The
# circle marks each mode's saturating depth (the smallest depth within 5%
# of its best IOPS, as the summary states it; of the cells without a
# caveat when that depth's cell has one).  IOPS on a linear axis from 0, so
# that the knee shows.  A hollow point is a cell with a caveat (its marks
# above it: not steady, check failed).  Colour: mode (the same in every
# sweep chart); dash and marker: block size.  Many lines: a panel per mode,
# the same axes in each.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot @STEM@.gp   (writes @STEM@.png and @STEM@.svg;
# gnuplot -e "formats='png'" @STEM@.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

xlabel_text = "Queue depth (log2 scale)"
ylabel_text = "@YLABEL@"
set logscale x 2
set format x "%g"
set format y "%.0s%c"
# The axes, set again by each picture's first panel (the key's panel has none).
axes = 'set border 31; set xtics @XTICS@; set ytics @YTICS@; set grid xtics ytics; set xlabel xlabel_text; set ylabel ylabel_text'
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
