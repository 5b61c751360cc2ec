# sweep chart: a heat map of one mode's IOPS by block size and queue depth
# (rows, as in the report's "Queue depth x jobs" table) and job count
# (columns): does a second job help, and at which depth?  A square per
# cell, its colour the IOPS (a log colour scale when they span more than
# 10x), its label the IOPS with the cell's caveat marks; a cell not
# measured is blank.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it (a row per square: column, row, IOPS or NaN, label, 1 when
# the label is drawn white).  Render:  gnuplot @STEM@.gp   (writes
# @STEM@.png and @STEM@.svg; gnuplot -e "formats='png'" @STEM@.gp writes
# one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

# The title, centred on the picture (a long label or path may use its full width).
set label 1 @TITLE@ at screen 0.5, screen 0.975 center font "sans:Bold,18"
set tmargin 5
set xlabel "Job count"
set ylabel "@YLABEL@"
# Categories, a square each: the first row at the top, as in the table.
set xrange [-0.5:@NCOLS@ - 0.5]
set yrange [@NROWS@ - 0.5:-0.5]
set xtics (@XTICS@)
set ytics (@YTICS@)
set tics scale 0
unset key
unset grid
set border 0
# A sequential palette: light for few IOPS, dark for many.
set palette defined (@PALETTE@)
set cblabel "IOPS@CBNOTE@" offset 2, 0
set format cb "%.0s%c"
@CBAXIS@
set style fill solid 1.0 border lc rgb "white"
# A wider gap between block sizes.
@GROUPS@# Labels only where a row is tall enough for them (the .dat has them all).
labels = @LABELS@
# What a label's marks mean (no line when no cell has one).
@MARKS@

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size @WIDTH@,@HEIGHT@ noenhanced font "sans,14"
    } else {
        set terminal svg size @WIDTH@,@HEIGHT@ noenhanced font "sans,14" background "white"
    }
    set output sprintf("%s@STEM@.%s", sweep_tmp, fmt)
    plot '@STEM@.dat' using 1:2:(0.5):(0.5):3 with boxxy fillcolor palette notitle, \
         '' using 1:(labels && $5 == 0 ? $2 : NaN):4 with labels font "sans,13" tc rgb "@INK@" notitle, \
         '' using 1:(labels && $5 == 1 ? $2 : NaN):4 with labels font "sans,13" tc rgb "@INK_ON_DARK@" notitle
    unset output
}
