#!/usr/bin/env python3
"""LSP test client for `yusec lsp` (issue 19, docs/editor.md). Starts the server over stdio and
checks the protocol on real samples: initialize, the lifecycle's errors, diagnostics with
UTF-16 ranges (a name outside the BMP), incremental changes, the debounce, unparsable text,
malformed messages, cancellation, shutdown and exit. Every read has a timeout: a server that
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
import subprocess
import sys
import threading
import urllib.parse

TIMEOUT = 60  # seconds for any one answer (the ASan build compiles slowly)


class Client:
    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 1
        self.inbox = queue.Queue()
        self.pending = []  # messages read while waiting for another
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
            self.inbox.put(json.loads(body.decode("utf-8")))

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

    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    closed = client.diagnostics(uri)
    check(closed["diagnostics"] == [], f"closing clears: {closed}")

    client.request("shutdown", None)
    client.notify("exit", None)
    client.finish(0)


def fuzz(yusec, examples, edits):
    rng = random.Random(19)
    sample = os.path.join(examples, "加倍。着色器。豫")
    text = open(sample, encoding="utf-8").read()
    alphabet = list("「」『』（）【】，。；：乃也者令为而若则否则递归令加于之 \n甲乙零一") + ["𠀀", "\u0000", "\ufffd"]
    client = Client([yusec, "lsp"])
    initialize(client, {"debounceMs": 20})
    uri = uri_of(sample)
    open_doc(client, uri, text)
    current = text
    for version in range(2, edits + 2):
        at = rng.randrange(len(current) + 1)
        kind = rng.randrange(3)
        if kind == 0 and current:
            current = current[:at] + current[at + rng.randrange(1, 8):]
        elif kind == 1:
            current = current[:at] + "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 6))) + current[at:]
        else:
            current = text if rng.randrange(10) == 0 else current[:at]
        change(client, uri, version, {"text": current})
        if version % 10 == 0:  # let the debounce run now and then; the server still answers
            client.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                            and m["params"]["version"] == version)
            answer = client.request("textDocument/unknownThing", {})
            check(answer["error"]["code"] == -32601, answer)
    client.request("shutdown", None)
    client.notify("exit", None)
    client.finish(0)


def main():
    if len(sys.argv) not in (3, 5):
        sys.exit(__doc__)
    yusec, examples = sys.argv[1], sys.argv[2]
    if len(sys.argv) == 5 and sys.argv[3] == "--fuzz":
        fuzz(yusec, examples, int(sys.argv[4]))
        print(f"lsp fuzz: {sys.argv[4]} edits, ok")
        return
    test_arguments(yusec)
    test_lifecycle_rules(yusec)
    test_diagnostics(yusec, examples)
    print("lsp: ok")


if __name__ == "__main__":
    main()
