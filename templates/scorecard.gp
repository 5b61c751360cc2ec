# sweep scorecard: the tests people paste into tickets, in the layout of
# CrystalDiskMark: SEQ 1M Q8, SEQ 1M Q1, RND 4K Q32 and RND 4K Q1, read and
# write, each in MB/s and IOPS (p99 latency on the 4K tiles).  A tile whose
# own cell the run did not measure shows the nearest cell it did, in a
# dashed box that says which ("Q32 for Q8"); with none near, "not
# measured".  Border colour: the mode (the same in every sweep chart).
# Made from a template in sweep's templates/ with values from results.json;
# the figures are in @STEM@.dat.  Render:  gnuplot @STEM@.gp   (writes
# @STEM@.png and @STEM@.svg; gnuplot -e "formats='png'" @STEM@.gp writes one).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

set label @TITLE@ at screen 0.5, screen 1 - 25.2 / @HEIGHT@ center font "@TITLE_FONT@"
unset border
unset tics
unset key
set lmargin at screen 0
set rmargin at screen 1
set bmargin at screen 0
set tmargin at screen 1
set xrange [0:1]
set yrange [0:1]
@OBJECTS@

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1100,@HEIGHT@ noenhanced font "sans,14"
    } else {
        set terminal svg size 1100,@HEIGHT@ noenhanced font "sans,14" background "white"
    }
    set output sprintf("%s@STEM@.%s", sweep_tmp, fmt)
    plot -1 notitle
    unset output
}
