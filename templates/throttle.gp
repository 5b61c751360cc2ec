# sweep chart: the throttle signature.  The IOPS of each second of the
# cells at a mode's IOPS cap (within 10% of it), against the cap: a
# throttle holds them flat on it; a token bucket running out drops them
# to a lower level.  Right axis, dashed: each cell's p99 completion
# latency.  results.json stores no per-second latency, so that p99 is the
# cell's whole-window figure (flat across its seconds), as the note says.
# Colour: mode (the same in every sweep chart); dash and marker: cell.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot @STEM@.gp   (writes @STEM@.png and @STEM@.svg;
# gnuplot -e "formats='png'" @STEM@.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

set tmargin 6
set xlabel "Second of the cell's measured window"
set ylabel "IOPS per second"
set y2label "@Y2LABEL@"
set xrange @XRANGE@
set xtics @XTICS@
set yrange @YRANGE@
set ytics nomirror @YTICS@
set y2range @Y2RANGE@
set y2tics @Y2TICS@
set grid xtics ytics
set key below center horizontal Left reverse samplen 3 width 1 height 1 maxcols 2

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1200,@HEIGHT@ noenhanced font "sans,14"
    } else {
        set terminal svg size 1200,@HEIGHT@ noenhanced font "sans,14" background "white"
    }
    set output sprintf("%s@STEM@.%s", sweep_tmp, fmt)
    set label 1 @TITLE@ at screen 0.5, screen 0.975 center font "sans:Bold,18"
    set label 2 @NOTE@ at screen 0.5, screen @NOTEY@ center
    @PLOT@
    unset output
}
