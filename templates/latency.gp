# sweep chart: p99 completion latency vs block size, one line per mode x
# queue depth with whiskers from p50 to p99.9 (a large run: each mode's
# lowest depth; past 8 lines over two modes or more, a panel per mode); or,
# when no mode has three block sizes, grouped bars of p99 (mode x block
# size, a bar per queue depth) with p50 as a dot, on a linear axis from 0.
# Colour: mode (the same in every sweep chart; within one mode, light to
# dark by depth).  The unit is microseconds, or milliseconds when the
# chart reaches 10 ms.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot @STEM@.gp   (writes @STEM@.png and @STEM@.svg;
# gnuplot -e "formats='png'" @STEM@.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

set tmargin 5
@XAXIS@set ylabel "@YLABEL@"
@YSCALE@set xrange @XRANGE@
set xtics (@XTICS@)
set format y "%g"
# Lines: whole decades, every point at least 15% inside (none on the frame); bars: 0 up.
set yrange @YRANGE@
set ytics @YTICS@
set key below center horizontal Left reverse samplen 3 width 1 height 1

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
