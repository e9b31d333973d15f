#!/usr/bin/env python3
"""Response times of every request of `yusec lsp` on a large source (issue 35: each under
100 ms on a 10,000-line source). Generates bench/compile/gen.py's `mixed` shape at the sizes
given (lines counted after generation), opens it, and sends each request REPEAT times, each
time right after a change (the server indexes the document again) and once more unchanged
(the server's cached index); prints a table of the median times per request and size, in
milliseconds.

    bench_lsp.py YUSEC SOURCE_DIR [--lines 2500,10000] [--repeat 5] [--smoke]

CPU time is the server's (what the request costs); wall time adds the JSON round trip through the
pipe and the wait for a core on a busy machine (what an editor sees). No timing is
asserted: the machine is shared and a timed assertion would flake. With --smoke (ctest
`editors.lsp_bench`) it runs a 200-line source once and checks that every request is answered
without an error — the guard that keeps this script working; the request list is the same one
the timings use.
"""
import argparse
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from test_lsp import Client, check, initialize, open_doc, uri_of  # noqa: E402
from test_lsp_navigation import position_of  # noqa: E402


def source_of(source_dir, lines):
    """A `mixed` source of about `lines` lines (gen.py's N scaled until it has at least that many)."""
    sys.path.insert(0, os.path.join(source_dir, "bench", "compile"))
    import gen  # noqa: E402
    n = max(8, lines // 4)
    while True:
        text = gen.generate("mixed", n)
        if text.count("\n") >= lines:
            return text
        n = n * 5 // 4 + 1


def requests(uri, text):
    """(label, method, params) of every request, at positions the generated source has."""
    doc = {"uri": uri}
    local = position_of(text, "「序」", 3)          # a 令 binding's use
    function = position_of(text, "「函甲0」", 0)     # a top-level function
    call = position_of(text, "「写数组」于", 0, 6)    # inside a builtin call's arguments
    last = text.count("\n")
    whole = {"start": {"line": 0, "character": 0}, "end": {"line": last, "character": 0}}
    return [
        ("semanticTokens/full", "textDocument/semanticTokens/full", {"textDocument": doc}),
        ("hover", "textDocument/hover", {"textDocument": doc, "position": local}),
        ("definition", "textDocument/definition", {"textDocument": doc, "position": function}),
        ("references", "textDocument/references",
         {"textDocument": doc, "position": function, "context": {"includeDeclaration": True}}),
        ("documentHighlight", "textDocument/documentHighlight", {"textDocument": doc, "position": local}),
        ("prepareRename", "textDocument/prepareRename", {"textDocument": doc, "position": function}),
        ("rename", "textDocument/rename", {"textDocument": doc, "position": function, "newName": "新函"}),
        ("documentSymbol", "textDocument/documentSymbol", {"textDocument": doc}),
        ("completion", "textDocument/completion", {"textDocument": doc, "position": local}),
        ("signatureHelp", "textDocument/signatureHelp", {"textDocument": doc, "position": call}),
        ("workspace/symbol", "workspace/symbol", {"query": "函"}),
        ("foldingRange", "textDocument/foldingRange", {"textDocument": doc}),
        ("formatting", "textDocument/formatting",
         {"textDocument": doc, "options": {"tabSize": 4, "insertSpaces": True}}),
        ("rangeFormatting", "textDocument/rangeFormatting",
         {"textDocument": doc, "range": whole, "options": {"tabSize": 4, "insertSpaces": True}}),
        ("codeAction", "textDocument/codeAction",
         {"textDocument": doc, "range": whole, "context": {"diagnostics": []}}),
        ("inlayHint", "textDocument/inlayHint", {"textDocument": doc, "range": whole}),
        ("prepareCallHierarchy", "textDocument/prepareCallHierarchy", {"textDocument": doc, "position": function}),
    ]


def call_hierarchy_requests(client, uri, text):
    """incomingCalls and outgoingCalls of the items prepareCallHierarchy gives for 「函甲0」 (a
    function the kernel calls) and for the kernel 「核函甲」 (which calls many)."""
    out = []
    for needle in ("「函甲0」", "「核函甲」"):
        answer = client.request("textDocument/prepareCallHierarchy",
                                {"textDocument": {"uri": uri}, "position": position_of(text, needle, 0)})
        check(answer.get("result"), f"prepareCallHierarchy {needle}: {answer}")
        item = answer["result"][0]
        out.append(("incomingCalls " + needle, "callHierarchy/incomingCalls", {"item": item}))
        out.append(("outgoingCalls " + needle, "callHierarchy/outgoingCalls", {"item": item}))
    return out


def cpu_ms(pid):
    """CPU time (user + system) of the server process so far, threads that ended included
    (/proc/PID/stat, clock ticks of 10 ms): unlike wall time it does not count the time spent
    waiting for a core on a busy machine. The diagnostics worker is idle while the requests run
    (the document does not change), so the difference is the request's time."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def touch(client, uri, text, version):
    """A change that leaves the text as it was (a space added at the end, then removed): the
    server's cached indexes are dropped, so the next request is one right after an edit."""
    end = {"line": text.count("\n"), "character": len(text[text.rfind("\n") + 1:].encode("utf-16-le")) // 2}
    after = {"line": end["line"], "character": end["character"] + 1}
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
        {"range": {"start": end, "end": end}, "text": " "}, {"range": {"start": end, "end": after}, "text": ""}]})


