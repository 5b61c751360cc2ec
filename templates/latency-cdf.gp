# sweep chart: the latency distribution of each queue depth at one block
# size, from the percentiles results.json stores of each cell's latency
# histogram (min, p50, p90, p99, p99.9, p99.99, max; io/hist.c: 0.39% at
# most off).  x: completion latency (log scale); y: the share of I/Os
# done by then, on a scale of nines (90%, 99%, 99.9% ... equally apart), so
# that the tail shows.  A curve that climbs steeply to the p50 and then
# runs flat far to the right is two populations: most I/Os fast, a few
# far slower.  Colour: mode (the same in every sweep chart); dash and
# marker: depth.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it.  Render:  gnuplot @STEM@.gp   (writes @STEM@.png and @STEM@.svg;
# gnuplot -e "formats='png'" @STEM@.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

set tmargin 6
set xlabel "@XLABEL@"
set ylabel "Share of I/Os completed (scale of nines)"
set logscale x 10
set format x "%g"
set xrange @XRANGE@
set xtics @XTICS@
set yrange [0:5.4]
set ytics (@YTICS@)
set grid xtics ytics mxtics
set key below center horizontal Left reverse samplen 3 width 1 height 1 maxcols 4

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
