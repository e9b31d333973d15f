#!/usr/bin/env python3
"""Navigation requests of `yusec lsp` (issue 19, docs/editor.md) on real samples, through the
test client of test_lsp.py: hover (a local's type, a builtin's signature from the 点染本
interface, its meaning from docs/builtins.md and its WGSL spelling), definition (in the file,
into another module of the package, into the interface file), references, documentSymbol,
completion and signatureHelp, a name outside the BMP, and a document with errors.

  test_lsp_navigation.py YUSEC SOURCE_DIR
"""
import os
import re
import sys
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_lsp import Client, check, decode_tokens, initialize, open_doc, uri_of  # noqa: E402


def position_of(text, needle, nth=0, into=1):
    """The LSP position `into` UTF-16 units into the nth occurrence of needle (counted here)."""
    at = -1
    for _ in range(nth + 1):
        at = text.index(needle, at + 1)
    before = text[:at]
    line = before.count("\n")
    column = before[before.rfind("\n") + 1:]
    units = len(column.encode("utf-16-le")) // 2
    return {"line": line, "character": units + into}


def path_of(uri):
    check(uri.startswith("file://"), uri)
    return urllib.parse.unquote(uri[len("file://"):])


def line_at(path, line):
    with open(path, encoding="utf-8") as f:
        return f.read().split("\n")[line]


def utf16_slice(line, start, end):
    data = line.encode("utf-16-le")
    return data[start * 2:end * 2].decode("utf-16-le")


def docs_row(source_dir, name):
    """docs/builtins.md's cells for 「name」 (read here, independently of the build's copy)."""
    with open(os.path.join(source_dir, "docs", "builtins.md"), encoding="utf-8") as f:
        for line in f:
            if line.startswith(f"| 「{name}」 |"):
                return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
    raise AssertionError(f"docs/builtins.md has no row for {name}")


def request(client, method, uri, text, needle, nth=0, **extra):
    params = {"textDocument": {"uri": uri}, "position": position_of(text, needle, nth)}
    params.update(extra)
    answer = client.request(method, params)
    check("result" in answer, f"{method}: {answer}")
    return answer["result"]


