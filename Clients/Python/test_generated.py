"""bbfan/_types.py is what tools/generate.py writes from Schemas/ (CI fails when it is stale), and
the generated types decode every example of every schema, and replies a newer bbfan may send.
No bbfan binary needed."""
import copy
import glob
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMAS = os.path.join(os.path.dirname(os.path.dirname(HERE)), "Schemas")
GENERATOR = os.path.join(HERE, "tools", "generate.py")
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "tools"))
from bbfan import types  # noqa: E402
from generate import call_name, inline_refs  # noqa: E402

DEFINITIONS = os.path.join(SCHEMAS, "defs.json")


def schemas():
    """Every method schema, its references into Schemas/defs.json inlined (as rpc.discover serves it)."""
    with open(DEFINITIONS, encoding="utf-8") as f:
        definitions = json.load(f)["$defs"]
    for path in sorted(glob.glob(os.path.join(SCHEMAS, "*.json"))):
        if path == DEFINITIONS:
            continue
        with open(path, encoding="utf-8") as f:
            yield inline_refs(json.load(f), definitions)


class GeneratorTests(unittest.TestCase):
    def test_the_committed_types_are_what_the_generator_writes(self):
        checked = subprocess.run([sys.executable, GENERATOR, "--check"], capture_output=True, text=True)
        self.assertEqual(checked.returncode, 0, "bbfan/_types.py is stale: run python3 tools/generate.py "
                         f"in Clients/Python and commit it\n{checked.stderr}")

    def test_one_class_per_shared_definition(self):
        """Each object defined once in Schemas/defs.json is one class, named after it, whatever the
        number of methods using it; the per-method names it had warn and answer that class."""
        import dataclasses
        import warnings
        with open(DEFINITIONS, encoding="utf-8") as f:
            definitions = json.load(f)["$defs"]
        quote_members = list(definitions["Quote"]["properties"])
        classes = {value for value in vars(types).values() if dataclasses.is_dataclass(value)}
        same = [c.__name__ for c in classes
                if [f.name for f in dataclasses.fields(c) if f.name != "extra"] == [
                    "id", "text", "author", "character_id", "series", "is_favorite", "favorite_count"]]
        self.assertEqual(len(quote_members), 7)
        self.assertEqual(same, ["Quote"])
        for name in ["Quote", "Quiz", "User", "Episode", "BreakingBadCharacter", "RickAndMortyCharacter",
                     "Review", "LocationRef", "Appearances"]:
            self.assertIn(name, definitions)
            self.assertTrue(dataclasses.is_dataclass(getattr(types, name)), name)
        # A method whose result is a shared class keeps its result name, without warning.
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            self.assertIs(types.QuotesRandomResult, types.Quote)
            self.assertIs(types.QuizzesGetResult, types.Quiz)
        self.assertNotIn("FavoritesListResultQuotesItem", types.__all__)
        with self.assertWarnsRegex(DeprecationWarning, "use bbfan.types.Quote"):
            self.assertIs(types.FavoritesListResultQuotesItem, types.Quote)
        with self.assertRaises(AttributeError):
            types.NoSuchName  # noqa: B018

    def test_check_names_the_stale_file_when_a_schema_changes(self):
        with tempfile.TemporaryDirectory() as folder:
            changed = os.path.join(folder, "Schemas")
            shutil.copytree(SCHEMAS, changed)
            path = os.path.join(changed, "episodes.get.json")
            with open(path, encoding="utf-8") as f:
                schema = json.load(f)
            schema["result"]["properties"]["rating"] = {"type": "number"}
            with open(path, "w", encoding="utf-8") as f:
                json.dump(schema, f)
            checked = subprocess.run([sys.executable, GENERATOR, "--check", "--schemas", changed],
                                     capture_output=True, text=True)
            self.assertEqual(checked.returncode, 1)
            self.assertIn(os.path.join("bbfan", "_types.py") + " is stale", checked.stderr)
            output = os.path.join(folder, "_types.py")
            subprocess.run([sys.executable, GENERATOR, "--schemas", changed, "--output", output], check=True,
                           capture_output=True)
            with open(output, encoding="utf-8") as f:
                self.assertIn("    rating: Optional[float] = None", f.read())

    def test_a_new_method_gets_types_from_its_schema_alone(self):
        schema = {"name": "widgets.byColour", "summary": "Widgets.", "params": {
            "type": "object", "required": ["colour"], "properties": {
                "colour": {"type": "string", "enum": ["red", "blue"]}, "idOrName": {"type": ["integer", "string"]}}},
            "result": {"type": "object", "required": ["widgets"], "properties": {"widgets": {"type": "array", "items": {
                "type": "object", "required": ["widgetId", "madeBy"], "properties": {
                    "widgetId": {"type": "integer"}, "madeBy": {"type": ["string", "null"]}}}}}}}
        with tempfile.TemporaryDirectory() as folder:
            os.mkdir(os.path.join(folder, "Schemas"))
            with open(os.path.join(folder, "Schemas", "widgets.byColour.json"), "w", encoding="utf-8") as f:
                json.dump(schema, f)
            output = os.path.join(folder, "widget_types.py")
            subprocess.run([sys.executable, GENERATOR, "--schemas", os.path.join(folder, "Schemas"), "--output", output],
                           check=True, capture_output=True)
            with open(output, encoding="utf-8") as f:
                source = f.read()
            # Loaded as a module of the package, as _types.py is: it imports bbfan._decoding.
            spec = importlib.util.spec_from_file_location("bbfan.widget_types", output)
            module = importlib.util.module_from_spec(spec)
            sys.modules["bbfan.widget_types"] = module  # dataclasses look their module up
            self.addCleanup(sys.modules.pop, "bbfan.widget_types")
            spec.loader.exec_module(module)
            namespace = vars(module)
        self.assertIn('Colour = Union[Literal["red", "blue"], str]', source)
        params = namespace["WidgetsByColourParams"](colour="green", id_or_name=7)
        self.assertEqual((params.METHOD, params.to_json()), ("widgets.byColour", {"colour": "green", "idOrName": 7}))
        result = params.result_from_json({"widgets": [{"widgetId": 1, "madeBy": None}]})
        self.assertEqual((result.widgets[0].widget_id, result.widgets[0].made_by), (1, None))
        self.assertEqual(type(result.widgets[0]).__name__, "WidgetsByColourResultWidgetsItem")

    def test_every_method_has_types(self):
        names = [schema["name"] for schema in schemas()]
        self.assertIn("quizzes.review", names)
        self.assertEqual(sorted(types.METHODS), sorted(names))
        for name in names:
            params, _ = types.METHODS[name]
            self.assertEqual(params.METHOD, name)

    def test_the_naming_rule(self):
        self.assertEqual([call_name(n) for n in ("episodes.get", "quotes.byCharacter", "auth.checkPassword",
                                                 "rpc.discover", "service.info", "auth.deleteAccount")],
                         ["episodes_get", "quotes_by_character", "auth_check_password", "rpc_discover",
                          "service_info", "auth_delete_account"])


