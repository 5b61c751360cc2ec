# sweep compare chart: a heat map of one mode's IOPS ratio, each run over
# the first, by block size (rows) and queue depth x jobs (columns), a
# panel per run after the first.  The colour diverges from 1.00x on a log2
# scale: blue where the run has more IOPS than the first, red where it has
# fewer, white within 5% (a tie); each square's label is its ratio with
# the caveat marks of both cells; a cell a run lacks says "missing".  At one
# block size and depth the MiB/s ratio is the IOPS ratio.
# Made from a template in sweep's templates/ with the runs' figures; data
# beside it (a block per panel, a row per square: column, row, log2 of the
# ratio or NaN, label, its ink: 0 black, 1 white, 2 grey for a cell a run lacks, then the ratio).
# Render:  gnuplot @STEM@.gp   (writes @STEM@.png and @STEM@.svg;
# gnuplot -e "formats='png'" @STEM@.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

# The title, centred on the picture (a long label or path may use its full width).
set label 1 @TITLE@ at screen 0.5, screen @TITLEY@ center font "sans:Bold,16"
set label 3 @SUBTITLE@ at screen 0.5, screen @SUBTITLEY@ center font "sans,13"
set xlabel "Queue depth"
set ylabel "Block size"
# Categories, a square each: the smallest block size at the top.
set xrange [-0.5:@NCOLS@ - 0.5]
set yrange [@NROWS@ - 0.5:-0.5]
set xtics (@XTICS@)
set ytics (@YTICS@)
set tics scale 0
unset key
unset grid
set border 0
# A diverging palette centred on 1.00x (log2 of the ratio 0), white over the tie band.
@CBAXIS@set cblabel "IOPS ratio (log2 scale)" offset 1, 0
set style fill solid 1.0 border lc rgb "white"
# What a label's marks mean (no line when no cell has one).
@MARKS@
do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size @WIDTH@,@HEIGHT@ noenhanced font "sans,14"
    } else {
        set terminal svg size @WIDTH@,@HEIGHT@ noenhanced font "sans,14" background "white"
    }
    set output sprintf("%s@STEM@.%s", sweep_tmp, fmt)
    set multiplot @MULTIPLOT@
@PANELS@    unset multiplot
    unset output
}
