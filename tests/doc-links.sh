#!/bin/sh
# The README and doc/: every relative link and image leads to a file of the
# tree, and every #anchor to a heading of its page; the README stays a first
# ten minutes (under 250 lines, no paragraph in a table row); each sweep
# command line in it takes only options its command's --help lists.
. "$top_srcdir/tests/common.sh"
cd "$top_srcdir" || exit 1
for c in run plan report import compare; do
	"$SWEEP" "$c" --help >"$T/$c.help" || fail "sweep $c --help"
done
"$PY" - "$T" README.md HACKING.md doc/*.md <<'PYEOF' || exit 1
import os, re, sys
tmp, pages = sys.argv[1], sys.argv[2:]
bad = []

def slug(h):
    h = re.sub(r"[`*_]", "", h.strip().lower())
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")

def anchors(path):
    out, fence = set(), False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            fence = not fence
        m = re.match(r"^#{1,6} +(.*?) *#*$", line)
        if m and not fence:
            out.add(slug(m.group(1)))
    return out

links = 0
for page in pages:
    text = open(page, encoding="utf-8").read()
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"^[a-z]+:", target):
            continue
        links += 1
        path, _, frag = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
        if not os.path.exists(dest):
            bad.append("%s: %s: no such file" % (page, target))
        elif frag and dest.endswith(".md") and frag not in anchors(dest):
            bad.append("%s: %s: no heading #%s in %s" % (page, target, frag, dest))

readme = open("README.md", encoding="utf-8").read().split("\n")
if len(readme) >= 250:
    bad.append("README.md: %d lines; the rest belongs in doc/" % len(readme))
for n, line in enumerate(readme, 1):
    if line.startswith("|") and len(line) > 200:
        bad.append("README.md:%d: a table row of %d characters" % (n, len(line)))
    m = re.match(r"^    (sweep .*)", line)
    if not m:
        continue
    words = m.group(1).split("#")[0].split()
    cmd = words[1] if len(words) > 1 and not words[1].startswith("-") else "run"
    helptext = open(os.path.join(tmp, cmd + ".help")).read()
    for w in words:
        if w.startswith("-") and w not in ("-", "--"):
            opt = w.split("=")[0]
            if not re.search(r"(^|[ ,])%s([ ,]|$)" % re.escape(opt), helptext, re.M):
                bad.append("README.md:%d: %s: not in sweep %s --help" % (n, opt, cmd))
if bad:
    print("FAIL: " + "\n".join(bad))
    sys.exit(1)
print("ok: %d relative links in %d pages lead to files and headings; README %d lines; "
      "its sweep command lines take their commands' options" % (links, len(pages), len(readme)))
PYEOF
grep -q 'exit status 3' README.md && grep -q '/usr/local/bin/sweep' README.md &&
    grep -q '\./src/sweep' README.md || fail "README does not say where sweep is or what a failed check exits"
ok "README: where sweep is after set-up, and setup.sh check's exit status"
exit 0
