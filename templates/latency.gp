# sweep chart: completion latency percentiles vs block size, for each mode at
# every block size measured, at the lowest queue depth measured there
# (p50 solid, p99 dashed, p99.9 dotted); or, when no mode has three block
# sizes, grouped bars of p99 (mode x block size, a bar per queue depth) with
# p50 as a dot.  Colour: mode (the same in every sweep chart).  The unit is
# microseconds, or milliseconds when the chart reaches 10 ms.
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
# Whole decades, with every point at least 15% inside: none sits on the frame.
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
