"""PTX-text experiment: the run of conditional branches on one predicate after the K loop's
barrier (one per next-tile fragment load) merged into one branch around all the loads."""
import re, sys
lines = open(sys.argv[1]).read().split("\n")
bars = [i for i, l in enumerate(lines) if l.strip() == "bar.sync \t0;"]
i = bars[-1]
while not re.match(r"\s*@%p\d+ bra", lines[i]): i += 1
pred = re.match(r"\s*@(%p\d+) bra", lines[i]).group(1)
start = i
j = start
while not lines[j].strip().startswith("bra.uni"): j += 1
final = re.search(r"(\$L__BB\d+_\d+)", lines[j]).group(1)
unguarded, guarded = [], []
guard = False
for l in lines[start:j]:
    s = l.strip()
    if s.startswith("@%s bra" % pred): guard = True; continue
    if re.match(r"\$L__BB\d+_\d+:", s): guard = False; continue
    (guarded if guard else unguarded).append(l)
out = lines[:start] + unguarded + ["\t@%s bra \t%s;" % (pred, final)] + guarded + [lines[j]] + lines[j+1:]
open(sys.argv[2], "w").write("\n".join(out))
print(len(guarded), len(unguarded), file=sys.stderr)
