#!/usr/bin/env python3
"""Checks an OpenRPC document against the OpenRPC 1.4 meta-schema, without network access.

Usage: validate_openrpc.py FILE      (FILE may be - for standard input)

The meta-schema and the JSON Schema meta-schema it points at (https://meta.json-schema.tools/)
are the copies in openrpc/ beside this script (see openrpc/README.md for where they come from).
Every problem is printed on a line of its own as "PATH: MESSAGE"; the exit status is 0 for a
valid document, 1 for an invalid one, 2 for a usage error. Needs the PyPI package jsonschema.
"""
import json
import pathlib
import sys

import jsonschema
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT7

META_DIR = pathlib.Path(__file__).resolve().parent / "openrpc"
META_SCHEMA_URI = "https://meta.json-schema.tools/"


def load(name):
    return json.loads((META_DIR / name).read_text(encoding="utf-8"))


def make_validator():
    """A Draft 7 validator for OpenRPC 1.4 whose remote reference resolves to the local copy."""
    meta = Resource.from_contents(load("json-schema-tools-meta-schema.json"), default_specification=DRAFT7)
    # The OpenRPC schema refers to the meta-schema both with and without the trailing slash.
    registry = Registry().with_resources([(META_SCHEMA_URI, meta), (META_SCHEMA_URI.rstrip("/"), meta)])
    return jsonschema.Draft7Validator(load("openrpc-1.4.schema.json"), registry=registry)


def problems(document):
    found = []
    for error in make_validator().iter_errors(document):
        path = "/".join(str(part) for part in error.absolute_path) or "(the document)"
        found.append(f"{path}: {error.message[:300]}")
    return sorted(found)


def main(arguments):
    if len(arguments) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    source = sys.stdin if arguments[0] == "-" else open(arguments[0], encoding="utf-8")
    with source:
        document = json.load(source)
    found = problems(document)
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
