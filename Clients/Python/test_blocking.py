"""Tests of bbfan.BlockingClient against the built binary: BBFAN_BINARY=.build/debug/bbfan python3 -m unittest"""
import asyncio
import inspect
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bbfan  # noqa: E402
from bbfan import BBFanClient, BBFanError, BlockingClient, Page  # noqa: E402

BINARY = os.environ.get("BBFAN_BINARY", "bbfan")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class ParityTests(unittest.TestCase):
    def test_every_async_call_has_a_blocking_one_with_the_same_parameters(self):
        # the generated calls (bbfan/_calls.py) are inherited: vars() of the class and its bases
        members = {name: value for cls in reversed(BBFanClient.__mro__) for name, value in vars(cls).items()}
        calls = {name: value for name, value in members.items()
                 if not name.startswith("_") and (inspect.iscoroutinefunction(value) or inspect.isasyncgenfunction(value)
                                                  or hasattr(value, "deprecated_alias_of"))}
        self.assertIn("quizzes_review", calls)
        self.assertIn("toggle_favorite", calls)
        for name, call in calls.items():
            with self.subTest(name):
                blocking = getattr(BlockingClient, name, None)
                self.assertIsNotNone(blocking, f"BlockingClient has no {name}")
                self.assertEqual(inspect.signature(blocking).parameters, inspect.signature(call).parameters)
                self.assertEqual(getattr(blocking, "deprecated_alias_of", None),
                                 getattr(call, "deprecated_alias_of", None))
                if inspect.iscoroutinefunction(inspect.unwrap(call)):
                    self.assertEqual(inspect.signature(blocking).return_annotation,
                                     inspect.signature(call).return_annotation)


