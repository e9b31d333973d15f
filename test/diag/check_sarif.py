#!/usr/bin/python3
"""Validates a SARIF log (yusec -fdiagnostics-format=sarif) against the official SARIF 2.1.0
JSON schema (OASIS; test/diag/schema installs it from npm) and checks what yusec puts in it.

usage: check_sarif.py SCHEMA LOG EXPECTED_RESULTS"""
import json
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
for result in results:
    region = result["locations"][0]["physicalLocation"]["region"]
    assert region["startLine"] >= 1 and region["startColumn"] >= 1, region
print("ok: SARIF log %s, %d results" % ("valid against the 2.1.0 schema" if schema_path != "-" else "well-formed (schema not installed)", len(results)))