def test_seed(client, source_dir):
    sample = os.path.join(source_dir, "examples", "加倍。着色器。豫")
    uri = uri_of(sample)
    text = open(sample, encoding="utf-8").read()
    open_doc(client, uri, text)

    hover = request(client, "textDocument/hover", uri, text, "「序」", 1)
    value = hover["contents"]["value"]
    check("「序」乃「无三二」也" in value and "局部名" in value, value)

    hover = request(client, "textDocument/hover", uri, text, "「读数组」")
    value = hover["contents"]["value"]
    row = docs_row(source_dir, "读数组")
    check("「读数组」乃凡「甲」而化「存储缓冲」于（「数组」于「甲」）又化「无三二」为「甲」者也" in value, value)
    check(row[2] in value, f"the meaning from docs/builtins.md ({row[2]}) in {value}")
    check("| WGSL | a[i] |" in value and "内建函数" in value, value)

    # definition: a resource in the file, a builtin in the interface file on disk
    location = request(client, "textDocument/definition", uri, text, "「数据」", 2)
    check(location["uri"] == uri and location["range"]["start"]["line"] == 3, location)
    location = request(client, "textDocument/definition", uri, text, "「读数组」")
    interface = path_of(location["uri"])
    check(interface.endswith("库/点染/点染本。着色器。接口。豫") and os.path.isfile(interface), interface)
    r = location["range"]
    check(utf16_slice(line_at(interface, r["start"]["line"]), r["start"]["character"], r["end"]["character"])
          == "「读数组」", r)
    check(line_at(interface, r["start"]["line"]).startswith("「读数组」乃"), r)

    refs = request(client, "textDocument/references", uri, text, "「序」", 0,
                   context={"includeDeclaration": True})
    check(len(refs) == 3 and all(x["uri"] == uri for x in refs), refs)
    refs = request(client, "textDocument/references", uri, text, "「序」", 0,
                   context={"includeDeclaration": False})
    check(len(refs) == 2, refs)

    symbols = client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})["result"]
    check([(s["name"], s["kind"]) for s in symbols] == [("数据", 13), ("加倍", 12), ("加倍入口", 24)], symbols)
    check([c["name"] for c in symbols[1]["children"]] == ["号"], symbols[1])
    check(symbols[1]["detail"] == "化「全局调用号」为「有」者", symbols[1])

    completion = client.request("textDocument/completion", {
        "textDocument": {"uri": uri}, "position": position_of(text, "「写数组」", 0, into=0)})["result"]
    labels = [item["label"] for item in completion["items"]]
    for wanted in ("「序」", "「号」", "「数据」", "令", "递归令", "若…则…否则"):
        check(wanted in labels, f"{wanted} in completion")
    check(labels.index("「序」") < labels.index("「号」") < labels.index("「数据」"), labels[:8])
    # nothing typed: the first 100 names in scope (innermost first, then the builtins), marked
    # incomplete — the builtins alone are more — and the keywords and snippets
    names = [label for label in labels if label.startswith("「")]
    check(len(names) == 100 and completion["isIncomplete"] is True, (len(names), completion["isIncomplete"]))
    check("会" not in labels, "a retired word is not offered")
    snippet = next(item for item in completion["items"] if item["label"] == "令…为…而")
    check(snippet["insertTextFormat"] == 2 and snippet["insertText"].startswith("令「${1"), snippet)

    signature = request(client, "textDocument/signatureHelp", uri, text, "「序」", 2)
    check(signature["activeParameter"] == 1, signature)
    label = signature["signatures"][0]["label"]
    check(label.startswith("「读数组」于"), label)
    start, end = signature["signatures"][0]["parameters"][1]["label"]
    check(utf16_slice(label, start, end) == "「无三二」", (label, start, end))

    # completion inside a name being typed: replaces from its 「 over the auto-closed 」
    typed = text.replace("「读数组」于「数据」于「序」）", "「读数组」于「数据」于「序」）乘「读」", 1)
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"text": typed}]})
    at = position_of(typed, "「读」", 0, into=2)
    completion = client.request("textDocument/completion", {"textDocument": {"uri": uri}, "position": at})["result"]
    item = next(i for i in completion["items"] if i["label"] == "「读数组」")
    check(item["textEdit"]["range"]["start"]["character"] == at["character"] - 2, item)
    check(item["textEdit"]["range"]["end"]["character"] == at["character"] + 1, item)
    check(not any(i["kind"] == 14 for i in completion["items"]), "no keywords inside a name")
    # only names holding the typed characters in order: 「读组」 finds 「读数组」, 「四维」 finds 「四维浮」
    for typed_text, wanted in (("读组", "「读数组」"), ("四维", "「四维浮」")):
        edited = text.replace("「读数组」于「数据」于「序」）", f"「读数组」于「数据」于「序」）乘「{typed_text}」", 1)
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 3},
                                                 "contentChanges": [{"text": edited}]})
        at = position_of(edited, f"「{typed_text}」", 0, into=1 + len(typed_text))
        completion = client.request("textDocument/completion", {"textDocument": {"uri": uri}, "position": at})["result"]
        labels = [i["label"] for i in completion["items"]]
        check(wanted in labels and all(all(c in label for c in typed_text) for label in labels), (typed_text, labels[:10]))


def test_modules(client, source_dir):
    sample = os.path.join(source_dir, "test", "modules", "重名", "限定名。着色器。豫")
    uri = uri_of(sample)
    text = open(sample, encoding="utf-8").read()
    open_doc(client, uri, text)
    location = request(client, "textDocument/definition", uri, text, "「倍」于「值」", 0)
    other = path_of(location["uri"])
    check(other.endswith("重名/几何/甲。着色器。豫"), other)
    r = location["range"]
    check(utf16_slice(line_at(other, r["start"]["line"]), r["start"]["character"], r["end"]["character"])
          == "「倍」", r)
    location = request(client, "textDocument/definition", uri, text, "「点」也", 0)
    check(path_of(location["uri"]).endswith("重名/几何/乙。着色器。豫"), location)
    hover = request(client, "textDocument/hover", uri, text, "「点」也", 0)["contents"]["value"]
    check("结构" in hover and "模块「乙」" in hover, hover)


def test_dot_spelling(client, source_dir):
    sample = os.path.join(source_dir, "库", "点染", "测试", "样例", "整数点积。着色器。豫")
    uri = uri_of(sample)
    text = open(sample, encoding="utf-8").read()
    open_doc(client, uri, text)
    value = request(client, "textDocument/hover", uri, text, "「点积」于")["contents"]["value"]
    check("| WGSL | `dot` |" in value, value)
    check(docs_row(source_dir, "点积")[5] in value, "PTX from the docs column")


