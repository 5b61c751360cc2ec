# sweep chart: a --hold cell second by second against the reference (the
# provisioned rate, or the level held without a profile), with the line a
# second must reach to count as within (90% of it); the dips (seconds
# below 90% of the level held around them) are shaded and their seconds
# marked; a step down that lasted (a burst bucket running out) is named.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot @STEM@.gp   (writes @STEM@.png and @STEM@.svg;
# gnuplot -e "formats='png'" @STEM@.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

set label 1 @TITLE@ at screen 0.5, screen 0.975 center font "sans:Bold,18"
set tmargin 5
set xlabel @XLABEL@
set ylabel @YLABEL@
set xrange @XRANGE@
set yrange @YRANGE@
set format y "%.0f"
set grid xtics ytics
set key outside below horizontal
# The dips, shaded; the step, an arrow.
@OBJECTS@

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
