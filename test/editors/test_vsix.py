#!/usr/bin/env python3
"""The packaged VS Code extension (issue 35): scripts/package_vsix.sh builds the .vsix with
@vscode/vsce, and the package holds what VS Code loads — package.json as in editors/vscode,
extension.js, the language configuration and grammar package.json names, README.md, and the
client library extension.js requires (vscode-languageclient/node with its dependencies) — and
not the packager itself (a devDependency). Exit 77 (skipped, with the reason) when npm or the
pinned packages are absent (scripts/setup.sh installs them: npm ci --prefix editors/vscode).

  test_vsix.py SOURCE_DIR OUT_DIR
"""
import json
import os
import subprocess
import sys
import zipfile


def check(condition, what):
    if not condition:
        sys.exit(f"FAIL: {what}")


def main():
    source, out = sys.argv[1], sys.argv[2]
    run = subprocess.run(["bash", os.path.join(source, "scripts", "package_vsix.sh"), out, "--no-install"],
                         capture_output=True, text=True, timeout=300)
    if run.returncode == 77:
        print(run.stdout.strip())
        sys.exit(77)
    check(run.returncode == 0, f"package_vsix.sh: {run.returncode}\n{run.stdout}{run.stderr}")
    vsix = run.stdout.strip().splitlines()[-1]
    extension = os.path.join(source, "editors", "vscode")
    with open(os.path.join(extension, "package.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    check(os.path.basename(vsix) == f"yuyan-shaders-{manifest['version']}.vsix", vsix)
    with zipfile.ZipFile(vsix) as z:
        names = set(z.namelist())
        check("extension.vsixmanifest" in names and "[Content_Types].xml" in names, "not a VS Code package")
        packed = json.loads(z.read("extension/package.json"))
        check(packed["contributes"] == manifest["contributes"] and packed["main"] == manifest["main"],
              "the packed package.json differs from editors/vscode's")
        wanted = [manifest["main"], "README.md"]
        wanted += [g["path"] for g in manifest["contributes"]["grammars"]]
        wanted += [l["configuration"] for l in manifest["contributes"]["languages"]]
        for path in wanted:
            inside = "extension/" + os.path.normpath(path)
            check(inside in names, f"{path} is not in the package")
            with open(os.path.join(extension, path), "rb") as f:
                check(z.read(inside) == f.read(), f"{path} differs in the package")
        for module in ("vscode-languageclient/node.js", "vscode-languageclient/package.json",
                       "vscode-jsonrpc/package.json", "vscode-languageserver-protocol/package.json"):
            check(f"extension/node_modules/{module}" in names, f"{module} (the client library) is not packed")
        check(not any(n.startswith("extension/node_modules/@vscode/vsce") for n in names), "the packager is packed")
        check(not any(n.endswith(".vsix") for n in names), "a package inside the package")
    print(f"通过：{vsix}（{len(names)} 个文件）")


if __name__ == "__main__":
    main()