def timed(client, label, method, params):
    """(wall ms, CPU ms) of one request."""
    start, cpu = time.perf_counter(), cpu_ms(client.proc.pid)
    answer = client.request(method, params)
    elapsed = ((time.perf_counter() - start) * 1000, cpu_ms(client.proc.pid) - cpu)
    check("result" in answer and answer["result"] is not None, f"{label}: {str(answer)[:300]}")
    return elapsed


def measure(yusec, source_dir, lines, repeat):
    """(lines, {label: {"cold": [(wall ms, CPU ms), …], "warm": […]}}) for one source size: cold
    right after a change (the document indexed again), warm when asked again unchanged. The
    debounce is set long so that no diagnostics compile runs while the requests are timed."""
    text = source_of(source_dir, lines)
    client = Client([yusec, "lsp"])
    initialize(client, {"debounceMs": 10000, "debounceMaxMs": 60000})
    uri = uri_of(os.path.join(source_dir, "bench", "生成。着色器。豫"))
    open_doc(client, uri, text)
    version = 1
    times = {}
    for label, method, params in requests(uri, text) + call_hierarchy_requests(client, uri, text):
        runs = times.setdefault(label, {"cold": [], "warm": []})
        for _ in range(repeat):
            version += 1
            touch(client, uri, text, version)
            runs["cold"].append(timed(client, label, method, params))
            runs["warm"].append(timed(client, label, method, params))
    client.request("shutdown", None)
    client.notify("exit", None)
    client.finish(0)
    return text.count("\n"), times


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("yusec")
    ap.add_argument("source_dir")
    ap.add_argument("--lines", default="2500,10000")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--smoke", action="store_true")
    args = ap.parse_args()
    sizes = [int(s) for s in args.lines.split(",")]
    if args.smoke:
        sizes, args.repeat = [200], 1
    results = [measure(args.yusec, args.source_dir, lines, args.repeat) for lines in sizes]
    print("| request | " + " | ".join(f"{n:,} lines: CPU ms after a change | again | wall ms after a change"
                                    for n, _ in results) + " |")
    print("|" + "---|" * (1 + 3 * len(results)))
    for label in results[0][1]:
        cells = []
        for _, t in results:
            cold, warm = t[label]["cold"], t[label]["warm"]
            cells += [f"{statistics.median(c for _, c in cold):.0f}", f"{statistics.median(c for _, c in warm):.0f}",
                      f"{statistics.median(w for w, _ in cold):.0f}"]
        print(f"| {label} | " + " | ".join(cells) + " |")
    print("lsp bench: ok" if args.smoke else "lsp bench: done")


if __name__ == "__main__":
    main()