def test_outside_bmp_and_errors(client, source_dir):
    uri = uri_of(os.path.join(source_dir, "examples", "草稿。着色器。豫"))
    text = ("寻观「点染」之「点染本」之书。\n"
            "「平方」乃化「浮三二」为「浮三二」者也。\n"
            "「平方」者得「𝑥」而「𝑥」乘「𝑥」也。\n"
            "「坏」者「未知」加（也。\n")
    open_doc(client, uri, text)
    at = position_of(text, "「𝑥」", 2)
    check(at == {"line": 2, "character": 17}, at)
    location = client.request("textDocument/definition", {"textDocument": {"uri": uri}, "position": at})["result"]
    check(location["range"] == {"start": {"line": 2, "character": 6}, "end": {"line": 2, "character": 10}}, location)
    hover = request(client, "textDocument/hover", uri, text, "「𝑥」", 1)["contents"]["value"]
    check("「𝑥」乃「浮三二」也" in hover and "参数" in hover, hover)
    answer = request(client, "textDocument/hover", uri, text, "「未知」")
    check(answer is None, answer)
    answer = client.request("textDocument/hover", {"textDocument": {"uri": "file:///not/open"},
                                                   "position": {"line": 0, "character": 0}})
    check(answer.get("error", {}).get("code") == -32602, answer)


def open_sample(client, source_dir, *parts):
    sample = os.path.join(source_dir, *parts)
    uri = uri_of(sample)
    text = open(sample, encoding="utf-8").read()
    open_doc(client, uri, text)
    return uri, text


def slices(text, ranges):
    lines = text.split("\n")
    return [utf16_slice(lines[r["start"]["line"]], r["start"]["character"], r["end"]["character"]) for r in ranges]


def test_document_highlight(client, source_dir):
    uri, text = open_sample(client, source_dir, "examples", "加倍。着色器。豫")
    marks = request(client, "textDocument/documentHighlight", uri, text, "「序」", 2)
    check([(m["range"]["start"]["line"], m["kind"]) for m in marks] == [(7, 3), (8, 2), (8, 2)], marks)
    check(slices(text, [m["range"] for m in marks]) == ["「序」"] * 3, marks)
    # a resource: its 乃 and 者 statements write, the two uses read
    marks = request(client, "textDocument/documentHighlight", uri, text, "「数据」", 3)
    check(sorted(m["kind"] for m in marks) == [2, 2, 3, 3], marks)
    # a builtin: only its uses in this document (its definition is in the interface file)
    marks = request(client, "textDocument/documentHighlight", uri, text, "「读数组」")
    check([m["kind"] for m in marks] == [2], marks)
    check(request(client, "textDocument/documentHighlight", uri, text, "寻观", 0, ) is None, "no name, no highlight")


def rename(client, uri, text, needle, nth, new_name):
    return client.request("textDocument/rename", {"textDocument": {"uri": uri}, "position": position_of(text, needle, nth),
                                                  "newName": new_name})


def refused(answer, *words):
    error = answer.get("error", {})
    check(error.get("code") == -32803 and all(w in error.get("message", "") for w in words), answer)