class DecodingTests(unittest.TestCase):
    def test_every_example_decodes_and_encodes_back(self):
        count = 0
        for schema in schemas():
            params_class, decode = types.METHODS[schema["name"]]
            for example in schema.get("examples", []):
                with self.subTest(method=schema["name"], example=example.get("name")):
                    params = params_class.from_json(example.get("params", {}))
                    result = params.result_from_json(example["result"])
                    self.assertEqual(decode(example["result"]), result)
                    self.assertEqual(result.to_json(), example["result"])
                    # A member sent as null to remove it (profile.update's photo) reads as left out.
                    sent = {key: value for key, value in example.get("params", {}).items() if value is not None}
                    self.assertEqual(params.to_json(), sent)
                    count += 1
        self.assertGreater(count, 40)

    def test_snake_case_attributes_over_camel_case_members(self):
        reply = {"id": 1, "universe": "breaking-bad", "title": "Pilot", "series": "breaking-bad", "season": 1,
                 "episode": 1, "airDate": "2008-01-20",
                 "characters": [{"name": "a fly", "characterId": None, "characterName": None}]}
        episode = types.EpisodesGetResult.from_json(reply)
        self.assertEqual((episode.air_date, episode.code, episode.characters[0].character_id),
                         ("2008-01-20", None, None))
        params = types.EpisodesFilterParams(aired_from="2009-01-01", characters=[1, "Hank Schrader"])
        self.assertEqual(params.to_json(), {"airedFrom": "2009-01-01", "characters": [1, "Hank Schrader"]})

    def test_values_and_members_a_newer_bbfan_sends_decode(self):
        reply = {"id": 7, "universe": "futurama", "title": "Space Pilot 3000", "series": "futurama", "season": 1,
                 "episode": 1, "airDate": "1999-03-28", "characters": [], "director": "Rich Moore"}
        episode = types.EpisodesGetResult.from_json(reply)
        self.assertEqual((episode.universe, episode.series), ("futurama", "futurama"))
        self.assertEqual(episode.extra, {"director": "Rich Moore"})
        self.assertEqual(episode.to_json(), reply)
        with open(os.path.join(SCHEMAS, "characters.get.json"), encoding="utf-8") as f:
            walt = copy.deepcopy(json.load(f)["examples"][0]["result"])
        walt.update(universe="futurama", status="frozen")
        character = types.METHODS["characters.get"][1](walt)
        self.assertIsInstance(character, types.CharactersGetResultBreakingBad)  # by shape, its universe unknown
        self.assertEqual((character.universe, character.status), ("futurama", "frozen"))
        review = types.QuizzesReviewResult.from_json({
            "id": 1, "grade": "perfect", "repeatToday": False,
            "review": {"dueAt": "2026-01-01T00:00:00Z", "intervalDays": 1, "ease": 2.5, "repetitions": 1,
                       "lapses": 0, "reviews": 1, "leech": False}})
        self.assertEqual(review.grade, "perfect")
        refresh = types.CatalogRefreshResult.from_json(dict(
            types.CatalogRefreshResult.from_json(self.example("catalog.refresh")).to_json(),
            resources=[{"name": "planets", "url": "https://example.org/planets", "status": "skipped", "bytes": 3}]))
        self.assertEqual((refresh.resources[0].name, refresh.resources[0].status), ("planets", "skipped"))

    def test_an_error_reason_a_newer_bbfan_sends_reads_as_it_is(self):
        import bbfan
        error = bbfan.BBFanError(-32099, "Something new.", {"reason": "brand-new-reason", "field": "x"})
        self.assertEqual((error.code, error.reason, error.problems), (-32099, "brand-new-reason", []))

    @staticmethod
    def example(method):
        with open(os.path.join(SCHEMAS, method + ".json"), encoding="utf-8") as f:
            return json.load(f)["examples"][0]["result"]

    def test_a_reply_of_the_wrong_shape_is_a_decode_error(self):
        with self.assertRaisesRegex(types.DecodeError, "EpisodesGetResult: missing title"):
            types.EpisodesGetResult.from_json({"id": 1, "universe": "breaking-bad", "series": "breaking-bad",
                                               "season": 1, "episode": 1, "airDate": "x", "characters": []})
        with self.assertRaisesRegex(types.DecodeError, "expected an integer"):
            types.FavoritesToggleResult.from_json({"quoteId": "1", "isFavorite": True, "favoriteCount": 1})


if __name__ == "__main__":
    unittest.main()
