# sweep chart: latency against load, open loop (--rate): per workload its
# p99 (solid), p50 (dashed) and p99.9 (dotted) latency, timed from when each
# I/O was due, against the IOPS each rate achieved; the vertical line is the
# workload's cap (the best IOPS of its closed-loop cells).  Where the lines
# turn up the volume queues; past the cap the schedule falls behind and the
# latency is the backlog's.  Colour: workload.
# Made from a template in sweep's templates/ with values from results.json;
# data beside it (a block per workload: achieved IOPS, p50, p99, p99.9 in
# ms).  Render:  gnuplot @STEM@.gp   (writes @STEM@.png and @STEM@.svg;
# gnuplot -e "formats='png'" @STEM@.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""
set encoding utf8

# The title, centred on the picture (a long label or path may use its full width).
set label 1 @TITLE@ at screen 0.5, screen 0.965 center font "sans:Bold,16"
set tmargin 5
set xlabel "IOPS achieved"
set ylabel "Latency from the due time (ms, log scale)"
set logscale y 10
set format x "%.0f"
set format y "%g"
set grid xtics ytics mytics
set key outside right top vertical
set xrange [0:@XMAX@]
set yrange [@YMIN@:@YMAX@]
# The caps: a dashed grey line each, labelled.
@CAPS@

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1400,800 noenhanced font "sans,14"
    } else {
        set terminal svg size 1400,800 noenhanced font "sans,14" background "white"
    }
    set output sprintf("%s@STEM@.%s", sweep_tmp, fmt)
    plot @PLOT@
    unset output
}
