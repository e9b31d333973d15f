#!/usr/bin/env python3
"""The stage libraries link only down the pipeline (CMakeLists.txt): base <- ir <- frontend,
passes, targets, exec, runtime <- lib. A library linking one beside or above it (targets
linking passes, say) is a back-edge the source layering does not have and fails this check.

Usage: check_stage_links.py STAGE_LINKS  (the file test/CMakeLists.txt generates: one line
"stage: dep;dep;..." per stage library, its LINK_LIBRARIES)."""
import sys

BELOW_THE_STAGES = {"yusec_ir", "yusec_base"}
ALLOWED = {
    "yusec_base": set(),
    "yusec_ir": {"yusec_base"},
    "yusec_frontend": BELOW_THE_STAGES,
    "yusec_passes": BELOW_THE_STAGES,
    "yusec_targets": BELOW_THE_STAGES,
    "yusec_exec": BELOW_THE_STAGES,
    "yusec_runtime": BELOW_THE_STAGES,
    "yusec_lib": BELOW_THE_STAGES | {"yusec_frontend", "yusec_passes", "yusec_targets", "yusec_runtime", "yusec_exec"},
}


def parse(text):
    links = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        stage, _, deps = line.partition(":")
        links[stage.strip()] = {d.strip() for d in deps.split(";") if d.strip().startswith("yusec_")}
    return links


def back_edges(links):
    problems = []
    for stage in sorted(ALLOWED):
        if stage not in links:
            problems.append(f"{stage}: missing from the generated link table")
            continue
        for dep in sorted(links[stage] - ALLOWED[stage]):
            problems.append(f"{stage} links {dep}, which is not below it")
    return problems


def main():
    # The check itself: a planted targets -> passes edge is reported.
    planted = parse("\n".join(f"{s}: {';'.join(sorted(d))}" for s, d in ALLOWED.items()))
    planted["yusec_targets"].add("yusec_passes")
    assert back_edges(planted) == ["yusec_targets links yusec_passes, which is not below it"], back_edges(planted)
    with open(sys.argv[1], encoding="utf-8") as f:
        problems = back_edges(parse(f.read()))
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
