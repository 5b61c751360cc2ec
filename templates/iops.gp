# sweep chart: IOPS vs block size, one line per mode x queue depth (past 8
# lines over two modes or more, a panel per mode on shared axes); or, when
# no mode has three block sizes, grouped bars (mode x block size, a bar per
# queue depth) on a linear axis from 0.  Colour: mode (the same in every
# sweep chart; within one mode, light to dark by depth); each line its own
# dash, a marker per depth.  A knee the summary states is marked, and a
# bandwidth cap drawn as IOPS = BW / bs (dotted).
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot @STEM@.gp   (writes @STEM@.png and @STEM@.svg;
# gnuplot -e "formats='png'" @STEM@.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

set tmargin 5
@BARS@@XAXIS@set ylabel "@YLABEL@"
@YSCALE@set xrange @XRANGE@
set xtics (@XTICS@)
set format y "%.0s%c"
# Lines: whole decades, every point at least 15% inside (none on the frame); bars: 0 up.
set yrange @YRANGE@
set ytics @YTICS@
@GAP@set key below center horizontal Left reverse samplen 3 width 1 height 1

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size @SIZE@ noenhanced font "sans,14"
    } else {
        set terminal svg size @SIZE@ noenhanced font "sans,14" background "white"
    }
    set output sprintf("%s@STEM@.%s", sweep_tmp, fmt)
    # The title, centred on the picture (a long label or path may use its full width).
    set label 1 @TITLE@ at screen 0.5, screen 0.975 center font "sans:Bold,18"
    @PLOT@
    unset output
}
