"""One call per method: the methods the built binary lists in rpc.discover against the calls of
BBFanClient and BlockingClient, named by the rule (tools/generate.py's call_name:
quotes.byCharacter is quotes_by_character); and each call sends the method it is named for and
decodes its schema's example reply. BBFAN_BINARY=.build/debug/bbfan python3 -m unittest"""
import asyncio
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
from bbfan import BBFanClient, BlockingClient  # noqa: E402
from generate import call_name  # noqa: E402

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
    """A client without a process: it records what each call sends and answers an example of the
    method's schema, one that uses no param the call did not send (`fits`), when there is one."""

    def __init__(self):
        self.sent = []
        self.examples = {}
        for path in glob.glob(os.path.join(SCHEMAS, "*.json")):
            with open(path, encoding="utf-8") as f:
                schema = json.load(f)
            self.examples[schema["name"]] = schema.get("examples", [])

    async def call(self, method, params=None, on_progress=None):
        self.sent.append(method)
        examples = [e for e in self.examples.get(method, []) if "result" in e]
        fitting = [e for e in examples if set(e.get("params", {})) <= set(params or {})]
        self.fits = bool(fitting)
        return (fitting or examples or [{"result": {}}])[0]["result"]


def sample(parameter):
    """An argument of a parameter's type, for a call made only to see what it sends."""
    annotation = str(parameter.annotation)
    for kind, value in (("int", 1), ("list", ["a", "b"]), ("str", "x")):
        if annotation.startswith(kind):
            return value
    raise AssertionError(f"no sample for {parameter}")


class EachCallSendsItsMethodTests(unittest.TestCase):
    def test_each_call_sends_the_method_it_is_named_for_and_decodes_its_example(self):
        """Named by the rule is not enough: episodes_get must send episodes.get (and decode the
        reply its schema shows)."""
        methods = {call_name(name): name for name in Recorder().examples}
        for name, method in sorted(methods.items()):
            with self.subTest(call=name):
                client = Recorder()
                call = getattr(client, name)
                arguments = [sample(p) for p in list(inspect.signature(call).parameters.values())
                             if p.default is inspect.Parameter.empty and p.kind is p.POSITIONAL_OR_KEYWORD]
                try:
                    asyncio.run(call(*arguments))
                except (KeyError, TypeError, ValueError):
                    if client.fits:  # the reply is the schema's: the call must decode it
                        raise
                self.assertEqual(client.sent, [method])


if __name__ == "__main__":
    unittest.main()
