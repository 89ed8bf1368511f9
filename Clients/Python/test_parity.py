"""One call per method: the methods the built binary lists in rpc.discover against the calls of
BBFanClient and BlockingClient, named by the rule (tools/generate.py's call_name:
quotes.byCharacter is quotes_by_character); and each call sends the method it is named for and
decodes its schema's example reply; each call takes its generated params' members and answers its
generated result. BBFAN_BINARY=.build/debug/bbfan python3 -m unittest"""
import asyncio
import dataclasses
import glob
import inspect
import json
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "tools"))
from bbfan import KEEP, BBFanClient, BlockingClient, types  # noqa: E402
from generate import call_name, snake  # noqa: E402

BINARY = os.environ.get("BBFAN_BINARY", "bbfan")
SCHEMAS = os.path.join(os.path.dirname(os.path.dirname(HERE)), "Schemas")

# Public members that are no method's call: the process's life, the raw and generic calls, pages
# of any list method, notifications.
HELPERS = {"start", "close", "wait_exit", "pid", "max_message_bytes", "call", "send", "page", "pages",
           "notifications", "next_notification"}


def calls(client: type) -> dict[str, object]:
    """The client's public calls, without helpers and deprecated aliases."""
    return {name: member for name, member in inspect.getmembers(client)
            if not name.startswith("_") and name not in HELPERS and callable(member)
            and not hasattr(member, "deprecated_alias_of")}


class ParityTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with tempfile.TemporaryDirectory() as data:
            with BlockingClient.start(BINARY, "--data-dir", data, "--log-level", "off") as client:
                cls.methods = [method.name for method in client.rpc_discover().methods]

    def test_every_method_has_a_call_and_every_call_a_method(self):
        self.assertIn("quizzes.review", self.methods)
        expected = {call_name(method): method for method in self.methods}
        for client in (BBFanClient, BlockingClient):
            with self.subTest(client=client.__name__):
                present = calls(client)
                missing = [f"{method} (add {client.__name__}.{name})" for name, method in expected.items()
                           if name not in present]
                self.assertEqual(missing, [], f"methods with no call on {client.__name__}")
                unknown = [name for name in present if name not in expected]
                self.assertEqual(unknown, [], f"calls of {client.__name__} that name no method: rename them "
                                 "by the rule, mark them @deprecated_alias, or list them in HELPERS")

    def test_every_deprecated_alias_names_a_call(self):
        for client in (BBFanClient, BlockingClient):
            aliases = {name: member.deprecated_alias_of for name, member in inspect.getmembers(client)
                       if hasattr(member, "deprecated_alias_of")}
            self.assertIn("toggle_favorite", aliases)
            for name, replacement in aliases.items():
                with self.subTest(client=client.__name__, alias=name):
                    self.assertIn(replacement, calls(client))



class Recorder(BBFanClient):
    """A client without a process: it records what each call sends and answers the result of the
    schema example it is given."""

    def __init__(self, result):
        self.sent = []
        self.result = result

    async def call(self, method, params=None, on_progress=None):
        self.sent.append((method, params or {}))
        return self.result


def examples():
    """Every method's schema examples that have a result, by wire name."""
    found = {}
    for path in glob.glob(os.path.join(SCHEMAS, "*.json")):
        if os.path.basename(path) == "defs.json":  # the shared definitions, no method
            continue
        with open(path, encoding="utf-8") as f:
            schema = json.load(f)
        found[schema["name"]] = [e for e in schema.get("examples", []) if "result" in e]
    return found


def fields(params_class):
    """The members of a generated params class, in order, as (name, required)."""
    return [(f.name, f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
            for f in dataclasses.fields(params_class) if f.name != "extra"]


# Arguments a call takes beyond its params class: catalog.refresh's progress, which is no member
# of its params schema.
CALL_ONLY = {"catalog_refresh": {"progress_token", "on_progress"}}


class SignatureTests(unittest.TestCase):
    def test_each_call_takes_its_params_members_and_answers_its_result_type(self):
        """A call's arguments are its generated params class's members, in order: the required
        ones positional or keyword, the others keyword-only; it answers the generated result."""
        for client in (BBFanClient, BlockingClient):
            for method, (params_class, _) in sorted(types.METHODS.items()):
                name = call_name(method)
                with self.subTest(client=client.__name__, call=name):
                    signature = inspect.signature(getattr(client, name))
                    parameters = [p for p in list(signature.parameters.values())[1:]
                                  if p.name not in CALL_ONLY.get(name, set())]
                    expected = fields(params_class)
                    self.assertEqual([p.name for p in parameters], [n for n, _ in expected])
                    kinds = [p.kind for p in parameters]
                    self.assertEqual(kinds, [inspect.Parameter.POSITIONAL_OR_KEYWORD if required
                                             else inspect.Parameter.KEYWORD_ONLY for _, required in expected])
                    result = inspect.signature(params_class.result_from_json).return_annotation
                    self.assertEqual(signature.return_annotation, f"types.{result}")


class EachCallSendsItsMethodTests(unittest.TestCase):
    def test_each_call_sends_its_example_params_and_decodes_its_example_result(self):
        """Named by the rule is not enough: episodes_get must send episodes.get with the params it
        was given, and answer the reply decoded into its generated result (every example of every
        method's schema, on both clients)."""
        every = examples()
        self.assertEqual(sorted(every), sorted(types.METHODS))
        for method, cases in sorted(every.items()):
            params_class, _ = types.METHODS[method]
            name = call_name(method)
            self.assertTrue(cases, f"{method}'s schema has no example with a result")
            for index, example in enumerate(cases):
                wire = example.get("params", {})
                params = params_class.from_json(wire)
                arguments = {}
                for field in dataclasses.fields(params_class):
                    key = next((k for k in params_class._KNOWN if snake(k) == field.name), None)
                    if field.name == "extra":
                        continue
                    if key in wire:
                        arguments[field.name] = getattr(params, field.name)
                    elif inspect.signature(getattr(BBFanClient, name)).parameters[field.name].default is not KEEP:
                        arguments[field.name] = None
                expected = params.result_from_json(example["result"])
                for kind in ("asyncio", "blocking"):
                    with self.subTest(call=name, example=index, client=kind):
                        recorder = Recorder(example["result"])
                        if kind == "asyncio":
                            answer = asyncio.run(getattr(recorder, name)(**arguments))
                        else:
                            blocking = BlockingClient(recorder, asyncio.new_event_loop())
                            try:
                                answer = getattr(blocking, name)(**arguments)
                            finally:
                                blocking._loop.close()
                        self.assertEqual(recorder.sent, [(method, wire)])
                        self.assertIs(type(answer), type(expected))
                        self.assertEqual(answer, expected)


if __name__ == "__main__":
    unittest.main()
