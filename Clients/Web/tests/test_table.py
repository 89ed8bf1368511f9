"""The bridge's one table (allowlist.TABLE) holds every wire method of bbfan exactly once, and its
contract half (contract.py, generated from Schemas/) is what the built bbfan serves.

The methods are those of the built bbfan's rpc.discover (FanProtocol's WireMethods.all), so a new
method fails here until the table says what browsers may do with it.
"""

import ast
import importlib.util
import json
import subprocess
import unittest
from pathlib import Path

from bbfan_web import allowlist, contract

from support import bbfan_binary

WEB = Path(__file__).resolve().parent.parent
GENERATOR = WEB / "tools" / "generate_contract.py"


def discover() -> dict:
    """The built bbfan's rpc.discover reply."""
    answered = subprocess.run([bbfan_binary(), "call", "rpc.discover", "{}"], capture_output=True,
                              text=True, check=True)
    return json.loads(answered.stdout)


def generator():
    """tools/generate_contract.py as a module."""
    spec = importlib.util.spec_from_file_location("generate_contract", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class TableTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.document = discover()
        cls.served = [method["name"] for method in cls.document["methods"]]

    def test_every_wire_method_is_in_the_table_once(self):
        self.assertEqual(len(self.served), len(set(self.served)), self.served)
        self.assertEqual(sorted(self.served), sorted(allowlist.TABLE))
        self.assertEqual(sorted(self.served), sorted(contract.PARAMS))

    def test_the_table_names_no_method_twice(self):
        # A dict literal keeps the last of two equal keys silently: read the source instead.
        source = ast.parse(Path(allowlist.__file__).read_text())
        tables = [node.value for node in ast.walk(source) if isinstance(node, ast.AnnAssign)
                  and isinstance(node.target, ast.Name) and node.target.id == "TABLE"]
        self.assertEqual(len(tables), 1)
        keys = [key.value for key in tables[0].keys]
        self.assertEqual(len(keys), len(set(keys)), keys)

    def test_the_contract_half_is_what_bbfan_serves(self):
        served = generator().render(generator().from_discover(self.document))
        committed = (WEB / "bbfan_web" / "contract.py").read_text()
        self.assertEqual(committed, served, "bbfan_web/contract.py differs from the built bbfan's "
                         "contract: run python3 Clients/Web/tools/generate_contract.py")

    def test_each_entry_is_well_formed(self):
        for method, entry in allowlist.TABLE.items():
            with self.subTest(method=method):
                params = contract.PARAMS[method]
                self.assertIn(entry.access, ("forward", "bridge", "refused"))
                self.assertIn(entry.token, ("none", "optional", "required"))
                self.assertLessEqual(entry.withheld, set(params), "withholds a param it lacks")
                self.assertNotIn("token", entry.withheld, "token is the token column's")
                if entry.access == "forward":
                    # The bridge adds a token exactly where the method takes one.
                    self.assertEqual(entry.token != "none", "token" in params)
                else:
                    self.assertEqual(entry, allowlist.Entry(entry.access),
                                     "a method the bridge does not forward has no forwarding rules")

    def test_check_follows_the_table(self):
        for method, entry in allowlist.TABLE.items():
            with self.subTest(method=method):
                refused = allowlist.check(method, None)
                if entry.access == "refused":
                    self.assertIsNotNone(refused)
                    self.assertEqual(refused[0], -32601)
                else:
                    self.assertIsNone(refused)
                if entry.access == "forward":
                    rule = allowlist.RULES[method]
                    self.assertEqual(set(rule.params), (set(contract.PARAMS[method]) - {"token"}
                                                        - entry.withheld) | set(entry.own))
                    for name in sorted(entry.withheld | ({"token"} & set(contract.PARAMS[method]))):
                        refused = allowlist.check(method, {name: None})
                        self.assertEqual(refused and refused[:1], (-32602,), name)

    def test_the_generator_reads_schemas_and_discover_alike(self):
        module = generator()
        parsed = module.from_discover(self.document)
        self.assertEqual(sorted(parsed), sorted(contract.PARAMS))
        self.assertEqual(module.kind({"oneOf": [{"type": "integer"}, {"type": "string"}]}),
                         "integer|string")
        self.assertEqual(module.kind({"type": "array", "items": {"type": ["string", "null"]}}),
                         "array<string|null>")


if __name__ == "__main__":
    unittest.main()
