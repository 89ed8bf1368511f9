"""Tests of bbfan_client against the built binary: BBFAN_BINARY=.build/debug/bbfan python3 -m unittest"""
import asyncio
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bbfan_client import BBFanClient, BBFanError  # noqa: E402

BINARY = os.environ.get("BBFAN_BINARY", "bbfan")


class ClientTests(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self):
        self.data = tempfile.TemporaryDirectory()
        self.client = await BBFanClient.start(BINARY, "--data-dir", self.data.name, "--seed", "1",
                                              "--password-cost", "1000", "--log-level", "off")

    async def asyncTearDown(self):
        self.assertEqual(await self.client.close(), 0)
        self.data.cleanup()

    async def test_catalog(self):
        seasons = await self.client.episodes_list(series="breaking-bad")
        self.assertEqual([s.season for s in seasons], [1, 2, 3, 4, 5])
        self.assertEqual(seasons[0].episodes[0].title, "Pilot")
        self.assertEqual(len(await self.client.episodes_filter(season=2)), 23)
        details = await self.client.episodes_get(37)
        self.assertIn("Walter White Jr.", [m.character_name for m in details.characters])
        saul = await self.client.characters_get(8)
        self.assertEqual(saul.character.nickname, "Jimmy McGill")
        self.assertTrue(saul.quotes)
        groups = await self.client.characters_by_initial(series="better-call-saul")
        self.assertIn("K", groups)
        dead = await self.client.characters_filter(status="deceased", seasons=[5])
        self.assertIn("Henry Schrader", [c.name for c in dead])
        self.assertEqual((await self.client.quotes_random(author="Gus Fring")).character_id, 9)

    async def test_rick_and_morty(self):
        seasons = await self.client.episodes_list(universe="rick-and-morty")
        episodes = [e for s in seasons for e in s.episodes]
        self.assertEqual(len(episodes), 51)
        self.assertEqual((episodes[0].code, episodes[0].air_date, episodes[0].universe),
                         ("S01E01", "2013-12-02", "rick-and-morty"))
        pilot = await self.client.episodes_get(1, universe="rick-and-morty")
        self.assertIn("Rick Sanchez", [m.character_name for m in pilot.characters])
        rick = await self.client.characters_get(1, universe="rick-and-morty")
        self.assertEqual((rick.character.species, rick.character.origin.name, rick.character.episode_count),
                         ("Human", "Earth (C-137)", 51))
        self.assertEqual(len(rick.episodes), 51)
        males = await self.client.characters_filter(universe="rick-and-morty", name="smith", gender="male")
        self.assertEqual({c.gender for c in males}, {"Male"})
        self.assertEqual(await self.client.characters_filter(universe="rick-and-morty", species="no such"), [])
        self.assertEqual(len(await self.client.episodes_filter(universe="rick-and-morty", code="S02")), 10)
        with self.assertRaises(BBFanError) as caught:
            await self.client.episodes_filter(universe="rick-and-morty", characters=["Rick Sanchez"])
        self.assertEqual(caught.exception.code, -32602)
        self.assertEqual(caught.exception.data["candidates"], [1, 290, 293, 631])
        self.assertEqual(len(await self.client.locations_list()), 126)
        squanch, residents = await self.client.locations_get(35)
        self.assertEqual((squanch.name, squanch.resident_count), ("Planet Squanch", len(residents)))

    async def test_pages(self):
        whole = await self.client.characters_filter(universe="rick-and-morty", species="Alien")
        walked, totals = [], set()
        async for page in self.client.pages("characters.filter", {"universe": "rick-and-morty", "species": "Alien"},
                                            limit=50):
            walked += [c["id"] for c in page.records]
            totals.add(page.total)
        self.assertEqual(walked, [c.id for c in whole])
        self.assertEqual(totals, {len(whole)})
        first = await self.client.page("episodes.list", {"universe": "rick-and-morty"}, limit=2)
        with self.assertRaises(BBFanError) as caught:
            await self.client.page("episodes.filter", {"universe": "rick-and-morty"}, cursor=first.next_cursor)
        self.assertEqual(caught.exception.data["field"], "cursor")

    async def test_accounts_and_favourites(self):
        signed = await self.client.register("walt", "Heisenberg1!")
        self.assertEqual(len(signed.token), 64)
        self.assertEqual((await self.client.session()).username, "walt")
        toggle = await self.client.toggle_favorite(1)
        self.assertTrue(toggle.is_favorite)
        self.assertEqual([q.id for q in await self.client.favorites()], [1])
        top = await self.client.top_favorites()
        self.assertEqual(top[0].favorite_count, 1)
        overview = await self.client.quotes_overview()
        self.assertTrue(overview.top and overview.yours and overview.random)
        self.assertEqual((await self.client.logout()).username, "walt")
        self.assertIsNone(await self.client.session())

    async def test_errors(self):
        with self.assertRaises(BBFanError) as raised:
            await self.client.episodes_get(999)
        self.assertEqual((raised.exception.code, raised.exception.reason), (-32004, "not-found"))
        with self.assertRaises(BBFanError) as raised:
            await self.client.register("walt", "weak")
        self.assertEqual(raised.exception.reason, "weak-password")
        with self.assertRaises(BBFanError) as raised:
            await self.client.call("episodes.filter", {"season": "2"})
        self.assertEqual(raised.exception.data["field"], "season")
        with self.assertRaises(BBFanError) as raised:
            await self.client.catalog_refresh()
        self.assertEqual((raised.exception.code, raised.exception.reason), (-32014, "no-live-source"))
        with self.assertRaises(BBFanError) as raised:
            await self.client.images_fetch("file:///etc/passwd")
        self.assertEqual(raised.exception.data["field"], "url")

    async def test_characters_export(self):
        import base64
        import hashlib
        exported = await self.client.characters_export(103, "csv", universe="rick-and-morty", inline=True)
        content = base64.b64decode(exported["content"])
        self.assertEqual((exported["mediaType"], exported["bytes"]), ("text/csv", len(content)))
        self.assertEqual(exported["sha256"], hashlib.sha256(content).hexdigest())
        with open(exported["path"], "rb") as f:
            self.assertEqual(f.read(), content)
        self.assertIn("Earth (J19ζ7)", content.decode("utf-8"))
        card = await self.client.characters_export(1, "pdf")
        self.assertTrue(card["path"].endswith("/exports/breaking-bad-1-walter-white.pdf"))
        self.assertTrue(any("placeholder" in w for w in card["warnings"]))

    async def test_universes(self):
        universes = await self.client.universes()
        self.assertEqual([u["universe"] for u in universes], ["breaking-bad", "rick-and-morty"])
        self.assertEqual(universes[1]["counts"], {"episodes": 51, "characters": 826, "locations": 126})
        with self.assertRaises(BBFanError) as raised:
            await self.client.catalog_refresh(universe="rick-and-morty")
        self.assertEqual(raised.exception.data, {"reason": "no-live-source", "universe": "rick-and-morty"})

    async def test_concurrent_calls(self):
        results = await asyncio.gather(*(self.client.episodes_get(i) for i in range(1, 41)))
        self.assertEqual([r.episode.id for r in results], list(range(1, 41)))