def test_rename(client, source_dir):
    uri, text = open_sample(client, source_dir, "examples", "加倍。着色器。豫")
    prepared = request(client, "textDocument/prepareRename", uri, text, "「序」", 1)
    check(prepared["placeholder"] == "序" and slices(text, [prepared["range"]]) == ["序"], prepared)
    edit = rename(client, uri, text, "「序」", 1, "位")["result"]
    check(list(edit["changes"]) == [uri], edit)
    check(slices(text, [e["range"] for e in edit["changes"][uri]]) == ["序"] * 3, edit)
    check(all(e["newText"] == "位" for e in edit["changes"][uri]), edit)
    edit = rename(client, uri, text, "「序」", 1, "位 置")["result"]  # white space inside a name is the lexer's
    check(all(e["newText"] == "位 置" for e in edit["changes"][uri]), edit)
    # the top-level function: its 乃, 者 and the entry's use
    edit = rename(client, uri, text, "「加倍」", 2, "三倍")["result"]
    check(len(edit["changes"][uri]) == 3, edit)
    refused(client.request("textDocument/prepareRename", {"textDocument": {"uri": uri},
                                                          "position": position_of(text, "「读数组」")}), "读数组", "内建")
    refused(rename(client, uri, text, "「读数组」", 0, "取"), "内建")
    for numeral in ("三", "负一二点五", "", "甲」乙", "：注：", "甲\n乙", "甲\x01", "\u0085甲", "　", " 甲", "甲　"):
        refused(rename(client, uri, text, "「序」", 1, numeral), "不是豫言的名")
    refused(rename(client, uri, text, "「序」", 1, "号"), "「号」", "相撞")        # the parameter
    refused(rename(client, uri, text, "「序」", 1, "数据"), "「数据」", "相撞")    # a resource
    refused(rename(client, uri, text, "「号」", 0, "写数组"), "内建名", "相撞")    # a builtin in scope
    check(rename(client, uri, text, "寻观", 0, "甲")["result"] is None, "no name, no rename")

    # across files: 甲's 「倍」 from the importer, in 甲's file and the importer, not 乙's
    main, main_text = open_sample(client, source_dir, "test", "modules", "重名", "限定名。着色器。豫")
    edit = rename(client, main, main_text, "「倍」于「值」", 0, "加倍")["result"]
    other = uri_of(os.path.join(source_dir, "test", "modules", "重名", "几何", "甲。着色器。豫"))
    check(sorted(edit["changes"]) == sorted([main, other]), edit)
    check(len(edit["changes"][main]) == 1 and len(edit["changes"][other]) == 2, edit)
    refused(rename(client, main, main_text, "「倍」于「值」", 0, "系数"), "「系数」", "相撞")
    # from 甲 open in the editor: its open importer is renamed too
    jia, jia_text = open_sample(client, source_dir, "test", "modules", "重名", "几何", "甲。着色器。豫")
    edit = rename(client, jia, jia_text, "「倍」乃", 0, "加倍")["result"]
    check(len(edit["changes"][main]) == 1 and len(edit["changes"][jia]) == 2, edit)


def test_workspace_symbols(client):
    """After the tests above: 加倍, 整数点积, the draft, 限定名 and 几何/甲 are open."""
    found = client.request("workspace/symbol", {"query": "倍"})["result"]
    check(all("倍" in s["name"] for s in found), found)
    named = sorted((s["name"], s.get("containerName"), s["kind"]) for s in found)
    for wanted in (("加倍", "加倍", 12), ("加倍入口", "加倍", 24), ("倍", "甲", 12), ("倍", "乙", 12)):
        check(wanted in named, f"{wanted} in {named}")
    check(len(named) == len(set((s["location"]["uri"], s["location"]["range"]["start"]["line"]) for s in found)),
          f"each once: {named}")
    jia = next(s for s in found if s.get("containerName") == "甲")
    check(jia["location"]["uri"].endswith(urllib.parse.quote("几何/甲。着色器。豫")) and
          jia["location"]["range"]["start"]["line"] == 4, jia)  # its 者 statement, as definition answers
    everything = [s["name"] for s in client.request("workspace/symbol", {"query": ""})["result"]]
    for wanted in ("平方", "系数", "主入口", "数据"):
        check(wanted in everything, f"{wanted} in {everything}")
    check("读数组" not in everything and "写数组" not in everything, "builtins are not workspace symbols")


def test_folding_ranges(client, source_dir):
    uri, text = open_sample(client, source_dir, "examples", "加倍。着色器。豫")
    ranges = client.request("textDocument/foldingRange", {"textDocument": {"uri": uri}})["result"]
    check(ranges == [{"startLine": 6, "endLine": 9}], ranges)  # 「加倍」者得「号」而 … 也。
    uri = uri_of(os.path.join(source_dir, "examples", "折叠。着色器。豫"))
    text = ("「：第一行\n　第二行：」\n"
            "寻观「点染」之「点染本」之书。\n"
            "「甲」乃\n「无三二」也。「：一行：」\n"
            "「乙」乃「无三二」\r\n「：又\n一个：」\n也")
    open_doc(client, uri, text)
    ranges = client.request("textDocument/foldingRange", {"textDocument": {"uri": uri}})["result"]
    check(ranges == [{"startLine": 0, "endLine": 1, "kind": "comment"}, {"startLine": 3, "endLine": 4},
                     {"startLine": 6, "endLine": 7, "kind": "comment"}, {"startLine": 5, "endLine": 8}], ranges)


