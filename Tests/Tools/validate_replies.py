#!/usr/bin/env python3
"""Validates every result recorded in the contract tapes against its method's result schema.

Usage: validate_replies.py SCHEMAS_DIR TAPE...
Each tape line is {"send": RAW, "expect": REPLY}; for a single request whose reply has a
"result", the result must validate against Schemas/<method>.json's "result" (JSON Schema
2020-12), its "$ref"s into Schemas/defs.json resolved by jsonschema itself (the shared
definitions are plain JSON Schema). Batches are checked element by element. Prints one line per failure and a summary;
exit status 1 when any result does not validate. Needs the PyPI package jsonschema.
"""
import json
import pathlib
import sys

import jsonschema
import referencing


def definitions_registry(schemas):
    """The registry that resolves "defs.json#/$defs/Name" (empty when there is no defs.json)."""
    path = schemas / "defs.json"
    if not path.exists():
        return referencing.Registry()
    resource = referencing.Resource.from_contents(json.loads(path.read_text()))
    return referencing.Registry().with_resource("defs.json", resource)


def requests_and_replies(send, expect):
    try:
        sent = json.loads(send)
    except ValueError:
        return []
    if isinstance(sent, list) and isinstance(expect, list):
        replies = {json.dumps(r.get("id")): r for r in expect if isinstance(r, dict)}
        return [(s, replies.get(json.dumps(s.get("id")))) for s in sent if isinstance(s, dict) and "id" in s]
    if isinstance(sent, dict) and isinstance(expect, dict):
        return [(sent, expect)]
    return []


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    schemas = pathlib.Path(argv[1])
    validators = {}
    registry = definitions_registry(schemas)
    checked = failed = 0
    for tape in argv[2:]:
        for number, line in enumerate(pathlib.Path(tape).read_text().splitlines(), 1):
            if not line.strip():
                continue
            entry = json.loads(line)
            if "send" not in entry:  # a {"restart": true} line
                continue
            for request, reply in requests_and_replies(entry["send"], entry.get("expect")):
                method = request.get("method")
                if not isinstance(reply, dict) or "result" not in reply or not isinstance(method, str):
                    continue
                path = schemas / f"{method}.json"
                if method == "defs" or not path.exists():
                    continue
                if method not in validators:
                    schema = json.loads(path.read_text())["result"]
                    validators[method] = jsonschema.Draft202012Validator(schema, registry=registry)
                checked += 1
                errors = sorted(validators[method].iter_errors(reply["result"]), key=lambda e: list(e.path))
                for error in errors[:3]:
                    failed += 1
                    where = "/".join(str(p) for p in error.path) or "(result)"
                    print(f"{tape}:{number}: {method} result at {where}: {error.message[:200]}")
    print(f"{checked} results checked, {failed} problems")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
