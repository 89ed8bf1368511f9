#!/usr/bin/env python3
"""Writes bbfan/_types.py, the typed params and results of every method, from Schemas/*.json.

    python3 tools/generate.py            # (re)writes bbfan/_types.py
    python3 tools/generate.py --check    # exits 1, naming the file, when it is stale
    python3 tools/generate.py --schemas DIR --output FILE

Schemas/ (the files rpc.discover serves) is the one source of the wire contract; this generator
turns each method's `params` and `result` schema into frozen dataclasses with snake_case
attributes over the camelCase wire names, a `from_json` that decodes a reply and a `to_json`
that encodes it again. Nested object schemas become classes of their own, named from the method
and the property (`EpisodesGetResultCharactersItem`); `oneOf` becomes a `Union` decoded by shape;
an `enum` or `const` string is an open alias (`Universe`): its known values are a `Literal`, and
any other string (a newer bbfan's universe) decodes as it is. Standard library only.
"""
from __future__ import annotations

import argparse
import json
import keyword
import os
import re
import sys
import textwrap
from typing import Any, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_SCHEMAS = os.path.normpath(os.path.join(HERE, "..", "..", "..", "Schemas"))
DEFAULT_OUTPUT = os.path.normpath(os.path.join(HERE, "..", "bbfan", "_types.py"))


def snake(name: str) -> str:
    """A wire name as a Python name: camelCase and kebab-case to snake_case (imageURL: image_url)."""
    name = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    name = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    name = re.sub(r"[^0-9a-zA-Z_]", "_", name).lower()
    return name + "_" if keyword.iskeyword(name) else name


def call_name(method: str) -> str:
    """The client call of a method: split on ".", each part in snake_case, joined with "_"
    (quotes.byCharacter: quotes_by_character)."""
    return "_".join(snake(part) for part in method.split("."))