def test_semantic_kinds(client, source_dir, legend):
    """Names take the kind of what they resolve to; an unresolved one stays `variable`."""
    uri, text = open_sample(client, source_dir, "examples", "加倍。着色器。豫")
    data = client.request("textDocument/semanticTokens/full", {"textDocument": {"uri": uri}})["result"]["data"]
    names = [(line, piece, kind, mods) for line, piece, kind, mods in decode_tokens(text, data, legend)
             if piece.startswith("「")]
    for wanted in ((2, "「数据」", "variable", ["declaration", "resource"]),
                   (2, "「无三二」", "type", ["defaultLibrary"]),
                   (3, "「绑定」", "function", ["defaultLibrary"]),
                   (3, "「组」", "property", []),
                   (3, "「读写」", "variable", ["readonly", "defaultLibrary"]),
                   (5, "「加倍」", "function", ["declaration"]),
                   (6, "「号」", "parameter", ["declaration"]),
                   (7, "「序」", "variable", ["declaration"]),
                   (7, "「号」", "parameter", []),
                   (7, "「零」", "number", []),
                   (8, "「数据」", "variable", ["resource"]),
                   (8, "「序」", "variable", []),
                   (8, "「读数组」", "function", ["defaultLibrary"]),
                   (11, "「加倍入口」", "function", ["declaration", "entry"]),
                   (12, "「加倍」", "function", [])):
        check(wanted in names, f"{wanted} in {names}")
    # the draft with an error: 「未知」 does not resolve
    draft = uri_of(os.path.join(source_dir, "examples", "草稿。着色器。豫"))
    text = "寻观「点染」之「点染本」之书。\n「坏」者「未知」加（也。\n「常」乃「无三二」也。\n「常」者「新无三二」于「一」也。\n"
    open_doc(client, draft, text)
    data = client.request("textDocument/semanticTokens/full", {"textDocument": {"uri": draft}})["result"]["data"]
    names = [(line, piece, kind, mods) for line, piece, kind, mods in decode_tokens(text, data, legend)]
    check((1, "「未知」", "variable", []) in names and (2, "「常」", "variable", ["declaration", "readonly"]) in names,
          names)


def code_actions(client, uri, text, needle, nth=0):
    at = position_of(text, needle, nth)
    answer = client.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": {"start": at, "end": at},
                                                        "context": {"diagnostics": []}})
    check("result" in answer, f"codeAction: {answer}")
    return answer["result"]


