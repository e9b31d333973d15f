#!/usr/bin/env python3
"""LSP test client for `yusec lsp` (issue 19, docs/editor.md). Starts the server over stdio and
checks the protocol on real samples: initialize, the lifecycle's errors, diagnostics with
UTF-16 ranges (a name outside the BMP), incremental changes, the keyword table's words shown
alike by the TextMate grammar and the semantic tokens, the debounce, unparsable text,
malformed messages (the message after a header without Content-Length is read), 20,000
diagnostics, the debounce's maximum delay under changes that never pause, cancellation, shutdown and exit. Every read has a timeout: a server that
does not answer fails the test instead of hanging it.

  test_lsp.py YUSEC EXAMPLES_DIR            the protocol checks
  test_lsp.py YUSEC EXAMPLES_DIR --fuzz N   N random edits of a sample (seed 19): the server
                                            answers throughout and exits 0 (under ASan a leak
                                            or an error fails the exit status)
"""
import json
import os
import queue
import random
import re
import subprocess
import sys
import threading
import time
import urllib.parse

TIMEOUT = 60  # seconds for any one answer (the ASan build compiles slowly)


class Client:
    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 1
        self.inbox = queue.Queue()
        self.pending = []  # messages read while waiting for another
        self.arrivals = {}  # id(message) → time.perf_counter() when its last byte was read
        threading.Thread(target=self._reader, daemon=True).start()

    def _reader(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.inbox.put(None)
                    return
                if line in (b"\r\n", b"\n"):
                    break
                key, _, value = line.decode("ascii").partition(":")
                if key.strip().lower() == "content-length":
                    length = int(value)
            body = out.read(length)
            arrived = time.perf_counter()
            message = json.loads(body.decode("utf-8"))
            if isinstance(message, dict):
                self.arrivals[id(message)] = arrived
            self.inbox.put(message)

    def send_bytes(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    @staticmethod
    def frame(message):
        body = json.dumps(message, ensure_ascii=False).encode()
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    def send(self, message):
        self.send_bytes(self.frame(message))

    def read(self):
        if self.pending:
            return self.pending.pop(0)
        try:
            message = self.inbox.get(timeout=TIMEOUT)
        except queue.Empty:
            raise AssertionError(f"no message from the server within {TIMEOUT} s")
        if message is None:
            raise AssertionError("the server closed its output")
        return message

    def wait_for(self, match):
        """The next message for which match(message) holds; others are kept for later."""
        skipped = []
        try:
            while True:
                message = self.read()
                if match(message):
                    return message
                skipped.append(message)
        finally:
            self.pending = skipped + self.pending

    def response(self, rid):
        return self.wait_for(lambda m: m.get("id") == rid and "method" not in m)

    def request(self, method, params):
        rid = self.request_id(method, params)
        return self.response(rid)

    def request_id(self, method, params, send=True):
        rid = self.next_id
        self.next_id += 1
        if send:
            self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        return rid

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, uri):
        """The next publishDiagnostics for uri."""
        return self.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                             and m["params"]["uri"] == uri)["params"]

    def finish(self, expected_status):
        self.proc.stdin.close()
        try:
            status = self.proc.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise AssertionError("the server did not exit")
        check(status == expected_status, f"exit status {status}, expected {expected_status}")


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def uri_of(path):
    return "file://" + urllib.parse.quote(os.path.abspath(path))


def open_doc(client, uri, text, version=1):
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "yuyan", "version": version, "text": text}})


def change(client, uri, version, *changes):
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                             "contentChanges": list(changes)})


def errors(published):
    return [d for d in published["diagnostics"] if d["severity"] == 1]


def initialize(client, options=None):
    params = {"processId": None, "rootUri": None, "capabilities": {}}
    if options is not None:
        params["initializationOptions"] = options
    init = client.request("initialize", params)
    check("result" in init, init)
    client.notify("initialized", {})
    return init["result"]


def test_arguments(yusec):
    bad = subprocess.run([yusec, "lsp", "--bogus"], stdin=subprocess.DEVNULL, capture_output=True,
                         timeout=TIMEOUT)
    check(bad.returncode == 2, f"a bad argument: status {bad.returncode}")
    check("--bogus" in bad.stderr.decode(), bad.stderr)


