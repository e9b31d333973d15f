#!/usr/bin/env python3
"""LSP test client for `yusec lsp` (issue 19): starts the server over stdio and checks
initialize, diagnostics with UTF-16 ranges, survival of unparsable text, debounced changes,
errors for unknown requests, shutdown and exit. With --fuzz N it then feeds N random edits
of a sample (no crash, every message answered; under ASan a leak fails the exit status).

  test_lsp.py YUSEC EXAMPLES_DIR [--fuzz N]
"""
import json
import os
import random
import subprocess
import sys
import tempfile
import urllib.parse


class Client:
    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 1
        self.pending = []  # notifications read while waiting for a response

    def send(self, message):
        body = json.dumps(message, ensure_ascii=False).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise AssertionError("server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            key, _, value = line.decode().partition(":")
            if key.lower() == "content-length":
                length = int(value)
        return json.loads(self.proc.stdout.read(length))

    def request(self, method, params):
        rid = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == rid and "method" not in message:
                return message
            self.pending.append(message)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, uri):
        """The next publishDiagnostics for uri."""
        while True:
            message = self.pending.pop(0) if self.pending else self.read()
            if message.get("method") == "textDocument/publishDiagnostics" and \
                    message["params"]["uri"] == uri:
                return message["params"]


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def uri_of(path):
    return "file://" + urllib.parse.quote(path)


def lifecycle(yusec, examples):
    client = Client([yusec, "lsp"])
    init = client.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    caps = init["result"]["capabilities"]
    check(caps["textDocumentSync"]["change"] == 1, f"full sync expected: {caps}")
    client.notify("initialized", {})

    # A real sample: no errors.
    sample = os.path.join(examples, "加倍。着色器。豫")
    uri = uri_of(sample)
    text = open(sample, encoding="utf-8").read()
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "yuyan", "version": 1, "text": text}})
    published = client.diagnostics(uri)
    check(published["version"] == 1, published)
    errors = [d for d in published["diagnostics"] if d["severity"] == 1]
    check(not errors, f"加倍 has no errors: {errors}")

    # An undefined name after a name outside the BMP: 𠀀 is one character, two UTF-16 units.
    broken = "「𠀀甲」乃「无三二」也。\n「𠀀甲」者「未定义」也。\n"
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"text": broken}]})
    published = client.diagnostics(uri)
    check(published["version"] == 2, published)
    undefined = [d for d in published["diagnostics"] if "名字「未定义」" in d["message"]]
    check(undefined, f"no diagnostic names 「未定义」: {published['diagnostics']}")
    start, end = undefined[0]["range"]["start"], undefined[0]["range"]["end"]
    # 「 𠀀(2) 甲 」 者 → 「未定义」 starts at UTF-16 offset 6 and ends at 11.
    check(start == {"line": 1, "character": 6}, f"start {start}")
    check(end == {"line": 1, "character": 11}, f"end {end}")
    check(undefined[0]["severity"] == 1, undefined[0])

    # Debounce: three quick changes give one publication, for the last version.
    for version, body in ((3, "「甲」乃"), (4, "「甲」乃「无三"), (5, text)):
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                 "contentChanges": [{"text": body}]})
    published = client.diagnostics(uri)
    check(published["version"] == 5, f"debounced publication is for version 5: {published['version']}")

    # Unparsable text and bytes that are not a program never end the server.
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 6},
                                             "contentChanges": [{"text": "「：「『（【乃\u0000"}]})
    published = client.diagnostics(uri)
    check(published["diagnostics"], "unparsable text has diagnostics")
    for d in published["diagnostics"]:
        check(d["range"]["start"]["line"] >= 0 and "message" in d, d)

    unknown = client.request("textDocument/unknownThing", {})
    check(unknown["error"]["code"] == -32601, unknown)
    client.send({"jsonrpc": "2.0", "id": 99, "method": 5})  # not a valid request
    bad = client.read()
    check(bad.get("error", {}).get("code") == -32600 or bad.get("id") == 99, bad)

    shutdown = client.request("shutdown", None)
    check("result" in shutdown and shutdown["result"] is None, shutdown)
    client.notify("exit", None)
    status = client.proc.wait(timeout=30)
    check(status == 0, f"exit after shutdown gives 0, got {status}")


def fuzz(yusec, examples, edits):
    rng = random.Random(19)
    sample = os.path.join(examples, "加倍。着色器。豫")
    text = open(sample, encoding="utf-8").read()
    alphabet = list("「」『』（）【】，。；：乃也者令为而若则否则递归令加于之 \n甲乙零一") + ["𠀀", "\u0000", "\ufffd"]
    client = Client([yusec, "lsp"])
    client.request("initialize", {"processId": None, "capabilities": {}})
    uri = uri_of(sample)
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "yuyan", "version": 1, "text": text}})
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
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                 "contentChanges": [{"text": current}]})
        if version % 10 == 0:  # let the debounce run now and then
            client.diagnostics(uri)
    client.request("shutdown", None)
    client.notify("exit", None)
    status = client.proc.wait(timeout=120)
    check(status == 0, f"server exit status after {edits} edits: {status}")


def main():
    if len(sys.argv) not in (3, 5):
        sys.exit(__doc__)
    yusec, examples = sys.argv[1], sys.argv[2]
    lifecycle(yusec, examples)
    if len(sys.argv) == 5 and sys.argv[3] == "--fuzz":
        fuzz(yusec, examples, int(sys.argv[4]))
    print("lsp: ok")


if __name__ == "__main__":
    main()
