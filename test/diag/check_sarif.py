#!/usr/bin/python3
"""Validates a SARIF log (yusec -fdiagnostics-format=sarif) against the official SARIF 2.1.0
JSON schema (OASIS; test/diag/schema installs it from npm) and checks what yusec puts in it.

usage: check_sarif.py SCHEMA LOG EXPECTED_RESULTS"""
import json
import re
import sys


schema_path, log_path, expected = sys.argv[1], sys.argv[2], int(sys.argv[3])
with open(log_path, encoding="utf-8") as f:
    log = json.load(f)
errors = []
if schema_path != "-":
    import jsonschema
  # "-": the schema is not installed; only the checks below
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft4Validator.check_schema(schema)
    errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(log), key=lambda e: list(e.path))
for error in errors:
    print("schema: %s at %s" % (error.message, "/".join(map(str, error.path))), file=sys.stderr)
if errors:
    sys.exit(1)
run = log["runs"][0]
assert log["version"] == "2.1.0", log["version"]
assert run["tool"]["driver"]["name"] == "yusec"
assert run["columnKind"] == "unicodeCodePoints"
results = run["results"]
if len(results) != expected:
    sys.exit("expected %d results, got %d" % (expected, len(results)))
rules = run["tool"]["driver"]["rules"]
ids = [rule["id"] for rule in rules]
assert len(set(ids)) == len(ids), ids
for rule in rules:
    assert re.fullmatch(r"Y\d{4}", rule["id"]), rule
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", rule["name"]), rule
    assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"], rule
    assert rule["defaultConfiguration"]["level"] in ("error", "warning"), rule
    assert rule["helpUri"].endswith("diagnostics.md#" + rule["id"].lower()), rule
for result in results:
    region = result["locations"][0]["physicalLocation"]["region"]
    assert region["startLine"] >= 1 and region["startColumn"] >= 1, region
    # every result names its rule (code-scanning services track alerts by ruleId)
    assert rules[result["ruleIndex"]]["id"] == result["ruleId"], result
assert set(ids) == {result["ruleId"] for result in results}, (ids, results)
print("ok: SARIF log %s, %d results" % ("valid against the 2.1.0 schema" if schema_path != "-" else "well-formed (schema not installed)", len(results)))