def test_lifecycle_rules(yusec):
    client = Client([yusec, "lsp"])
    early = client.request("textDocument/semanticTokens/full", {"textDocument": {"uri": "file:///x"}})
    check(early["error"]["code"] == -32002, f"before initialize: {early}")
    result = initialize(client)
    caps = result["capabilities"]
    check(caps["textDocumentSync"]["change"] == 2, f"incremental sync: {caps}")
    check(caps["textDocumentSync"]["openClose"] is True, caps)
    check(result["serverInfo"]["name"] == "yusec", result)
    again = client.request("initialize", {"capabilities": {}})
    check(again["error"]["code"] == -32600, f"a second initialize: {again}")

    unknown = client.request("textDocument/unknownThing", {})
    check(unknown["error"]["code"] == -32601, unknown)
    client.notify("textDocument/unknownNotification", {})  # ignored, no answer
    client.send({"jsonrpc": "2.0", "id": 99, "method": 5})
    bad = client.response(99)
    check(bad["error"]["code"] == -32600, f"method not a string: {bad}")
    client.send_bytes(b"Content-Length: 9\r\n\r\n{not json")
    parse = client.wait_for(lambda m: m.get("id") is None and "error" in m)
    check(parse["error"]["code"] == -32700, f"malformed JSON: {parse}")
    client.send_bytes(b"Content-Type: x\r\n\r\n")
    frame = client.wait_for(lambda m: m.get("id") is None and "error" in m)
    check(frame["error"]["code"] == -32700, f"no Content-Length: {frame}")

    # $/cancelRequest reaching a request before it runs: RequestCancelled.
    rid = client.request_id("textDocument/unknownThing", {}, send=False)
    client.send_bytes(client.frame({"jsonrpc": "2.0", "id": rid, "method": "textDocument/unknownThing",
                                    "params": {}}) +
                      client.frame({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": rid}}))
    cancelled = client.response(rid)
    check(cancelled["error"]["code"] == -32800, f"cancelled: {cancelled}")

    shutdown = client.request("shutdown", None)
    check("result" in shutdown and shutdown["result"] is None, shutdown)
    after = client.request("textDocument/unknownThing", {})
    check(after["error"]["code"] == -32600, f"after shutdown: {after}")
    client.notify("exit", None)
    client.finish(0)

    # exit without shutdown: 1 (the protocol's rule); the end of the input without exit: 1.
    client = Client([yusec, "lsp"])
    initialize(client)
    client.notify("exit", None)
    client.finish(1)
    client = Client([yusec, "lsp"])
    initialize(client)
    client.finish(1)


def test_diagnostics(yusec, examples):
    client = Client([yusec, "lsp"])
    initialize(client)
    sample = os.path.join(examples, "加倍。着色器。豫")
    uri = uri_of(sample)
    text = open(sample, encoding="utf-8").read()
    open_doc(client, uri, text)
    published = client.diagnostics(uri)
    check(published["version"] == 1, published)
    check(not errors(published), f"加倍 has no errors: {errors(published)}")

    # An undefined name after a name outside the BMP: 𠀀 is one character, two UTF-16 units.
    broken = "「𠀀甲」乃「无三二」也。\n「𠀀甲」者「未定义」也。\n"
    change(client, uri, 2, {"text": broken})
    published = client.diagnostics(uri)
    check(published["version"] == 2, published)
    undefined = [d for d in published["diagnostics"] if "「未定义」" in d["message"]]
    check(undefined, f"no diagnostic names 「未定义」: {published['diagnostics']}")
    # 「 𠀀(2) 甲 」 者 → 「未定义」 starts at UTF-16 offset 6 and ends at 11.
    check(undefined[0]["range"]["start"] == {"line": 1, "character": 6}, undefined[0]["range"])
    check(undefined[0]["range"]["end"] == {"line": 1, "character": 11}, undefined[0]["range"])
    check(undefined[0]["severity"] == 1, undefined[0])
    check(undefined[0]["code"] == "Y0303", undefined[0])  # the catalogue entry (docs/diagnostics.md)

    # A lone CR ends a line as LF and CRLF do (issue 30.14): 「未定义」 is on line 3.
    change(client, uri, 2, {"text": "「𠀀甲」乃「无三二」也。\r\r\n「乙」乃「无三二」也。\r「𠀀甲」者「未定义」也。\n"})
    cr = [d for d in client.diagnostics(uri)["diagnostics"] if "「未定义」" in d["message"]]
    check(cr and cr[0]["range"]["start"] == {"line": 3, "character": 6}
          and cr[0]["range"]["end"] == {"line": 3, "character": 11}, f"lone CR: {cr}")
    change(client, uri, 2, {"text": broken})
    client.diagnostics(uri)

    # An incremental change in UTF-16 units: 「未定义」 (line 1, 6..11) becomes 「𠀀甲」.
    change(client, uri, 3, {"range": {"start": {"line": 1, "character": 6},
                                      "end": {"line": 1, "character": 11}}, "text": "「𠀀甲」"})
    published = client.diagnostics(uri)
    check(published["version"] == 3, published)
    check(not any("「未定义」" in d["message"] for d in published["diagnostics"]),
          f"the edit replaced 「未定义」: {published['diagnostics']}")

    # Debounce: three quick changes give one publication, for the last version.
    for version, body in ((4, "「甲」乃"), (5, "「甲」乃「无三"), (6, text)):
        change(client, uri, version, {"text": body})
    published = client.diagnostics(uri)
    check(published["version"] == 6, f"debounced publication is for version 6: {published['version']}")
    check(not errors(published), errors(published))

    # Unparsable text and a NUL byte never end the server.
    change(client, uri, 7, {"text": "「：「『（【乃\u0000"})
    published = client.diagnostics(uri)
    check(published["diagnostics"], "unparsable text has diagnostics")
    for d in published["diagnostics"]:
        check(d["range"]["start"]["line"] >= 0 and d["message"], d)

    # A request naming an old version: ContentModified; the current one: answered.
    stale = client.request("textDocument/semanticTokens/full", {"textDocument": {"uri": uri, "version": 6}})
    check(stale["error"]["code"] == -32801, f"an old version: {stale}")
    current = client.request("textDocument/semanticTokens/full", {"textDocument": {"uri": uri, "version": 7}})
    check("result" in current, current)
    # didSave checks the document again (files it imports may have changed on disk).
    client.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    check(client.diagnostics(uri)["version"] == 7, "didSave publishes again")

    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    closed = client.diagnostics(uri)
    check(closed["diagnostics"] == [], f"closing clears: {closed}")

    client.request("shutdown", None)
    client.notify("exit", None)
    client.finish(0)


def decode_tokens(text, data, legend):
    """The semantic tokens as (line, text, type, modifiers), their text cut out by UTF-16 units."""
    lines = text.split("\n")
    out, line, start = [], 0, 0
    for i in range(0, len(data), 5):
        delta_line, delta_start, length, kind, modifiers = data[i:i + 5]
        line += delta_line
        start = start + delta_start if delta_line == 0 else delta_start
        units = lines[line].encode("utf-16-le")
        check(2 * (start + length) <= len(units), f"token past the line's end: {data[i:i + 5]}")
        piece = units[2 * start:2 * (start + length)].decode("utf-16-le")
        mods = [m for b, m in enumerate(legend["tokenModifiers"]) if modifiers & (1 << b)]
        out.append((line, piece, legend["tokenTypes"][kind], mods))
    return out


def test_semantic_tokens(yusec, examples):
    client = Client([yusec, "lsp"])
    caps = initialize(client)["capabilities"]
    legend = caps["semanticTokensProvider"]["legend"]
    check(caps["semanticTokensProvider"]["full"] is True, caps)
    text = "「：注「：套：」\n跨行：」「𠀀甲」者「三二」加『字』会。\n"
    uri = "file:///tmp/%E8%AF%AD%E4%B9%89%E3%80%82%E7%9D%80%E8%89%B2%E5%99%A8%E3%80%82%E8%B1%AB"
    open_doc(client, uri, text)
    answer = client.request("textDocument/semanticTokens/full", {"textDocument": {"uri": uri}})
    tokens = decode_tokens(text, answer["result"]["data"], legend)
    expected = [(0, "「：注「：套：」", "comment", []), (1, "跨行：」", "comment", []),
                (1, "「𠀀甲」", "variable", []), (1, "者", "keyword", []), (1, "「三二」", "number", []),
                (1, "加", "operator", []), (1, "『字』", "string", []), (1, "会", "keyword", ["deprecated"])]
    check(tokens == expected, f"semantic tokens:\n{tokens}\nexpected\n{expected}")
    # Every sample: each token lies on its line, names are 「…」, strings 『…』.
    for name in sorted(os.listdir(examples)):
        if not name.endswith("。豫"):
            continue
        path = os.path.join(examples, name)
        sample = open(path, encoding="utf-8").read()
        sample_uri = uri_of(path)
        open_doc(client, sample_uri, sample)
        data = client.request("textDocument/semanticTokens/full",
                              {"textDocument": {"uri": sample_uri}})["result"]["data"]
        check(data, f"{name} has tokens")
        for line, piece, kind, _ in decode_tokens(sample, data, legend):
            if kind == "variable" or kind == "number":
                check(piece.startswith("「") and piece.endswith("」"), f"{name}:{line}: {kind} {piece!r}")
            if kind == "string":
                check(piece.startswith("『"), f"{name}:{line}: string {piece!r}")
    closed = client.request("textDocument/semanticTokens/full", {"textDocument": {"uri": "file:///未打开"}})
    check(closed["error"]["code"] == -32602, f"a document not open: {closed}")
    client.request("shutdown", None)
    client.notify("exit", None)
    client.finish(0)


GRAMMAR_SCOPES = {"keyword.other.yuyan": ("keyword", []), "keyword.operator.word.yuyan": ("operator", []),
                  "invalid.deprecated.retired.yuyan": ("keyword", ["deprecated"])}


def grammar_scope(grammar, word):
    """The scope the TextMate grammar's word patterns give `word` alone (the first pattern that
    matches at its start, as TextMate picks among patterns at one position), or None."""
    for pattern in grammar["repository"]["word"]["patterns"]:
        match = re.match(pattern["match"], word)
        if match:
            return pattern["name"] if match.group(0) == word else None
    return None


def test_word_classes(yusec, root):
    """Every word of the lexer's keyword table (frontend/token.h, read as editors/gen_grammar.py
    reads it) is shown alike by the committed TextMate grammar and the server's semantic tokens
    (yusec_tokenize): keyword, operator word, or retired word."""
    sys.path.insert(0, os.path.join(root, "editors"))
    import gen_grammar
    words = [spelling for spelling, _ in gen_grammar.read_keywords(os.path.join(root, "frontend", "token.h"))]
    check(len(words) > 40, f"the keyword table has {len(words)} words")
    with open(os.path.join(root, "editors", "vscode", "syntaxes", "yuyan.tmLanguage.json"), encoding="utf-8") as f:
        grammar = json.load(f)
    client = Client([yusec, "lsp"])
    legend = initialize(client)["capabilities"]["semanticTokensProvider"]["legend"]
    text = "\n".join(words) + "\n"
    uri = "file:///tmp/%E8%AF%8D%E7%B1%BB%E3%80%82%E7%9D%80%E8%89%B2%E5%99%A8%E3%80%82%E8%B1%AB"
    open_doc(client, uri, text)
    data = client.request("textDocument/semanticTokens/full", {"textDocument": {"uri": uri}})["result"]["data"]
    shown = {line: (kind, mods) for line, piece, kind, mods in decode_tokens(text, data, legend)
             if piece == words[line]}
    classes = set()
    for line, word in enumerate(words):
        scope = grammar_scope(grammar, word)
        check(scope in GRAMMAR_SCOPES, f"the grammar gives {word} the scope {scope}")
        check(shown.get(line) == GRAMMAR_SCOPES[scope],
              f"{word}: the grammar says {scope}, the semantic tokens {shown.get(line)}")
        classes.add(scope)
    check(classes == set(GRAMMAR_SCOPES), f"the table's words cover only {classes}")
    client.request("shutdown", None)
    client.notify("exit", None)
    client.finish(0)


def cli_output(yusec, path, flag):
    run = subprocess.run([yusec, flag, os.path.basename(path)], cwd=os.path.dirname(path),
                         capture_output=True, timeout=TIMEOUT)
    return run.stdout.decode("utf-8") if run.returncode == 0 else None


def test_show_output(yusec, examples):
    client = Client([yusec, "lsp"])
    caps = initialize(client)["capabilities"]
    check(caps["executeCommandProvider"]["commands"] == ["yusec.showOutput"], caps)
    sample = os.path.join(examples, "加倍。着色器。豫")
    uri = uri_of(sample)
    open_doc(client, uri, open(sample, encoding="utf-8").read())

    def show(*arguments):
        return client.request("workspace/executeCommand", {"command": "yusec.showOutput",
                                                           "arguments": list(arguments)})
    # The text is the command line's (which the goldens hold to Tint, clang and ptxas).
    for target, flag, language in (("wgsl", "-emit-wgsl", "wgsl"), ("msl", "-emit-msl", "metal"),
                                   ("yir", "-emit-ir", "yir"), ("ptx", "-emit-ptx", "ptx")):
        expected = cli_output(yusec, sample, flag)
        if expected is None and target == "ptx":
            continue  # no PTX plugin in this build
        answer = show(uri, target)["result"]
        check(answer["ok"] is True and answer["language"] == language, answer)
        check(answer["text"] == expected, f"{target} differs from yusec {flag}")
    with_version = show(uri, "wgsl", 1)
    check(with_version["result"]["ok"] is True, with_version)
    stale = show(uri, "wgsl", 0)
    check(stale["error"]["code"] == -32801, f"an old version: {stale}")
    check(show(uri, "hlsl")["error"]["code"] == -32602, "an unknown target")
    check(show("file:///未打开", "wgsl")["error"]["code"] == -32602, "a document not open")
    other = client.request("workspace/executeCommand", {"command": "yusec.other", "arguments": []})
    check(other["error"]["code"] == -32602, other)
    # A text that does not compile: ok false, the diagnostics as yusec prints them.
    change(client, uri, 2, {"text": "「甲」者「乙」也。\n"})
    failed = show(uri, "wgsl")["result"]
    check(failed["ok"] is False and ":1:" in failed["text"] and "^" in failed["text"], failed)
    client.request("shutdown", None)
    client.notify("exit", None)
    client.finish(0)


def test_target_settings(yusec, root):
    samples = os.path.join(root, "库", "点染", "测试", "样例")
    sampling = os.path.join(samples, "计算采样。着色器。豫")  # WGSL refuses textureSample in compute
    barrier = os.path.join(samples, "非一致屏障。着色器。豫")  # the uniformity analysis, with notes
    for rule, severity in (("error", 1), ("warning", 2), ("off", None)):
        client = Client([yusec, "lsp"])
        initialize(client, {"targetDiagnostics": rule})
        uri = uri_of(sampling)
        open_doc(client, uri, open(sampling, encoding="utf-8").read())
        found = [d for d in client.diagnostics(uri)["diagnostics"] if "textureSample" in d["message"]]
        if severity is None:
            check(not found, f"targetDiagnostics off: {found}")
        else:
            check(len(found) == 1 and found[0]["severity"] == severity and found[0]["source"] == "yusec WGSL",
                  f"targetDiagnostics {rule}: {found}")
            check(found[0]["range"]["start"] == {"line": 23, "character": 17}, found[0]["range"])
        # The uniformity analysis is every target's finding: an error whatever the rule, once.
        buri = uri_of(barrier)
        open_doc(client, buri, open(barrier, encoding="utf-8").read())
        found = [d for d in client.diagnostics(buri)["diagnostics"] if "一致控制流" in d["message"]]
        check(len(found) == 1 and found[0]["severity"] == 1 and found[0]["source"] == "yusec", found)
        check(found[0]["code"] == "Y0806", found)
        related = found[0]["relatedInformation"]
        check([r["location"]["range"]["start"] for r in related] ==
              [{"line": 8, "character": 1}, {"line": 7, "character": 8}], related)
        check(all(r["location"]["uri"] == buri for r in related), related)
        check("控制流取决于" in related[0]["message"], related)
        if rule == "error":  # didChangeConfiguration: checked again under the new rule
            client.notify("workspace/didChangeConfiguration", {"settings": {"yusec": {"targetDiagnostics": "off"}}})
            found = [d for d in client.diagnostics(uri)["diagnostics"] if "textureSample" in d["message"]]
            check(not found, f"after didChangeConfiguration: {found}")
        client.request("shutdown", None)
        client.notify("exit", None)
        client.finish(0)
    # targets: ["msl"] compiles MSL only, which accepts the sample.
    client = Client([yusec, "lsp"])
    initialize(client, {"targets": ["msl"]})
    uri = uri_of(sampling)
    open_doc(client, uri, open(sampling, encoding="utf-8").read())
    check(client.diagnostics(uri)["diagnostics"] == [], "MSL alone accepts 计算采样")
    client.request("shutdown", None)
    client.notify("exit", None)
    client.finish(0)


def test_subgroup_uniform_verdicts(yusec, root):
    """Issue 32: the uniformity analysis is one verdict for every target. A barrier under a
    subgroup vote is every target's error, published once as the source's; subgroup ops under
    the vote are accepted by every target (no uniformity diagnostic)."""
    samples = os.path.join(root, "库", "点染", "测试", "样例")
    client = Client([yusec, "lsp"])
    initialize(client)
    barrier = os.path.join(samples, "子组投票屏障。着色器。豫")
    uri = uri_of(barrier)
    open_doc(client, uri, open(barrier, encoding="utf-8").read())
    found = client.diagnostics(uri)["diagnostics"]
    check(len(found) == 1 and found[0]["source"] == "yusec" and found[0]["severity"] == 1 and
          "workgroupBarrier" in found[0]["message"] and found[0]["range"]["start"] == {"line": 9, "character": 3},
          found)
    check(any("只在子组之内一致" in r["message"] for r in found[0]["relatedInformation"]), found)
    branch = os.path.join(samples, "子组投票分支。着色器。豫")
    buri = uri_of(branch)
    open_doc(client, buri, open(branch, encoding="utf-8").read())
    check(client.diagnostics(buri)["diagnostics"] == [], "子组投票分支 is accepted by every target")
    client.request("shutdown", None)
    client.notify("exit", None)
    client.finish(0)


def test_debounce_maximum(yusec, examples):
    """Changes that never pause for the debounce time still get diagnostics, at most
    debounceMaxMs after the first change not yet published: 3 s of a change every 0.1 s with a
    0.4 s debounce and a 1 s maximum publish at least twice before the changes stop (without
    the maximum: not once)."""
    client = Client([yusec, "lsp"])
    initialize(client, {"debounceMs": 400, "debounceMaxMs": 1000})
    path = os.path.join(examples, "加倍。着色器。豫")
    text = open(path, encoding="utf-8").read()
    uri = uri_of(path)
    open_doc(client, uri, text)
    check(client.diagnostics(uri)["version"] == 1, "the opened text is published")
    version, start = 1, time.monotonic()
    while time.monotonic() - start < 3.0:
        version += 1
        change(client, uri, version, {"text": text + "\n" * (version % 2)})
        time.sleep(0.1)
    last = version
    published = client.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                                and m["params"]["uri"] == uri and m["params"]["version"] == last)
    check(not errors(published["params"]), published)
    during = [m["params"]["version"] for m in client.pending
              if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri]
    check(len(during) >= 2 and all(1 < v < last for v in during),
          f"publications while changes kept coming (versions 2…{last}): {during}")
    client.request("shutdown", None)
    client.notify("exit", None)
    client.finish(0)


def test_header_recovery(yusec):
    """A header without a good Content-Length followed by a body (of a length the server cannot
    know or will not read) and then a good message: ParseError for the bad one, and the good one
    is answered."""
    client = Client([yusec, "lsp"])
    initialize(client)
    lost = json.dumps({"jsonrpc": "2.0", "id": 900, "method": "textDocument/unknownThing"}).encode()
    good = client.frame({"jsonrpc": "2.0", "id": 901, "method": "textDocument/unknownThing"})
    # A Content-Length that is negative, overflows, is over the 64 MiB cap or not a plain
    # decimal number is refused like a missing one (issue 30.7: -1 made the server skip 2^63
    # bytes, losing every later message); the reason is in the ParseError and the client's log.
    lengths = (b"-1", b"18446744073709551616", b"99999999999999999999999999", b"4611686018427387904",
               b"67108865", b"+5", b"0x10", b"", b"12 13", b"\x00")
    for bad in ([b"Content-Type: application/vscode-jsonrpc\r\n\r\n" + lost,
                 b"Content-Length: twelve\r\n\r\n" + lost,
                 b"x" * 9000] +  # no header end within LSP_MAX_HEADER
                [b"Content-Length: " + length + b"\r\n\r\n" + lost for length in lengths]):
        client.send_bytes(bad + good)
        frame = client.wait_for(lambda m: m.get("id") is None and "error" in m)
        check(frame["error"]["code"] == -32700, f"a bad header: {frame}")
        log = client.wait_for(lambda m: m.get("method") == "window/logMessage")
        check(log["params"]["type"] == 1 and log["params"]["message"] == frame["error"]["message"], log)
        if bad.startswith(b"Content-Length: "):
            check("Content-Length" in frame["error"]["message"] and
                  ("超过上限 67108864" in frame["error"]["message"]) == (bad[16:].split(b"\r")[0] in lengths[1:5]),
                  f"the reason for {bad[:40]!r}: {frame['error']['message']}")
        answer = client.response(901)
        check(answer["error"]["code"] == -32601, f"the message after a bad header: {answer}")
    # The next header arriving in pieces after the bad one is found too.
    client.send_bytes(b"Foo: 1\r\n\r\n" + lost + good[:7])
    client.wait_for(lambda m: m.get("id") is None and "error" in m)
    time.sleep(0.2)
    client.send_bytes(good[7:])
    check(client.response(901)["error"]["code"] == -32601, "a header split across reads")
    client.request("shutdown", None)
    client.notify("exit", None)
    client.finish(0)


def test_robustness(yusec, examples):
    """Huge and deeply nested texts, requests with params of the wrong shape, a body over the
    64 MiB limit: answered, and the server goes on."""
    client = Client([yusec, "lsp"])
    initialize(client)

    def alive():
        answer = client.request("textDocument/unknownThing", {})
        check(answer["error"]["code"] == -32601, answer)
    sample = open(os.path.join(examples, "加倍。着色器。豫"), encoding="utf-8").read()
    huge = sample * (2 * 1024 * 1024 // len(sample.encode()) + 1)  # over 2 MiB
    uri = "file:///tmp/%E5%A4%A7%E3%80%82%E7%9D%80%E8%89%B2%E5%99%A8%E3%80%82%E8%B1%AB"
    open_doc(client, uri, huge)
    check(errors(client.diagnostics(uri)), "the repeated definitions of a huge text are errors")
    deep = "「甲」乃「无三二」也。\n「甲」者" + "（" * 20000 + "「一」" + "）" * 20000 + "也。\n"
    change(client, uri, 2, {"text": deep})
    check(client.diagnostics(uri)["diagnostics"], "nesting past the limit is an error")
    for method, params in (("textDocument/didOpen", {"textDocument": 5}),
                           ("textDocument/didOpen", None),
                           ("textDocument/didChange", {"textDocument": {"uri": uri}, "contentChanges": "x"}),
                           ("textDocument/didChange", {"textDocument": {"uri": uri, "version": "v"},
                                                       "contentChanges": [{"range": {"start": {"line": -5, "character": 10**12},
                                                                                     "end": {"line": 10**12}}, "text": "也"}, 7]}),
                           ("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                                       "contentChanges": [{"range": {"start": {"line": 10**6, "character": 0},
                                                                                     "end": {"line": 0, "character": 0}}, "text": "「"}]}),
                           ("workspace/didChangeConfiguration", {"settings": {"targets": "wgsl", "debounceMs": -3}}),
                           ("textDocument/didClose", {"textDocument": {"uri": 9}})):
        client.notify(method, params)
        alive()
    for method, params in (("textDocument/semanticTokens/full", None),
                           ("textDocument/semanticTokens/full", {"textDocument": []}),
                           # the message quoting a long URI is cut inside a character: still sent
                           ("textDocument/semanticTokens/full", {"textDocument": {"uri": "file:///a" + "豫" * 200}}),
                           ("workspace/executeCommand", {"command": "yusec.showOutput", "arguments": {}}),
                           ("workspace/executeCommand", None),
                           ("initialize", 3)):
        answer = client.request(method, params)
        check("error" in answer, f"{method} {params}: {answer}")
    client.send({"jsonrpc": "2.0", "id": {"an": "object"}, "method": "textDocument/unknownThing"})
    bad_id = client.wait_for(lambda m: m.get("id") is None and "error" in m)
    check(bad_id["error"]["code"] == -32600, bad_id)
    client.send_bytes(b"Content-Length: %d\r\n\r\n" % (65 * 1024 * 1024) + b" " * (65 * 1024 * 1024))
    oversized = client.wait_for(lambda m: m.get("id") is None and "error" in m)
    check(oversized["error"]["code"] == -32700, oversized)
    alive()
    client.request("shutdown", None)
    client.notify("exit", None)
    client.finish(0)