def camel(name: str) -> str:
    """A wire name as a class name part: episodes.get: EpisodesGet, imageURL: ImageURL."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^0-9a-zA-Z]+", name) if part)


def docstring(text: str, indent: str) -> str:
    text = " ".join(text.split()).replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    if text.endswith('"'):
        text = text[:-1] + '\\"'
    lines = textwrap.wrap(text, 96 - len(indent) - 6, break_long_words=False, break_on_hyphens=False)
    if len(lines) == 1:
        return f'{indent}"""{lines[0]}"""'
    return "\n".join([f'{indent}"""{lines[0]}'] + [indent + line for line in lines[1:]] + [f'{indent}"""'])


def strings(values: list[str]) -> str:
    """A tuple of strings as Python source: (), ("a",), ("a", "b")."""
    items = [json.dumps(value) for value in values]
    return "(" + items[0] + ",)" if len(items) == 1 else "(" + ", ".join(items) + ")"


def comment(text: str, indent: str) -> list[str]:
    return [indent + "# " + line for line in textwrap.wrap(" ".join(text.split()), 96 - len(indent),
                                                           break_long_words=False, break_on_hyphens=False)]


HEADER = '''\
"""The params and result of every bbfan method, GENERATED from Schemas/*.json: do not edit.

Regenerate with `python3 tools/generate.py` (in Clients/Python); `test_generated.py` fails when
this file differs from what the generator writes. Each method `a.bC` has `ABCParams` (with
`to_json()`, and `METHOD` for `BBFanClient.send`) and `ABCResult` (`from_json(value)` decodes a
reply). What Schemas/defs.json defines once (a quote, a quiz, a user) is one class named after its
definition (`Quote`), shared by every method; the per-method names it had before 0.4
(`FavoritesListResultQuotesItem`) stay one release as deprecated aliases (reading one warns
DeprecationWarning). Enumerations are open: an alias such as `Universe` lists the known values as a `Literal`,
and any other string (a value a newer bbfan adds) decodes as it is. Members a newer bbfan adds to
an object are kept in its `extra`, as they came.
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Literal, Optional, Union

from ._decoding import DecodeError as DecodeError
from ._decoding import Request as Request
from ._decoding import (
    _any,
    _bool,
    _dict,
    _encode,
    _extra,
    _float,
    _int,
    _list_of,
    _member,
    _null,
    _object,
    _one_of,
    _optional,
    _str,
)
'''


REFERENCE = "defs.json#/$defs/"


def inline_refs(value: Any, definitions: dict[str, Any]) -> Any:
    """`value` with each {"$ref": "defs.json#/$defs/Name", ...} replaced in place by the members of
    the definition (as rpc.discover serves it): members before $ref first, its siblings after."""
    if isinstance(value, list):
        return [inline_refs(item, definitions) for item in value]
    if not isinstance(value, dict):
        return value
    result: dict[str, Any] = {}
    for key, member in value.items():
        if key != "$ref":
            result[key] = inline_refs(member, definitions)
            continue
        if not member.startswith(REFERENCE) or member[len(REFERENCE):] not in definitions:
            raise SystemExit(f"$ref {member!r} names no definition of Schemas/defs.json")
        result.update(inline_refs(definitions[member[len(REFERENCE):]], definitions))
    return result


def object_hints(schema: Any, hint: str) -> list[str]:
    """The hints `Generator.type_of` names object classes with, in the order it makes them, for a
    schema without references (so the names a shared definition had at each place it is used)."""
    if not isinstance(schema, dict):
        return []
    variants = schema.get("oneOf") or schema.get("anyOf")
    if variants:
        real = [v for v in variants if v.get("type") != "null"]
        if len(real) == 1:
            return object_hints(real[0], hint)
        return [h for i, v in enumerate(real) for h in object_hints(v, hint + Generator.variant_name(v, i))]
    kind = schema.get("type")
    if isinstance(kind, list):
        real_kinds = [k for k in kind if k != "null"]
        inner = dict(schema, type=real_kinds[0]) if len(real_kinds) == 1 else {
            "oneOf": [dict(schema, type=k) for k in real_kinds]}
        return object_hints(inner, hint)
    if kind == "array":
        return object_hints(schema.get("items"), hint + "Item")
    if (kind == "object" or "properties" in schema) and schema.get("properties"):
        return [hint] + [h for key, member in schema["properties"].items()
                         for h in object_hints(member, hint + camel(key))]
    return []


class Generator:
    """Collects the classes and aliases of every schema, in the order they are met."""

    def __init__(self, definitions: Optional[dict[str, Any]] = None) -> None:
        self.blocks: list[str] = []
        self.taken: set[str] = set()
        self.definitions: dict[str, Any] = definitions or {}
        # Each shared definition met: its annotation, decoder and the classes it made (in order).
        self.shared: dict[str, tuple[str, str, list[str]]] = {}
        self.recording: list[list[str]] = []
        # Per-method names of shared classes, kept one release: old name -> shared class.
        self.deprecated: dict[str, str] = {}
        # Method result names that are a shared class (QuotesRandomResult = Quote).
        self.result_names: dict[str, str] = {}
        self.aliases: dict[str, list[tuple[list[str], int, str]]] = {}
        self.methods: list[tuple[str, str, str, str]] = []  # wire name, params class, result type, its decoder

    def unique(self, name: str) -> str:
        candidate, number = name, 2
        while candidate in self.taken:
            candidate, number = f"{name}{number}", number + 1
        self.taken.add(candidate)
        return candidate

    def alias(self, prop: str, values: list[str], hint: str) -> str:
        """A placeholder for the open alias of an enumeration; `render` names it. Enumerations of the
        same property that share a value are one alias (Universe); the most used group of a
        property gets its name, another one a name from its place (CatalogRefreshResultStatus)."""
        groups = self.aliases.setdefault(prop, [])
        for index, (known, uses, _) in enumerate(groups):
            if set(known) & set(values):
                known.extend(value for value in values if value not in known)
                groups[index] = (known, uses + 1, groups[index][2])
                return f"@@{prop}@{index}@@"
        groups.append((list(values), 1, hint))
        return f"@@{prop}@{len(groups) - 1}@@"

    def type_of(self, schema: Any, hint: str, prop: str, doc: Optional[str] = None) -> tuple[str, str]:
        """The annotation of a schema and the expression of its decoder (a callable: Any -> T)."""
        if not isinstance(schema, dict):
            return "Any", "_any"
        if "$ref" in schema:
            return self.reference(schema, hint, prop)
        variants = schema.get("oneOf") or schema.get("anyOf")
        if variants:
            real = [v for v in variants if v.get("type") != "null"]
            nullable = len(real) < len(variants)
            if len(real) == 1:
                inner = dict(real[0])
                inner.setdefault("description", schema.get("description"))
                annotation, decoder = self.type_of(inner, hint, prop)
            else:
                parts = [self.type_of(v, hint + self.variant_name(inline_refs(v, self.definitions), i), prop)
                         for i, v in enumerate(real)]
                annotation = "Union[" + ", ".join(dict.fromkeys(a for a, _ in parts)) + "]"
                decoder = "_one_of(" + ", ".join(d for _, d in parts) + ")"
            if nullable:
                return f"Optional[{annotation}]", f"_optional({decoder})"
            return annotation, decoder
        kind = schema.get("type")
        if isinstance(kind, list):
            real_kinds = [k for k in kind if k != "null"]
            if len(real_kinds) == 1:
                inner = dict(schema, type=real_kinds[0])
            else:  # ["integer", "string"]: one variant per type
                inner = {"oneOf": [dict(schema, type=k) for k in real_kinds]}
            annotation, decoder = self.type_of(inner, hint, prop)
            if "null" in kind:
                return f"Optional[{annotation}]", f"_optional({decoder})"
            return annotation, decoder
        if kind == "string":
            if "enum" in schema or "const" in schema:
                values = schema.get("enum") or [schema["const"]]
                return self.alias(prop, [v for v in values if isinstance(v, str)], hint), "_str"
            return "str", "_str"
        if kind == "integer":
            return "int", "_int"
        if kind == "number":
            return "float", "_float"
        if kind == "boolean":
            return "bool", "_bool"
        if kind == "null":
            return "None", "_null"
        if kind == "array":
            annotation, decoder = self.type_of(schema.get("items"), hint + "Item", prop)
            return f"list[{annotation}]", f"_list_of({decoder})"
        if kind == "object" or "properties" in schema:
            if not schema.get("properties"):
                return "dict[str, Any]", "_dict"
            name = self.object_class(schema, hint, doc)
            return name, f"{name}.from_json"
        return "Any", "_any"

    def reference(self, schema: dict[str, Any], hint: str, prop: str) -> tuple[str, str]:
        """A use of a shared definition: one class (or alias) named after it, made on first use;
        the names this place gave it before (from `hint`) become deprecated aliases of it."""
        name = schema["$ref"][len(REFERENCE):]
        body = self.definitions.get(name) if schema["$ref"].startswith(REFERENCE) else None
        if body is None:
            raise SystemExit(f"$ref {schema['$ref']!r} names no definition of Schemas/defs.json")
        uses = dict(schema)
        del uses["$ref"]
        whole = inline_refs(dict(body, **uses), self.definitions)
        old_hints = object_hints(whole, hint)
        if not old_hints:  # a scalar or an enumeration (Universe, Token): written where it is used
            return self.type_of(whole, hint, prop)
        # Inside a definition, the place's names are the outer use's (it reserves them all).
        inside = bool(self.recording)
        # The names the old generator gave this place, reserved in its order so that numbering stays.
        old_names = [] if inside else [self.unique(h) for h in old_hints[:1]]
        if name not in self.shared:
            self.recording.append([])
            annotation, decoder = self.type_of(body, name, prop, f"{name}: defined once in Schemas/defs.json.")
            self.shared[name] = (annotation, decoder, self.recording.pop())
        annotation, decoder, made = self.shared[name]
        for list_ in self.recording:
            list_.extend(made)
        if not inside:
            old_names += [self.unique(h) for h in old_hints[1:]]
            for old, new in zip(old_names, made):
                self.deprecated[old] = new
        return annotation, decoder

    @staticmethod
    def variant_name(schema: dict[str, Any], index: int) -> str:
        for member in (schema.get("properties") or {}).values():
            if isinstance(member, dict) and isinstance(member.get("const"), str):
                return camel(member["const"])
        return f"Variant{index + 1}"

    def object_class(self, schema: dict[str, Any], hint: str, doc: Optional[str] = None,
                     request: Optional[tuple[str, str, str]] = None) -> str:
        """Writes the dataclass of an object schema; `request` (wire name, result type, its decoder)
        makes it a method's params class."""
        name = hint if hint in self.definitions and hint not in self.taken else self.unique(hint)
        self.taken.add(name)
        for list_ in self.recording:
            list_.append(name)
        properties: dict[str, Any] = schema.get("properties") or {}
        required = [key for key in schema.get("required", []) if key in properties]
        attributes = {key: snake(key) for key in properties}
        extra = "extra" if "extra" not in attributes.values() else "extra_members"
        fields: list[tuple[str, str, str, str, bool, Any]] = []
        for key, member in properties.items():
            annotation, decoder = self.type_of(member, hint + camel(key), key)
            fields.append((key, attributes[key], annotation, decoder, key in required, member))
        summary = doc or schema.get("description")
        lines = ["", "", "@dataclass(frozen=True)", f"class {name}:", docstring(summary or name + ".", "    "), ""]
        ordered = [f for f in fields if f[4]] + [f for f in fields if not f[4]]
        for key, attribute, annotation, _, is_required, member in ordered:
            description = member.get("description") if isinstance(member, dict) else None
            if isinstance(description, str):
                lines.extend(comment(description, "    "))
            if is_required:
                lines.append(f"    {attribute}: {annotation}")
            else:
                optional = annotation if annotation.startswith("Optional[") else f"Optional[{annotation}]"
                lines.append(f"    {attribute}: {optional} = None")
        lines.append("    # The members a newer bbfan adds, as they came.")
        lines.append(f"    {extra}: dict[str, Any] = field(default_factory=dict)")
        lines.append("")
        if request is not None:
            lines.append(f"    METHOD: ClassVar[str] = {json.dumps(request[0])}")
        constants = {key: member["const"] for key, member in properties.items()
                     if isinstance(member, dict) and isinstance(member.get("const"), str)}
        lines.append(f"    _CONSTANTS: ClassVar[dict[str, str]] = {json.dumps(constants)}")
        lines.append(f"    _KNOWN: ClassVar[frozenset[str]] = frozenset({strings(list(properties))})")
        lines.append("")
        lines.append("    @classmethod")
        lines.append(f"    def from_json(cls, value: Any) -> {name}:")
        lines.append(f"        members = _object(value, {strings(required)}, {json.dumps(name)})")
        lines.append("        return cls(")
        for key, attribute, _, decoder, is_required, _ in ordered:
            if is_required:
                lines.append(f"            {attribute}={decoder}(members[{json.dumps(key)}]),")
            else:
                lines.append(f"            {attribute}=_member(members, {json.dumps(key)}, {decoder}),")
        lines.append(f"            {extra}=_extra(members, cls._KNOWN),")
        lines.append("        )")
        lines.append("")
        lines.append("    def to_json(self) -> dict[str, Any]:")
        lines.append("        members: dict[str, Any] = {}")
        for key, attribute, _, _, is_required, _ in fields:
            if is_required:
                lines.append(f"        members[{json.dumps(key)}] = _encode(self.{attribute})")
            else:
                lines.append(f"        if self.{attribute} is not None:")
                lines.append(f"            members[{json.dumps(key)}] = _encode(self.{attribute})")
        lines.append(f"        members.update(self.{extra})")
        lines.append("        return members")
        if request is not None:
            lines.append("")
            lines.append(f"    def result_from_json(self, value: Any) -> {request[1]}:")
            lines.append(f"        \"\"\"Decodes {request[0]}'s result.\"\"\"")
            lines.append(f"        result: {request[1]} = {request[2]}(value)")
            lines.append("        return result")
        self.blocks.append("\n".join(lines))
        return name

    def method(self, schema: dict[str, Any]) -> None:
        wire = schema["name"]
        base = camel(wire)
        summary = schema.get("summary", "")
        result = schema.get("result") or {}
        result_type, result_decoder = self.type_of(result, base + "Result", "result", f"{wire}'s result: {summary}")
        if self.deprecated.get(base + "Result") == result_type:
            # The result is a shared class: its method's name stays, as an alias.
            del self.deprecated[base + "Result"]
            self.result_names[base + "Result"] = result_type
            self.blocks.append(f"\n\n{base}Result = {result_type}\n" + docstring(f"{wire}'s result: {summary}", ""))
            result_type = base + "Result"
        elif result_type.startswith(("Union[", "Optional[")) or result_type in ("Any", "dict[str, Any]"):
            alias = self.unique(base + "Result")
            self.blocks.append(f"\n\n{alias} = {result_type}\n" + docstring(f"{wire}'s result: {summary}", ""))
            result_type = alias
        params = dict(schema.get("params") or {})
        self.object_class(params, base + "Params", f"{wire}'s params: {summary}", (wire, result_type, result_decoder))
        self.methods.append((wire, base + "Params", result_type, result_decoder))

    def render(self) -> str:
        names: dict[str, str] = {}
        aliases = []
        for prop, groups in self.aliases.items():
            most = max(range(len(groups)), key=lambda index: groups[index][1])
            for index, (known, _, hint) in enumerate(groups):
                name = self.unique(camel(prop) if index == most else hint)
                names[f"@@{prop}@{index}@@"] = name
                aliases.append(f"\n\n{name} = Union[Literal[{', '.join(json.dumps(v) for v in known)}], str]\n"
                               + docstring(f"Open: {prop}'s known values, or any other string a newer bbfan sends.", ""))
        table = ["", "", "METHODS: dict[str, tuple[type[Any], Callable[[Any], Any]]] = {"]
        for wire, params_class, _, decoder in self.methods:
            table.append(f"    {json.dumps(wire)}: ({params_class}, {decoder}),")
        table.append("}")
        table.append('"""Every method: its params class and the decoder of its result."""')
        public = ["DecodeError", "METHODS", "Request"] + sorted(self.taken - set(self.deprecated))
        exported = ["", "", "__all__ = ["] + [f"    {json.dumps(name)}," for name in public] + ["]"]
        text = (HEADER + "".join(aliases) + "".join(self.blocks) + "\n".join(table) + "\n".join(exported) + "\n"
                + self.render_deprecated())
        return re.sub(r"@@[^@]+@[0-9]+@@", lambda match: names[match.group(0)], text)


    def render_deprecated(self) -> str:
        """The per-method names of shared classes, kept one release: warn when read."""
        if not self.deprecated:
            return ""
        lines = ["", "", "DEPRECATED_NAMES: dict[str, str] = {"]
        lines += [f"    {json.dumps(old)}: {json.dumps(new)}," for old, new in sorted(self.deprecated.items())]
        lines += ["}", '"""The per-method names of shared classes before 0.4, each the class it is now; they go in the next',
                  'release."""', "", "if TYPE_CHECKING:"]
        lines += [f"    {old} = {new}" for old, new in sorted(self.deprecated.items())]
        lines += ["", "", "def __getattr__(name: str) -> Any:",
                  '    """A name of DEPRECATED_NAMES: warns, then answers the shared class."""',
                  "    shared = DEPRECATED_NAMES.get(name)",
                  "    if shared is None:",
                  "        raise AttributeError(f\"module 'bbfan.types' has no attribute {name!r}\")",
                  "    warnings.warn(f\"bbfan.types.{name} is deprecated and goes away in the next release: \"",
                  "                  f\"use bbfan.types.{shared}\", DeprecationWarning, stacklevel=2)",
                  "    return globals()[shared]", ""]
        return "\n".join(lines)


def generate(schemas: str) -> str:
    definitions_path = os.path.join(schemas, "defs.json")
    definitions: dict[str, Any] = {}
    if os.path.exists(definitions_path):
        with open(definitions_path, encoding="utf-8") as f:
            definitions = json.load(f)["$defs"]
    generator = Generator(definitions)
    for file in sorted(os.listdir(schemas)):
        if file.endswith(".json") and file != "defs.json":
            with open(os.path.join(schemas, file), encoding="utf-8") as f:
                generator.method(json.load(f))
    return generator.render()


def main(arguments: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schemas", default=DEFAULT_SCHEMAS, help="the folder of METHOD.json files")
    parser.add_argument("--output", default=DEFAULT_OUTPUT, help="the Python file to write")
    parser.add_argument("--check", action="store_true", help="exit 1 when the output is stale; write nothing")
    options = parser.parse_args(arguments)
    text = generate(options.schemas)
    try:
        with open(options.output, encoding="utf-8") as f:
            current: Optional[str] = f.read()
    except FileNotFoundError:
        current = None
    if options.check:
        if current != text:
            print(f"{options.output} is stale: Schemas/ changed; run python3 tools/generate.py "
                  "(in Clients/Python) and commit it", file=sys.stderr)
            return 1
        return 0
    if current != text:
        with open(options.output, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"wrote {options.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