def applied(text, edits):
    """The text with the edits applied (their ranges in UTF-16 units, none overlapping)."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line.encode("utf-16-le")) // 2 + 1)
    units = text.encode("utf-16-le")
    for e in sorted(edits, key=lambda e: (e["range"]["start"]["line"], e["range"]["start"]["character"]), reverse=True):
        start = offsets[e["range"]["start"]["line"]] + e["range"]["start"]["character"]
        end = offsets[e["range"]["end"]["line"]] + e["range"]["end"]["character"]
        units = units[:start * 2] + e["newText"].encode("utf-16-le") + units[end * 2:]
    return units.decode("utf-16-le")


def test_code_actions(client, source_dir):
    """Each fix-it of a diagnostic's note as a quick fix: the near name of 是不是想写「…」？ and the
    missing 寻观「点染」之「点染本」之书。 at the top of the file; applying it compiles clean."""
    sample = os.path.join(source_dir, "examples", "加倍。着色器。豫")
    original = open(sample, encoding="utf-8").read()
    uri = uri_of(os.path.join(source_dir, "examples", "修正草稿。着色器。豫"))
    misspelled = original.replace("（「读数组」于", "（「读数祖」于")
    open_doc(client, uri, misspelled)
    actions = code_actions(client, uri, misspelled, "「读数祖」")
    check([(a["title"], a["kind"]) for a in actions] == [("改成「读数组」", "quickfix")], actions)
    check(actions[0]["diagnostics"][0]["message"].startswith("未定义的名字「读数祖」"), actions)
    check(applied(misspelled, actions[0]["edit"]["changes"][uri]) == original, actions)
    check(code_actions(client, uri, misspelled, "「加倍入口」", 1) == [], "no diagnostic there, no action")
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})

    no_import = original[original.index("\n") + 1:]
    open_doc(client, uri, no_import)
    actions = code_actions(client, uri, no_import, "「存储缓冲」")
    check([a["title"] for a in actions] == ["加上 寻观「点染」之「点染本」之书。"], actions)
    edits = actions[0]["edit"]["changes"][uri]
    check(edits[0]["range"] == {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, edits)
    check(applied(no_import, edits) == original, edits)
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})


def inlay_hints(client, uri, start_line, end_line):
    answer = client.request("textDocument/inlayHint", {"textDocument": {"uri": uri}, "range": {
        "start": {"line": start_line, "character": 0}, "end": {"line": end_line, "character": 0}}})
    check("result" in answer, f"inlayHint: {answer}")
    return answer["result"]


def test_inlay_hints(client, source_dir):
    """The inferred type after each 令 binding's name (令 has no written type); none for
    parameters or 递归令 (its type is written), none outside the range."""
    uri, text = open_sample(client, source_dir, "examples", "加倍。着色器。豫")
    all_hints = inlay_hints(client, uri, 0, 100)
    hints = [h for h in all_hints if h["label"].startswith("乃")]
    at = position_of(text, "「序」", 0, 0)
    check([(h["position"], h["label"], h["kind"]) for h in hints] ==
          [({"line": at["line"], "character": at["character"] + 3}, "乃「无三二」", 1)], hints)
    check([h for h in inlay_hints(client, uri, 0, at["line"] - 1) if h["label"].startswith("乃")] == [],
          "no 令 on those lines")
    check(len([h for h in inlay_hints(client, uri, at["line"], at["line"] + 1) if h["label"].startswith("乃")]) == 1,
          "the range's line")
    # implicit type arguments: after each polymorphic builtin's name, what 以 would give
    def after(needle):
        p = position_of(text, needle, 0, 0)
        return {"line": p["line"], "character": p["character"] + len(needle.encode("utf-16-le")) // 2}
    implicit = sorted(((h["position"]["line"], h["position"]["character"]), h["label"]) for h in all_hints
                      if not h["label"].startswith("乃"))
    expected = sorted(((p["line"], p["character"]), label) for p, label in [
        (after("「绑定」"), "以（「数组」于「无三二」）"), (after("「写数组」"), "以「无三二」"),
        (after("「读数组」"), "以「无三二」"), (after("「新无三二」"), "以「无三二」")])
    check(implicit == expected, implicit)
    check(all(h["kind"] == 1 for h in all_hints), all_hints)
    uri, text = open_sample(client, source_dir, "库", "点染", "测试", "样例", "整数点积。着色器。豫")
    all_hints = inlay_hints(client, uri, 0, 10000)
    hints = [h for h in all_hints if h["label"].startswith("乃")]
    lines = text.split("\n")
    # 「位转换」以「整三二」 gives its type argument: no hint there
    for h in all_hints:
        before = utf16_slice(lines[h["position"]["line"]], 0, h["position"]["character"])
        check(not before.endswith("「位转换」"), f"a hint where 以 is written: {h}")
    check(any(h["label"].startswith("以") for h in all_hints), "implicit type arguments in 整数点积")
    lets = text.count("令「") - text.count("递归令「")
    check(len(hints) == lets and lets > 5, (lets, hints))
    for h in hints:
        before = utf16_slice(lines[h["position"]["line"]], 0, h["position"]["character"])
        check(re.search(r"(?<!递归)令「[^」]+」$", before) and re.fullmatch(r"乃「[^」]+」", h["label"]), (before, h))


def test_document_symbol_text(client):
    """documentSymbol is written as JSON text (issue 35, speed): a name with a quote, a
    backslash comes back as it is."""
    name = '引"号\\'
    text = f"「{name}」乃「无三二」也。\n「{name}」者「一」也。\n"
    uri = "file:///tmp/yusec-lsp-test/符号文本。着色器。豫"
    open_doc(client, uri, text)
    answer = client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    symbols = answer["result"]
    check([(s["name"], s["kind"], s["children"]) for s in symbols] == [(name, 14, [])], symbols)


def call_items(client, uri, text, needle, nth=0):
    return request(client, "textDocument/prepareCallHierarchy", uri, text, needle, nth)


def calls(client, direction, item):
    answer = client.request(f"callHierarchy/{direction}Calls", {"item": item})
    check("result" in answer, f"{direction}Calls: {answer}")
    side = "from" if direction == "incoming" else "to"
    return sorted((g[side]["name"], os.path.basename(path_of(g[side]["uri"])), len(g["fromRanges"]))
                  for g in answer["result"])


def test_call_hierarchy(client, source_dir):
    """prepareCallHierarchy, incomingCalls and outgoingCalls across the package: 「甲」之「倍」
    used in 限定名's 「计算」, 「计算」 the kernel of 「主入口」; a resource is no call item."""
    uri, text = open_sample(client, source_dir, "test", "modules", "重名", "限定名。着色器。豫")
    items = call_items(client, uri, text, "「倍」于「值」")
    check(len(items) == 1 and items[0]["name"] == "倍" and path_of(items[0]["uri"]).endswith("几何/甲。着色器。豫"), items)
    incoming = calls(client, "incoming", items[0])
    check(incoming == [("计算", "限定名。着色器。豫", 1)], incoming)
    # the ranges are the uses' names
    answer = client.request("callHierarchy/incomingCalls", {"item": items[0]})["result"]
    check(slices(text, answer[0]["fromRanges"]) == ["「倍」"], answer)
    kernel = call_items(client, uri, text, "「计算」")[0]
    outgoing = calls(client, "outgoing", kernel)
    check(outgoing == sorted([("读数组", "点染本。着色器。接口。豫", 1), ("倍", "甲。着色器。豫", 1), ("倍", "乙。着色器。豫", 1),
                              ("合", "限定名。着色器。豫", 1), ("写数组", "点染本。着色器。接口。豫", 1)]), outgoing)
    check(calls(client, "incoming", kernel) == [("主入口", "限定名。着色器。豫", 1)], "the entry calls its kernel")
    entry = call_items(client, uri, text, "「主入口」")[0]
    check(calls(client, "outgoing", entry) == sorted([("计算", "限定名。着色器。豫", 1),
                                                      ("计算入口项", "点染本。着色器。接口。豫", 1)]), "the entry's calls")
    check(call_items(client, uri, text, "「数据」") is None, "a resource is not called")
    # from 甲 itself: its 「倍」's callers in the open importer
    jia, jia_text = open_sample(client, source_dir, "test", "modules", "重名", "几何", "甲。着色器。豫")
    item = call_items(client, jia, jia_text, "「倍」乃")[0]
    check(calls(client, "incoming", item) == [("计算", "限定名。着色器。豫", 1)], "across open documents")
    check(calls(client, "outgoing", item) == [("新无三二", "点染本。着色器。接口。豫", 1)], "甲's 「倍」 calls 新无三二")
    bad = client.request("callHierarchy/incomingCalls", {"item": {"name": "倍"}})
    check(bad.get("error", {}).get("code") == -32602, bad)


