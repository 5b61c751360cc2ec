# sweep chart: the roofline of a run.  A point per mode and block size, the
# best IOPS of every queue depth and job count there (a hollow point with
# its marks: a caveat); on log-log axes the IOPS cap is a flat line and the
# bandwidth cap the diagonal IOPS = bandwidth / block size, and the knee is
# where they meet.  Solid lines in a mode's colour: the caps the analysis
# states for that mode (a plateau of its cells; none is drawn without one);
# dashed grey lines: the provisioned caps (--profile, --expect).
# Colour: mode (the same in every sweep chart).
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot @STEM@.gp   (writes @STEM@.png and @STEM@.svg;
# gnuplot -e "formats='png'" @STEM@.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

# The title, centred on the picture (a long label or path may use its full width).
set label 1 @TITLE@ at screen 0.5, screen 0.975 center font "sans:Bold,18"
set tmargin 5
set xlabel "Block size (log2 scale)"
set logscale x 2
set grid xtics ytics mytics
set ylabel "IOPS (log scale)"
set logscale y 10
set xrange @XRANGE@
set xtics (@XTICS@)
set format y "%.0s%c"
set yrange @YRANGE@
set ytics @YTICS@
# The knees: a label in a row of its own above every roof, a dotted line down to the knee.
@CAPS@# The legend under the plot, in columns (the plot keeps the picture's width): a
# mode's entry names the caps of its solid lines.
set bmargin @BMARGIN@
set key at screen 0.5, screen 0.01 center bottom vertical Left reverse maxrows @KEYROWS@ box spacing 1.2 width 1

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1200,@HEIGHT@ noenhanced font "sans,14"
    } else {
        set terminal svg size 1200,@HEIGHT@ noenhanced font "sans,14" background "white"
    }
    set output sprintf("%s@STEM@.%s", sweep_tmp, fmt)
    plot @PLOT@
    unset output
}
