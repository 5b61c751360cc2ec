# sweep compare chart: p99 completion latency vs block size, for each run and
# mode at its lowest queue depth.  Colour: run; dash: mode; marker: queue depth.
# Made from a template in sweep's templates/ with the runs' figures; data
# beside it.  Render:  gnuplot @STEM@.gp   (writes @STEM@.png and @STEM@.svg;
# gnuplot -e "formats='png'" @STEM@.gp writes one of them).
if (!exists("formats")) formats = "png svg"
if (!exists("sweep_tmp")) sweep_tmp = ""

set title @TITLE@
set xlabel "Block size (log2 scale)"
set ylabel "p99 completion latency (microseconds, log scale)"
set logscale x 2
set logscale y 10
set xrange @XRANGE@
set xtics (@XTICS@)
set grid xtics ytics mytics
set key outside right top vertical box

do for [fmt in formats] {
    if (fmt eq "png") {
        set terminal pngcairo size 1200,800 noenhanced font "sans,10"
    } else {
        set terminal svg size 1200,800 noenhanced font "sans,10" background "white"
    }
    set output sprintf("%s@STEM@.%s", sweep_tmp, fmt)
    plot @PLOT@
    unset output
}