def published_before_answer(client, uri):
    """The publications for uri that the server sends before it answers a request sent now
    (it publishes every changed document in one go, before it reads the next message)."""
    rid = client.request_id("textDocument/foldingRange", {"textDocument": {"uri": uri}})
    client.response(rid)
    found = [m["params"] for m in client.pending if m.get("method") == "textDocument/publishDiagnostics"
             and m["params"]["uri"] == uri]
    client.pending = [m for m in client.pending if not (m.get("method") == "textDocument/publishDiagnostics"
                                                         and m["params"]["uri"] == uri)]
    return found


def test_importers_refreshed(yusec, root):
    """Issue 35: when an open module changes, every open document that imports it is checked
    again and published (it read the module's text); a document that does not import it is not."""
    client = Client([yusec, "lsp"])
    initialize(client, {"debounceMs": 0})
    package = os.path.join(root, "test", "modules", "重名")
    importer, module = os.path.join(package, "限定名。着色器。豫"), os.path.join(package, "几何", "甲。着色器。豫")
    other = os.path.join(root, "examples", "加倍。着色器。豫")
    uris = {}
    for path in (importer, module, other):
        uris[path] = uri_of(path)
        open_doc(client, uris[path], open(path, encoding="utf-8").read())
        check(not errors(client.diagnostics(uris[path])), f"{path} has no errors")
    for path in (importer, module, other):
        published_before_answer(client, uris[path])  # the publications of the opening
    text = open(module, encoding="utf-8").read()
    change(client, uris[module], 2, {"text": text.replace("「倍」", "「两倍」")})
    check(not errors(client.diagnostics(uris[module])), "甲 with 「两倍」 has no errors")
    again = published_before_answer(client, uris[importer])
    check(len(again) == 1 and any("倍" in d["message"] for d in errors(again[0])),
          f"the importer is checked again: 「甲」之「倍」 is gone: {again}")
    check(published_before_answer(client, uris[other]) == [], "加倍 does not import 甲")
    change(client, uris[module], 3, {"text": text})
    client.diagnostics(uris[module])
    again = published_before_answer(client, uris[importer])
    check(len(again) == 1 and not errors(again[0]), f"the importer is clean again: {again}")
    # closing the module: the importer reads the file on disk again
    change(client, uris[module], 4, {"text": text.replace("「倍」", "「两倍」")})
    client.diagnostics(uris[module])
    check(errors(published_before_answer(client, uris[importer])[0]), "the importer sees the open text")
    client.notify("textDocument/didClose", {"textDocument": {"uri": uris[module]}})
    check(client.diagnostics(uris[module])["diagnostics"] == [], "the closed module's diagnostics are cleared")
    # the close publishes the module at once; the importer with the next round of dirty documents,
    # which a request already waiting in the pipe may precede (the CI machine): wait for it
    again = client.diagnostics(uris[importer])
    check(not errors(again), f"after didClose the importer reads the disk: {again}")
    check(published_before_answer(client, uris[importer]) == [], "the importer is published once")
    client.request("shutdown", None)
    client.notify("exit", None)
    client.finish(0)