class BlockingClientTests(unittest.TestCase):
    def setUp(self):
        self.data = tempfile.TemporaryDirectory()
        self.addCleanup(self.data.cleanup)
        self.client = BlockingClient.start(BINARY, "--data-dir", self.data.name, "--seed", "1",
                                           "--password-cost", "1000", "--log-level", "off")

    def tearDown(self):
        self.assertEqual(self.client.close(), 0)

    def test_calls_return_their_results(self):
        listed = self.client.episodes_list(series="breaking-bad")
        self.assertIsInstance(listed, bbfan.types.EpisodesListResult)
        self.assertEqual([s.season for s in listed.seasons], [1, 2, 3, 4, 5])
        self.assertEqual(self.client.episodes_get(37).id, 37)
        saul = self.client.characters_get(8)
        assert isinstance(saul, bbfan.types.CharactersGetResultBreakingBad)
        self.assertEqual(saul.nickname, "Jimmy McGill")
        self.assertEqual(self.client.quotes_random(author="Gus Fring").character_id, 9)
        self.assertEqual(self.client.service_info().name, "bbfan")
        self.assertEqual(self.client.locations_get(35).name, "Planet Squanch")
        signed_in = self.client.auth_register("walt", "Heisenberg1!")
        self.assertEqual(signed_in.user.username, "walt")
        toggle = self.client.favorites_toggle(1)
        self.assertEqual((toggle.is_favorite, toggle.favorite_count), (True, 1))
        self.assertEqual([q.id for q in self.client.favorites_list().quotes], [1])
        self.assertEqual(self.client.send(bbfan.types.QuotesByCharacterParams(id=9)).quotes[0].character_id, 9)
        with self.assertWarnsRegex(DeprecationWarning, "use favorites_list\\(\\)") as caught:
            self.assertEqual([q.id for q in self.client.favorites()], [1])
        # One warning, pointing at the caller's line.
        self.assertEqual(caught.filename, __file__)
        self.assertEqual(self.client.call("favorites.list")["quotes"][0]["id"], 1)

    def test_deprecated_names_answer_the_generated_class_of_their_old_name(self):
        with self.assertWarnsRegex(DeprecationWarning, "use auth_register\\(\\)"):
            signed_in = self.client.register("walt", "Heisenberg1!")
        self.assertIs(type(signed_in), bbfan.types.AuthLoginResult)
        with self.assertWarnsRegex(DeprecationWarning, "use auth_session\\(\\)"):
            self.assertEqual(self.client.session(), bbfan.types.User(signed_in.user.id, "walt"))
        with self.assertWarnsRegex(DeprecationWarning, "use favorites_toggle\\(\\)"):
            self.assertEqual(self.client.toggle_favorite(1), bbfan.types.FavoritesToggleResult(1, True, 1))
        with self.assertWarnsRegex(DeprecationWarning, "use favorites_top\\(\\)"):
            top = self.client.top_favorites()
        self.assertEqual([(type(q), q.id) for q in top], [(bbfan.types.QuotesRandomResult, 1)])
        with self.assertWarnsRegex(DeprecationWarning, "use characters_list\\(\\)"):
            groups = self.client.characters_by_initial(series="better-call-saul")
        self.assertIn("Kimberly Wexler", [c.name for c in groups["K"]])

    def test_errors_raise_bbfan_error_and_the_client_goes_on(self):
        with self.assertRaises(BBFanError) as raised:
            self.client.episodes_get(999)
        self.assertEqual((raised.exception.code, raised.exception.reason), (-32004, "not-found"))
        with self.assertRaises(BBFanError) as raised:
            self.client.quizzes_create("Quick Sort", ["a", "b"])
        self.assertEqual(raised.exception.reason, "unauthorized")
        self.assertEqual(self.client.episodes_get(1).title, "Pilot")

    def test_too_large_fails_without_being_sent(self):
        with self.assertRaises(BBFanError) as raised:
            self.client.call("episodes.get", {"id": 1, "pad": "x" * (self.client.max_message_bytes + 1)})
        self.assertEqual(raised.exception.reason, "too-large")
        self.assertEqual(self.client.episodes_get(2).id, 2)

    def test_pages_to_the_end(self):
        pages = list(self.client.pages("episodes.filter", {"series": "breaking-bad"}, limit=25))
        self.assertTrue(all(isinstance(page, Page) for page in pages))
        self.assertEqual([len(page.records) for page in pages], [25, 25, 12])
        self.assertEqual(pages[-1].next_cursor, None)
        self.assertEqual(sum(len(page.records) for page in pages), pages[0].total)

    def test_close_twice_and_no_call_after(self):
        self.assertEqual(self.client.close(), 0)
        with self.assertRaises(RuntimeError):
            self.client.episodes_get(1)

    def test_inside_a_running_loop_it_refuses(self):
        async def inside():
            with self.assertRaises(RuntimeError):
                self.client.episodes_get(1)
        asyncio.run(inside())
        self.assertEqual(self.client.episodes_get(1).id, 1)


class BlockingLiveSourceTests(unittest.TestCase):
    """Progress and notifications of a blocking catalog_refresh (Tests/Tools/fake_api.py)."""

    def setUp(self):
        self.server = subprocess.Popen(
            [sys.executable, os.path.join(ROOT, "Tests", "Tools", "fake_api.py"),
             os.path.join(ROOT, "Data", "breaking-bad")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        port = int(self.server.stdout.readline())
        self.data = tempfile.TemporaryDirectory()
        self.client = BlockingClient.start(BINARY, "--data-dir", self.data.name, "--log-level", "off",
                                           "--source", f"rick-and-morty=http://127.0.0.1:{port}/ok/rmapi")

    def tearDown(self):
        self.assertEqual(self.client.close(), 0)
        self.server.stdin.close()
        self.server.stdout.close()
        self.server.wait()
        self.data.cleanup()

    def test_progress_to_a_callback_and_news_to_next_notification(self):
        steps = []
        result = self.client.catalog_refresh(universe="rick-and-morty", on_progress=steps.append)
        self.assertIsInstance(result, bbfan.types.CatalogRefreshResult)
        self.assertTrue(result.changed)
        self.assertEqual([step["progress"] for step in steps], list(range(55)))
        news = self.client.next_notification(timeout=30)
        self.assertEqual((news["method"], news["params"]["universe"]), ("catalog.changed", "rick-and-morty"))
        self.assertEqual(self.client.notifications(), [])
        with self.assertRaises(TimeoutError):
            self.client.next_notification(timeout=0.05)


if __name__ == "__main__":
    unittest.main()