class ExampleTests(unittest.TestCase):
    def test_example_runs(self):
        out = subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "bbfan_client.py"), BINARY],
                             capture_output=True, text=True, check=True).stdout
        self.assertIn("bbfan 0.1.0: 102 episodes", out)
        self.assertIn("S02E01 Seven-Thirty-Seven", out)
        self.assertIn("not-found: Not found: there is no episode with id 999.", out)


if __name__ == "__main__":
    unittest.main()


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class LiveSourceTests(unittest.IsolatedAsyncioTestCase):
    """catalog.refresh of Rick and Morty from the test server (Tests/Tools/fake_api.py), paged."""

    async def asyncSetUp(self):
        self.server = subprocess.Popen(
            [sys.executable, os.path.join(ROOT, "Tests", "Tools", "fake_api.py"),
             os.path.join(ROOT, "Data", "breaking-bad")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        port = int(self.server.stdout.readline())
        self.api = f"http://127.0.0.1:{port}/ok/rmapi"
        self.data = tempfile.TemporaryDirectory()
        self.client = await BBFanClient.start(BINARY, "--data-dir", self.data.name, "--log-level", "off",
                                              "--source", "rick-and-morty=" + self.api)

    async def asyncTearDown(self):
        self.assertEqual(await self.client.close(), 0)
        self.server.stdin.close()
        self.server.wait()
        self.data.cleanup()

    async def test_refresh_page_by_page(self):
        result = await self.client.catalog_refresh(progress_token="rm", universe="rick-and-morty")
        self.assertEqual(result["universe"], "rick-and-morty")
        self.assertEqual(result["counts"], {"episodes": 51, "characters": 826, "locations": 126})
        self.assertEqual(len(result["resources"]), 52)
        self.assertEqual(result["resources"][1]["url"], self.api + "/character?page=2")
        progress = []
        while not self.client.notifications.empty():
            progress.append(self.client.notifications.get_nowait()["params"]["progress"])
        self.assertEqual(progress, list(range(55)))
        universes = {u["universe"]: u for u in await self.client.universes()}
        self.assertEqual(universes["rick-and-morty"]["source"], self.api)
        self.assertIsNotNone(universes["rick-and-morty"]["refreshedAt"])
        self.assertIsNone(universes["breaking-bad"]["refreshedAt"])