def test_many_diagnostics(yusec):
    """20,000 warnings (a bidi control on each line): published within the read timeout. Each
    diagnostic's column was counted from the text's start and each was compared with every one
    published before it — minutes; linear now, a few seconds (issue 30.8, the same pattern)."""
    client = Client([yusec, "lsp"])
    initialize(client, {"targets": ["wgsl"]})
    lines = 20000
    text = "寻观「点染」之「点染本」之书。\n" + "「：\u202e注：」\n" * lines
    uri = "file:///tmp/%E5%8F%8C%E5%90%91%E3%80%82%E7%9D%80%E8%89%B2%E5%99%A8%E3%80%82%E8%B1%AB"
    open_doc(client, uri, text)
    warnings = [d for d in client.diagnostics(uri)["diagnostics"] if "双向文字控制字符" in d["message"]]
    check(len(warnings) == lines, f"{len(warnings)} bidi warnings, expected {lines}")
    check(warnings[-1]["range"] == {"start": {"line": lines, "character": 2}, "end": {"line": lines, "character": 3}},
          warnings[-1]["range"])
    client.request("shutdown", None)
    client.notify("exit", None)
    client.finish(0)


def position_of(text, at):
    """The LSP position of code point `at` of text."""
    prefix = text[:at]
    line_start = prefix.rfind("\n") + 1
    return {"line": prefix.count("\n"), "character": len(prefix[line_start:].encode("utf-16-le")) // 2}


def fuzz(yusec, examples, edits):
    """Random edits of 加倍, most of them incremental (ranges in UTF-16 units, across names
    outside the BMP), some replacing the whole text. Every tenth edit waits for that version's
    diagnostics and checks the semantic tokens against the client's copy of the text."""
    rng = random.Random(19)
    sample = os.path.join(examples, "加倍。着色器。豫")
    text = open(sample, encoding="utf-8").read()
    alphabet = list("「」『』（）【】，。；：乃也者令为而若则否则递归令加于之 \n甲乙零一") + ["𠀀", "\u0000", "\ufffd", "「：", "：」"]
    client = Client([yusec, "lsp"])
    legend = initialize(client, {"debounceMs": 20})["capabilities"]["semanticTokensProvider"]["legend"]
    uri = uri_of(sample)
    open_doc(client, uri, text)
    current = text
    for version in range(2, edits + 2):
        at = rng.randrange(len(current) + 1)
        end = min(len(current), at + rng.randrange(0, 8))
        inserted = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 6)))
        if rng.randrange(20) == 0:  # the whole text: the sample again, or a cut
            current = text if rng.randrange(2) == 0 else current[:at]
            change(client, uri, version, {"text": current})
        else:
            change(client, uri, version, {"range": {"start": position_of(current, at), "end": position_of(current, end)},
                                          "text": inserted})
            current = current[:at] + inserted + current[end:]
        if version % 10 == 0:
            client.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                            and m["params"]["version"] == version)
            data = client.request("textDocument/semanticTokens/full", {"textDocument": {"uri": uri}})
            check("result" in data, data)
            for line, piece, kind, _ in decode_tokens(current, data["result"]["data"], legend):
                opening = {"variable": "「", "number": "「", "string": "『", "comment": None}.get(kind)
                check(opening is None or piece.startswith(opening),
                      f"version {version}, line {line}: {kind} {piece!r} (the server's text differs?)")
    client.request("shutdown", None)
    client.notify("exit", None)
    client.finish(0)