def main():
    yusec, source_dir = sys.argv[1], sys.argv[2]
    client = Client([yusec, "lsp"])
    capabilities = initialize(client)["capabilities"]
    check(capabilities["renameProvider"] == {"prepareProvider": True}, capabilities)
    legend = capabilities["semanticTokensProvider"]["legend"]
    for name in ("function", "type", "parameter", "property"):
        check(name in legend["tokenTypes"], legend)
    for name in ("declaration", "readonly", "defaultLibrary", "resource", "entry"):
        check(name in legend["tokenModifiers"], legend)
    for provider in ("hoverProvider", "definitionProvider", "referencesProvider", "documentSymbolProvider",
                     "completionProvider", "signatureHelpProvider", "documentHighlightProvider", "renameProvider", "workspaceSymbolProvider", "foldingRangeProvider",
                     "codeActionProvider", "inlayHintProvider", "callHierarchyProvider"):
        check(provider in capabilities, f"{provider} advertised: {capabilities}")
    test_seed(client, source_dir)
    test_modules(client, source_dir)
    test_dot_spelling(client, source_dir)
    test_outside_bmp_and_errors(client, source_dir)
    test_document_highlight(client, source_dir)
    test_rename(client, source_dir)
    test_workspace_symbols(client)
    test_folding_ranges(client, source_dir)
    test_semantic_kinds(client, source_dir, legend)
    test_code_actions(client, source_dir)
    test_inlay_hints(client, source_dir)
    test_call_hierarchy(client, source_dir)
    test_document_symbol_text(client)
    client.request("shutdown", None)
    client.notify("exit", None)
    client.finish(0)
    print("lsp navigation: ok")


if __name__ == "__main__":
    main()
