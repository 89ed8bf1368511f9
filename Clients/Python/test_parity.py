"""One call per method: the methods the built binary lists in rpc.discover against the calls of
BBFanClient and BlockingClient, named by the rule (tools/generate.py's call_name:
quotes.byCharacter is quotes_by_character). BBFAN_BINARY=.build/debug/bbfan python3 -m unittest"""
import inspect
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


if __name__ == "__main__":
    unittest.main()