def apply_edits(text, edits):
    """The text after LSP TextEdits (UTF-16 positions; lines end at \\n, \\r\\n or \\r)."""
    starts = [0] + [m.end() for m in re.finditer(r"\r\n|\n|\r", text)]

    def offset(position):
        line_start = starts[position["line"]] if position["line"] < len(starts) else len(text)
        units, at = 0, line_start
        while units < position["character"] and at < len(text) and text[at] not in "\r\n":
            units += 2 if ord(text[at]) > 0xFFFF else 1
            at += 1
        return at

    spans = sorted(((offset(e["range"]["start"]), offset(e["range"]["end"]), e["newText"]) for e in edits),
                   reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def test_formatting(yusec, root):
    """textDocument/formatting and rangeFormatting give yusec fmt's layout (issue 35 item 1)."""
    client = Client([yusec, "lsp"])
    caps = initialize(client)["capabilities"]
    check(caps.get("documentFormattingProvider") is True, f"formatting advertised: {caps}")
    check(caps.get("documentRangeFormattingProvider") is True, f"range formatting advertised: {caps}")
    folder = os.path.join(root, "test", "format")
    messy = open(os.path.join(folder, "杂乱。着色器。豫"), encoding="utf-8", newline="").read()
    canonical = open(os.path.join(folder, "杂乱。期望"), encoding="utf-8", newline="").read()
    uri = uri_of(os.path.join(folder, "杂乱。着色器。豫"))
    open_doc(client, uri, messy)
    options = {"tabSize": 4, "insertSpaces": True}
    edits = client.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": options})["result"]
    check(apply_edits(messy, edits) == canonical, f"formatting gives 杂乱。期望: {edits}")
    open_doc(client, uri + "2", canonical)
    edits = client.request("textDocument/formatting", {"textDocument": {"uri": uri + "2"}, "options": options})
    check(edits["result"] == [], f"a canonical document: no edits: {edits}")
    # range: the lines of 「分类」's body (lines 15..17) get their layout, the others stay
    lines = messy.splitlines(keepends=True)
    body = range(15, 18)
    edits = client.request("textDocument/rangeFormatting",
                           {"textDocument": {"uri": uri}, "options": options,
                            "range": {"start": {"line": 15, "character": 3}, "end": {"line": 17, "character": 0}}})
    ranged = apply_edits(messy, edits["result"]).splitlines(keepends=True)
    check(len(ranged) == len(lines), "range formatting keeps the lines")
    want = {line.strip("\u3000 \t\r\n"): line.rstrip("\n") for line in canonical.splitlines()}
    for number, (before, after) in enumerate(zip(lines, ranged)):
        if number in body:
            check(after.rstrip("\r\n") == want[before.strip("\u3000 \t\r\n")],
                  f"line {number} formatted: {after!r}")
        else:
            check(after == before, f"line {number} outside the range kept: {after!r}")
    open_doc(client, uri + "3", "「甲」者「乙」\n")
    broken = client.request("textDocument/formatting", {"textDocument": {"uri": uri + "3"}, "options": options})
    check(broken["result"] is None, f"a document that does not parse: null: {broken}")
    client.request("shutdown", None)
    client.notify("exit", None)
    client.finish(0)


def test_no_plugin_for_requests(yusec, examples):
    """No request loads PTX's plugin (and the LLVM it links): initialize and the navigation
    requests leave it unloaded; the first compile for diagnostics asks for it (the default
    targets add PTX when it loads), so it is mapped then where it was built."""
    if not os.path.exists("/proc/self/maps"):
        return
    sample = os.path.join(examples, "加倍。着色器。豫")
    text = open(sample, encoding="utf-8").read()
    plugin = os.path.join(os.path.dirname(yusec), "libyusec-ptx.so")

    def plugin_mapped(client):
        with open(f"/proc/{client.proc.pid}/maps") as f:
            return "libyusec-ptx" in f.read()

    client = Client([yusec, "lsp"])
    initialize(client, {"debounceMs": 10000, "debounceMaxMs": 60000})
    check(not plugin_mapped(client), "initialize loaded the PTX plugin")
    uri = uri_of(sample)
    open_doc(client, uri, text)
    for method in ("textDocument/semanticTokens/full", "textDocument/documentSymbol", "textDocument/foldingRange"):
        check("result" in client.request(method, {"textDocument": {"uri": uri}}), method)
    check(not plugin_mapped(client), "a request loaded the PTX plugin")
    client.request("shutdown", None)
    client.notify("exit", None)
    client.finish(0)
    if os.path.exists(plugin):
        client = Client([yusec, "lsp"])
        initialize(client, {"debounceMs": 0})
        open_doc(client, uri, text)
        client.diagnostics(uri)
        check(plugin_mapped(client), "the first diagnostics compile did not ask for the PTX plugin")
        client.request("shutdown", None)
        client.notify("exit", None)
        client.finish(0)


def main():
    if len(sys.argv) not in (3, 5):
        sys.exit(__doc__)
    yusec, examples = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    if len(sys.argv) == 5 and sys.argv[3] == "--fuzz":
        fuzz(yusec, examples, int(sys.argv[4]))
        print(f"lsp fuzz: {sys.argv[4]} edits, ok")
        return
    test_arguments(yusec)
    test_lifecycle_rules(yusec)
    test_diagnostics(yusec, examples)
    test_importers_refreshed(yusec, os.path.dirname(examples))
    test_robustness(yusec, examples)
    test_many_diagnostics(yusec)
    test_debounce_maximum(yusec, examples)
    test_header_recovery(yusec)
    test_semantic_tokens(yusec, examples)
    test_formatting(yusec, os.path.dirname(examples))
    test_word_classes(yusec, os.path.dirname(examples))
    test_show_output(yusec, examples)
    test_target_settings(yusec, os.path.dirname(os.path.abspath(examples)))
    test_no_plugin_for_requests(yusec, examples)
    test_subgroup_uniform_verdicts(yusec, os.path.dirname(os.path.abspath(examples)))
    print("lsp: ok")


if __name__ == "__main__":
    main()
