"""Tests of the bbfan package against the built binary: BBFAN_BINARY=.build/debug/bbfan python3 -m unittest"""
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bbfan  # noqa: E402
from bbfan import BBFanClient, BBFanError  # noqa: E402

BINARY = os.environ.get("BBFAN_BINARY", "bbfan")
# No test reaches the internet: a universe given no --source has no public API to fall back on.
os.environ["BBFAN_PUBLIC_SOURCES"] = "off"


class ClientTests(unittest.IsolatedAsyncioTestCase):
    async def asyncSetUp(self):
        self.data = tempfile.TemporaryDirectory()
        self.client = await BBFanClient.start(BINARY, "--data-dir", self.data.name, "--seed", "1",
                                              "--password-cost", "1000", "--log-level", "off")

    async def asyncTearDown(self):
        self.assertEqual(await self.client.close(), 0)
        self.data.cleanup()

    async def test_catalog(self):
        listed = await self.client.episodes_list(series="breaking-bad")
        self.assertIsInstance(listed, bbfan.types.EpisodesListResult)
        self.assertEqual(([s.season for s in listed.seasons], listed.total, listed.next_cursor),
                         ([1, 2, 3, 4, 5], 62, None))
        self.assertEqual(listed.seasons[0].episodes[0].title, "Pilot")
        second = await self.client.episodes_filter(season=2)
        self.assertEqual((len(second.episodes), second.total), (23, 23))
        hank = (await self.client.episodes_filter(season=2, characters=[5])).episodes
        self.assertEqual([e.id for e in hank], [e.id for e in (await self.client.episodes_filter(
            season=2, characters=["Hank Schrader"])).episodes])
        self.assertTrue(hank)
        details = await self.client.episodes_get(37)
        self.assertIsInstance(details, bbfan.types.EpisodesGetResult)
        self.assertEqual((details.id, details.title), (37, "Bullet Points"))
        self.assertIn("Walter White Jr.", [m.character_name for m in details.characters])
        saul = await self.client.characters_get(8)
        assert isinstance(saul, bbfan.types.CharactersGetResultBreakingBad)
        self.assertEqual(saul.nickname, "Jimmy McGill")
        self.assertTrue(saul.quotes and saul.episode_count)
        grouped = await self.client.characters_list(series="better-call-saul", group_by="initial")
        assert isinstance(grouped, bbfan.types.CharactersListResultVariant2)
        self.assertIn("K", [group.initial for group in grouped.groups])
        everyone = await self.client.characters_list(series="better-call-saul")
        assert isinstance(everyone, bbfan.types.CharactersListResultVariant1)
        self.assertEqual(everyone.total, sum(len(group.characters) for group in grouped.groups))
        dead = await self.client.characters_filter(status="deceased", seasons=[5])
        self.assertIn("Henry Schrader", [c.name for c in dead.characters])
        self.assertEqual((await self.client.quotes_random(author="Gus Fring")).character_id, 9)

    async def test_rick_and_morty(self):
        seasons = (await self.client.episodes_list(universe="rick-and-morty")).seasons
        episodes = [e for s in seasons for e in s.episodes]
        self.assertEqual(len(episodes), 51)
        self.assertEqual((episodes[0].code, episodes[0].air_date, episodes[0].universe),
                         ("S01E01", "2013-12-02", "rick-and-morty"))
        pilot = await self.client.episodes_get(1, universe="rick-and-morty")
        self.assertIn("Rick Sanchez", [m.character_name for m in pilot.characters])
        rick = await self.client.characters_get(1, universe="rick-and-morty")
        assert isinstance(rick, bbfan.types.CharactersGetResultRickAndMorty)
        self.assertEqual((rick.species, rick.origin.name, rick.episode_count), ("Human", "Earth (C-137)", 51))
        self.assertEqual(len(rick.episodes), 51)
        males = await self.client.characters_filter(universe="rick-and-morty", name="smith", gender="male")
        self.assertEqual({c.gender for c in males.characters}, {"Male"})
        nobody = await self.client.characters_filter(universe="rick-and-morty", species="no such")
        self.assertEqual((nobody.characters, nobody.total), ([], 0))
        self.assertEqual((await self.client.episodes_filter(universe="rick-and-morty", code="S02")).total, 10)
        with self.assertRaises(BBFanError) as caught:
            await self.client.episodes_filter(universe="rick-and-morty", characters=["Rick Sanchez"])
        self.assertEqual(caught.exception.code, -32602)
        self.assertEqual(caught.exception.data["candidates"], [1, 290, 293, 631])
        self.assertEqual((await self.client.locations_list()).total, 126)
        some = await self.client.locations_list(limit=2)
        self.assertEqual((len(some.locations), some.total, some.next_cursor is not None), (2, 126, True))
        squanch = await self.client.locations_get(35)
        self.assertEqual((squanch.name, squanch.resident_count), ("Planet Squanch", len(squanch.residents)))

    async def test_pages(self):
        whole = (await self.client.characters_filter(universe="rick-and-morty", species="Alien")).characters
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
        # The typed calls page too, with limit and cursor, answering their generated result.
        typed = await self.client.episodes_filter(universe="rick-and-morty", limit=2)
        following = await self.client.episodes_filter(universe="rick-and-morty", limit=2, cursor=typed.next_cursor)
        self.assertEqual([e.id for e in typed.episodes + following.episodes], [1, 2, 3, 4])

    async def test_accounts_and_favourites(self):
        signed = await self.client.auth_register("walt", "Heisenberg1!")
        self.assertEqual(len(signed.token), 64)
        self.assertEqual((await self.client.auth_session()).user.username, "walt")
        toggle = await self.client.favorites_toggle(1)
        self.assertTrue(toggle.is_favorite)
        favourites = await self.client.favorites_list()
        self.assertEqual(([q.id for q in favourites.quotes], favourites.total, favourites.next_cursor), ([1], 1, None))
        top = await self.client.favorites_top()
        self.assertEqual(top.quotes[0].favorite_count, 1)
        overview = await self.client.quotes_overview()
        self.assertTrue(overview.top and overview.yours and overview.random)
        self.assertEqual((await self.client.auth_logout()).user.username, "walt")
        self.assertIsNone((await self.client.auth_session()).user)
        signed = await self.client.auth_login("walt", "Heisenberg1!")
        self.assertEqual((signed.user.username, len(signed.token)), ("walt", 64))

    async def test_errors(self):
        with self.assertRaises(BBFanError) as raised:
            await self.client.episodes_get(999)
        self.assertEqual((raised.exception.code, raised.exception.reason), (-32004, "not-found"))
        with self.assertRaises(BBFanError) as raised:
            await self.client.auth_register("walt", "weak")
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

    async def test_images_fetch(self):
        import base64
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        server = subprocess.Popen([sys.executable, os.path.join(root, "Tests/Tools/fake_api.py"),
                                   os.path.join(root, "Data/breaking-bad")],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        try:
            port = int(server.stdout.readline())
            url = f"http://127.0.0.1:{port}/ok/img/hector-640.png"
            first = await self.client.images_fetch(url, inline=True)
            self.assertIsInstance(first, bbfan.types.ImagesFetchResult)
            self.assertEqual((first.freshness, first.bytes), ("downloaded", 640))
            assert first.content is not None
            with open(first.path, "rb") as f:
                self.assertEqual(base64.b64decode(first.content), f.read())
            cached = await self.client.images_fetch(url)
            self.assertEqual((cached.freshness, cached.content), ("cached", None))
            self.assertEqual((await self.client.images_fetch(url, max_age=0)).freshness, "revalidated")
            with self.assertRaises(BBFanError) as raised:
                await self.client.images_fetch(url, max_age=-1)
            self.assertEqual(raised.exception.data["field"], "maxAge")
        finally:
            server.stdin.close()
            server.wait()

    async def test_characters_export(self):
        import base64
        import hashlib
        exported = await self.client.characters_export(103, "csv", universe="rick-and-morty", inline=True)
        self.assertIsInstance(exported, bbfan.types.CharactersExportResult)
        assert exported.content is not None
        content = base64.b64decode(exported.content)
        self.assertEqual((exported.media_type, exported.bytes), ("text/csv", len(content)))
        self.assertEqual(exported.sha256, hashlib.sha256(content).hexdigest())
        with open(exported.path, "rb") as f:
            self.assertEqual(f.read(), content)
        self.assertIn("Earth (J19ζ7)", content.decode("utf-8"))
        card = await self.client.characters_export(1, "pdf")
        self.assertTrue(card.path.endswith("/exports/breaking-bad-1-walter-white.pdf"))
        self.assertTrue(any("placeholder" in w for w in card.warnings or []))

    async def test_universes(self):
        info = await self.client.service_info()
        self.assertIsInstance(info, bbfan.types.ServiceInfoResult)
        self.assertEqual([u.universe for u in info.universes], ["breaking-bad", "rick-and-morty"])
        self.assertEqual(info.universes[1].counts.to_json(), {"episodes": 51, "characters": 826, "locations": 126})
        with self.assertRaises(BBFanError) as raised:
            await self.client.catalog_refresh(universe="rick-and-morty")
        self.assertEqual(raised.exception.data, {"reason": "no-live-source", "universe": "rick-and-morty"})

    async def test_rpc_discover(self):
        document = await self.client.rpc_discover()
        self.assertTrue(document.openrpc.startswith("1.4."))
        self.assertIn("quizzes.review", [m.name for m in document.methods])
        # test_parity.py checks that each method has a call.

    async def test_quizzes_create_and_its_errors(self):
        with self.assertRaises(BBFanError) as raised:
            await self.client.quizzes_create("Quick Sort", ["a", "b"])
        self.assertEqual((raised.exception.code, raised.exception.reason), (-32001, "unauthorized"))
        await self.client.auth_register("walt", "Heisenberg1!")
        quiz = await self.client.quizzes_create(" Quick Sort ", ["Divide and conquer ", " Partitions around a pivot"])
        self.assertEqual((quiz.id, quiz.title, quiz.online_id), (1, "Quick Sort", None))
        self.assertEqual(quiz.facts, ["Divide and conquer", "Partitions around a pivot"])
        self.assertRegex(quiz.created_at, r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
        with self.assertRaises(BBFanError) as raised:
            await self.client.quizzes_create("  ", ["only one"])
        self.assertEqual(raised.exception.code, -32602)
        self.assertEqual(raised.exception.data["problems"], [
            {"field": "title", "problem": "Title is required"},
            {"field": "facts", "problem": "A quiz needs two facts"}])
        with self.assertRaises(BBFanError) as raised:
            await self.client.quizzes_create("quick  SORT", ["a", "b"])
        self.assertEqual((raised.exception.code, raised.exception.reason), (-32016, "duplicate"))
        self.assertEqual(raised.exception.data["existingId"], 1)

    async def test_quizzes_list_get_delete(self):
        await self.client.auth_register("walt", "Heisenberg1!")
        for n in range(1, 6):
            await self.client.quizzes_create(f"Quiz {n}", [f"Fact {n}", "pivot" if n == 3 else "other"])
        whole = await self.client.quizzes_list()
        self.assertIsInstance(whole, bbfan.types.QuizzesListResult)
        self.assertEqual(([q.id for q in whole.quizzes], whole.total, whole.next_cursor), ([5, 4, 3, 2, 1], 5, None))
        walked = [[q["id"] for q in page.records] async for page in self.client.pages("quizzes.list", limit=2)]
        self.assertEqual(walked, [[5, 4], [3, 2], [1]])
        first = await self.client.quizzes_list(limit=2)
        second = await self.client.quizzes_list(limit=2, cursor=first.next_cursor)
        self.assertEqual(([q.id for q in second.quizzes], second.total), ([3, 2], 5))
        self.assertEqual([q.title for q in (await self.client.quizzes_list(search="PIVOT")).quizzes], ["Quiz 3"])
        three = await self.client.quizzes_get(3)
        self.assertEqual((three.title, three.facts), ("Quiz 3", ["Fact 3", "pivot"]))
        # Each method's result is its own generated class: the same members compare by to_json().
        self.assertEqual((await self.client.quizzes_delete(3)).to_json(), three.to_json())
        self.assertEqual([q.id for q in (await self.client.quizzes_list()).quizzes], [5, 4, 2, 1])
        with self.assertRaises(BBFanError) as raised:
            await self.client.quizzes_get(3)
        self.assertEqual((raised.exception.code, raised.exception.reason), (-32004, "not-found"))
        self.assertEqual(raised.exception.data, {"reason": "not-found", "kind": "quiz", "id": 3})

    async def test_quizzes_online_and_add(self):
        everything = await self.client.quizzes_online()
        self.assertEqual((everything.total, len(everything.quizzes)), (52, 52))
        self.assertEqual({q.in_collection for q in everything.quizzes}, {None})
        await self.client.auth_register("walt", "Heisenberg1!")
        toddlers = await self.client.quizzes_online(search="toddler")
        self.assertEqual([(q.id, q.title) for q in toddlers.quizzes],
                         [("45", "Toddler Quiz #1"), ("48", "Toddler Quiz #2"), ("49", "Toddler Quiz #3")])
        added = await self.client.quizzes_add("48")
        self.assertEqual((added.title, added.online_id), ("Toddler Quiz #2", "48"))
        self.assertEqual([q.in_collection for q in (await self.client.quizzes_online(search="toddler")).quizzes],
                         [False, True, False])
        with self.assertRaises(BBFanError) as raised:
            await self.client.quizzes_add("48")
        self.assertEqual((raised.exception.reason, raised.exception.data["existingId"]), ("duplicate", added.id))
        with self.assertRaises(BBFanError) as raised:
            await self.client.quizzes_add("99")
        self.assertEqual(raised.exception.data, {"reason": "not-found", "kind": "online-quiz", "id": "99"})

    async def test_quizzes_due_and_review(self):
        await self.client.auth_register("walt", "Heisenberg1!")
        sort = await self.client.quizzes_create("Quick Sort", ["a", "b"])
        enums = await self.client.quizzes_create("Enums", ["c", "d"])
        due = await self.client.quizzes_due()
        self.assertEqual(([d.quiz.to_json() for d in due.quizzes], due.total), ([sort.to_json(), enums.to_json()], 2))
        self.assertEqual([d.review for d in due.quizzes], [None, None])
        reviewed = await self.client.quizzes_review(sort.id, "good")
        self.assertEqual((reviewed.id, reviewed.grade, reviewed.repeat_today), (sort.id, "good", False))
        state = reviewed.review
        self.assertEqual((state.interval_days, state.ease, state.repetitions, state.lapses, state.reviews, state.leech),
                         (1, 2.5, 1, 0, 1, False))
        import datetime
        due_at = datetime.datetime.fromisoformat(state.due_at.replace("Z", "+00:00"))
        in_a_day = datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(days=1)
        self.assertLess(abs((due_at - in_a_day).total_seconds()), 60)
        left = await self.client.quizzes_due()
        self.assertEqual(([d.quiz.id for d in left.quizzes], left.total), ([enums.id], 1))
        hard = await self.client.quizzes_review(enums.id, "hard")
        self.assertEqual((hard.review.ease, hard.repeat_today), (2.36, True))
        easy = await self.client.quizzes_review(sort.id, "easy")
        self.assertEqual((easy.review.interval_days, easy.review.ease, easy.review.reviews), (6, 2.6, 2))
        self.assertEqual((await self.client.quizzes_due()).total, 0)
        with self.assertRaises(BBFanError) as raised:
            await self.client.quizzes_review(sort.id, "meh")
        self.assertEqual((raised.exception.code, raised.exception.data["field"]), (-32602, "grade"))

    async def test_profile(self):
        import base64
        import hashlib
        png = base64.b64decode(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4o6QEAALOARFa6phZAAAAAElFTkSuQmCC")
        with self.assertRaises(BBFanError) as raised:
            await self.client.profile_get()
        self.assertEqual(raised.exception.reason, "unauthorized")
        await self.client.auth_register("walt", "Heisenberg1!")
        fresh = await self.client.profile_get()
        self.assertEqual((fresh.user.username, fresh.display_name, fresh.photo), ("walt", None, None))
        updated = await self.client.profile_update(display_name=" Heisenberg ", photo=png)
        self.assertEqual(updated.display_name, "Heisenberg")
        self.assertEqual((updated.photo.media_type, updated.photo.bytes, updated.photo.sha256),
                         ("image/png", len(png), hashlib.sha256(png).hexdigest()))
        with open(updated.photo.path, "rb") as f:
            self.assertEqual(f.read(), png)
        self.assertEqual((await self.client.profile_get()).to_json(), updated.to_json())
        removed = await self.client.profile_update(photo=None)
        self.assertEqual((removed.display_name, removed.photo), ("Heisenberg", None))
        self.assertFalse(os.path.exists(updated.photo.path))
        path = os.path.join(self.data.name, "me.png")
        with open(path, "wb") as f:
            f.write(png)
        from_path = await self.client.profile_update(display_name=None, photo=path)
        self.assertEqual((from_path.display_name, from_path.photo.sha256), (None, updated.photo.sha256))
        with self.assertRaises(BBFanError) as raised:
            await self.client.profile_update(photo=b"not an image")
        self.assertEqual((raised.exception.code, raised.exception.reason, raised.exception.data["field"]),
                         (-32602, "not-an-image", "photo"))

    async def test_photo_near_the_limit(self):
        """A photo of almost 8 MiB, sent inline as base64, fits the default message limit."""
        import base64
        import struct
        import zlib
        png = base64.b64decode(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4o6QEAALOARFa6phZAAAAAElFTkSuQmCC")
        padding = b"\0" * (8 * 1024 * 1024 - len(png) - 12)
        chunk = struct.pack(">I", len(padding)) + b"prVt" + padding
        chunk += struct.pack(">I", zlib.crc32(chunk[4:]))
        big = png[:-12] + chunk + png[-12:]
        self.assertEqual(len(big), 8 * 1024 * 1024)
        await self.client.auth_register("walt", "Heisenberg1!")
        updated = await self.client.profile_update(photo=big)
        self.assertEqual(updated.photo.bytes, len(big))

    async def test_request_over_the_limit_fails_at_once(self):
        """A request the client can see is too large is refused before it is sent."""
        async with await BBFanClient.start(BINARY, "--data-dir", self.data.name, "--log-level", "off",
                                           "--max-message-bytes", "2000") as small:
            self.assertEqual(small.max_message_bytes, 2000)
            with self.assertRaises(BBFanError) as raised:
                await asyncio.wait_for(small.profile_update(photo=b"x" * 3000), timeout=5)
            self.assertEqual((raised.exception.code, raised.exception.reason), (-32600, "too-large"))
            self.assertEqual(raised.exception.data["limit"], 2000)
            self.assertIn("it was not sent", raised.exception.message)
            self.assertEqual((await small.service_info()).protocol.limits.max_message_bytes, 2000)

    async def test_request_over_the_service_limit_gets_its_own_error(self):
        """A client that believes the limit is larger still gets the error, by the request's id."""
        process = await asyncio.create_subprocess_exec(
            BINARY, "serve", "--data-dir", self.data.name, "--log-level", "off", "--max-message-bytes", "2000",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        client = BBFanClient(process, max_message_bytes=10**9)
        waiting = asyncio.ensure_future(client.service_info())
        with self.assertRaises(BBFanError) as raised:
            await asyncio.wait_for(client.call("episodes.filter", {"title": "x" * 5000}), timeout=5)
        self.assertEqual((raised.exception.code, raised.exception.reason), (-32600, "too-large"))
        self.assertEqual((await waiting).name, "bbfan")
        self.assertEqual(await client.close(), 0)

    async def test_error_without_id_fails_the_requests_it_may_belong_to(self):
        """An oversized error with id null fails the requests sent over its limit, and only them."""
        fake = (
            "import json, sys\n"
            "for line in sys.stdin:\n"
            "    m = json.loads(line)\n"
            "    if len(line) > 100:\n"
            "        r = {'jsonrpc': '2.0', 'id': None, 'error': {'code': -32600, 'message': 'too large',"
            " 'data': {'reason': 'too-large', 'limit': 100, 'size': len(line)}}}\n"
            "    else:\n"
            "        r = {'jsonrpc': '2.0', 'id': m['id'], 'result': 'ok'}\n"
            "    print(json.dumps(r), flush=True)\n")
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-c", fake, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        client = BBFanClient(process)
        big = asyncio.ensure_future(client.call("x", {"pad": "p" * 200}))
        small = asyncio.ensure_future(client.call("y"))
        self.assertEqual(await asyncio.wait_for(small, timeout=5), "ok")
        with self.assertRaises(BBFanError) as raised:
            await asyncio.wait_for(big, timeout=5)
        self.assertEqual(raised.exception.reason, "too-large")
        self.assertEqual(await client.close(), 0)

    async def test_other_error_without_id_fails_every_waiting_call(self):
        """Any other error with id null cannot be matched: every call still waiting fails with it."""
        fake = (
            "import json, sys\n"
            "for line in sys.stdin:\n"
            "    m = json.loads(line)\n"
            "    if m['method'] == 'garble':\n"
            "        print(json.dumps({'jsonrpc': '2.0', 'id': None, 'error': {'code': -32700,"
            " 'message': 'Parse error'}}), flush=True)\n")
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-c", fake, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        client = BBFanClient(process)
        waiting = [asyncio.ensure_future(client.call(name)) for name in ("a", "b", "garble")]
        for call in waiting:
            with self.assertRaises(BBFanError) as raised:
                await asyncio.wait_for(call, timeout=5)
            self.assertEqual(raised.exception.code, -32700)
        self.assertEqual(await client.close(), 0)

    async def test_accounts_and_switch(self):
        self.assertEqual((await self.client.auth_accounts()).accounts, [])
        await self.client.auth_register("walt", "Heisenberg1!")
        await self.client.auth_register("jesse", "Heisenberg1!")
        accounts = (await self.client.auth_accounts()).accounts
        self.assertEqual([(a.username, a.current) for a in accounts], [("walt", False), ("jesse", True)])
        self.assertTrue(all(a.signed_in_at.endswith("Z") for a in accounts))
        self.assertEqual((await self.client.auth_switch("WALT")).user.username, "walt")
        self.assertEqual((await self.client.auth_session()).user.username, "walt")
        self.assertEqual([a.current for a in (await self.client.auth_accounts()).accounts], [True, False])
        with self.assertRaises(BBFanError) as raised:
            await self.client.auth_switch("gus")
        self.assertEqual((raised.exception.code, raised.exception.data["username"]), (-32004, "gus"))
        self.assertEqual((await self.client.auth_session()).user.username, "walt")

    async def test_register_reports_every_problem(self):
        await self.client.auth_register("walt", "Heisenberg1!")
        with self.assertRaises(BBFanError) as raised:
            await self.client.auth_register("WALT", "yo", "yo!")
        error = raised.exception
        self.assertEqual((error.code, error.reason, error.data["username"]), (-32006, "username-taken", "WALT"))
        self.assertEqual([(p["field"], p["reason"]) for p in error.problems],
                         [("username", "username-taken"), ("passwordConfirmation", "password-mismatch"),
                          ("password", "weak-password")])
        self.assertIn("a digit", error.problems[2]["problem"])
        with self.assertRaises(BBFanError) as raised:
            await self.client.auth_register("w", "Pinkman1!")
        self.assertEqual((raised.exception.code, raised.exception.data["field"]), (-32602, "username"))
        self.assertEqual([p["reason"] for p in raised.exception.problems], ["invalid-username"])
        check = await self.client.auth_check_password("heisenberg")
        self.assertFalse(check.ok)
        self.assertEqual([p.rule for p in check.problems], ["uppercase", "digit", "special"])
        self.assertEqual([(r.rule, r.met) for r in check.rules],
                         [("min-length", True), ("max-length", True), ("uppercase", False), ("lowercase", True),
                          ("letter", True), ("digit", False), ("special", False)])
        accepted = await self.client.auth_check_password("Heisenberg1!")
        self.assertEqual((accepted.ok, accepted.problems), (True, []))
        self.assertTrue(all(r.met for r in accepted.rules))

    async def test_set_favorite_and_account_faces(self):
        await self.client.auth_register("walt", "Heisenberg1!")
        self.assertEqual((await self.client.favorites_toggle(1, favorite=True)).favorite_count, 1)
        again = await self.client.favorites_toggle(1, favorite=True)
        self.assertEqual((again.is_favorite, again.favorite_count), (True, 1))
        self.assertFalse((await self.client.favorites_toggle(1, favorite=False)).is_favorite)
        self.assertFalse((await self.client.favorites_toggle(1, favorite=False)).is_favorite)
        self.assertTrue((await self.client.favorites_toggle(1)).is_favorite)
        import base64
        png = base64.b64decode(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4o6QEAALOARFa6phZAAAAAElFTkSuQmCC")
        profile = await self.client.profile_update(display_name="Heisenberg", photo=png)
        await self.client.auth_register("jesse", "Heisenberg1!")
        faces = [(a.username, a.display_name, a.photo) for a in (await self.client.auth_accounts()).accounts]
        self.assertEqual([(name, shown) for name, shown, _ in faces], [("walt", "Heisenberg"), ("jesse", None)])
        self.assertIsNone(faces[1][2])
        # The photo is profile_get's.
        photo = faces[0][2]
        self.assertEqual((photo.path, photo.media_type, photo.bytes, photo.sha256),
                         (profile.photo.path, "image/png", profile.photo.bytes, profile.photo.sha256))

    async def test_quotes_and_favourites_per_universe(self):
        await self.client.auth_register("walt", "Heisenberg1!")
        await self.client.favorites_toggle(1, universe="breaking-bad")
        self.assertEqual([q.id for q in (await self.client.favorites_list(universe="breaking-bad")).quotes], [1])
        self.assertEqual((await self.client.favorites_list(universe="rick-and-morty")).quotes, [])
        self.assertEqual((await self.client.favorites_top(universe="rick-and-morty")).quotes, [])
        self.assertEqual((await self.client.quotes_by_character(1, universe="rick-and-morty")).quotes, [])
        overview = await self.client.quotes_overview(universe="rick-and-morty")
        self.assertEqual((overview.top, overview.yours, overview.random), (None, None, None))
        with self.assertRaises(BBFanError) as caught:
            await self.client.favorites_toggle(1, universe="rick-and-morty")
        self.assertEqual((caught.exception.code, caught.exception.reason), (-32004, "not-found"))
        with self.assertRaises(BBFanError) as caught:
            await self.client.quotes_random(universe="rick-and-morty")
        self.assertEqual(caught.exception.data.get("universe"), "rick-and-morty")

    async def test_delete_account(self):
        walt = await self.client.auth_register("walt", "Heisenberg1!")
        await self.client.favorites_toggle(1)
        await self.client.quizzes_create("Chemistry", ["a", "b"])
        await self.client.auth_register("jesse", "Heisenberg1!")
        await self.client.favorites_toggle(1)
        with self.assertRaises(BBFanError) as raised:
            await self.client.auth_delete_account("wrong", token=walt.token)
        self.assertEqual((raised.exception.code, raised.exception.reason), (-32003, "wrong-password"))
        self.assertEqual((await self.client.favorites_top()).quotes[0].favorite_count, 2)
        self.assertTrue((await self.client.auth_delete_account("Heisenberg1!", token=walt.token)).deleted)
        self.assertEqual((await self.client.favorites_top()).quotes[0].favorite_count, 1)
        self.assertEqual([a.username for a in (await self.client.auth_accounts()).accounts], ["jesse"])
        with self.assertRaises(BBFanError) as raised:
            await self.client.auth_login("walt", "Heisenberg1!")
        self.assertEqual(raised.exception.reason, "unknown-user")
        await self.client.auth_register("walt", "Heisenberg1!")
        self.assertEqual((await self.client.quizzes_list()).total, 0)

    async def test_send_decodes_into_the_generated_types(self):
        types = bbfan.types
        episode = await self.client.send(types.EpisodesGetParams(id=37))
        self.assertIsInstance(episode, types.EpisodesGetResult)
        self.assertEqual((episode.title, episode.air_date, episode.universe), ("Bullet Points", "2011-08-07", "breaking-bad"))
        self.assertIn("Walter White Jr.", [c.character_name for c in episode.characters])
        rick = await self.client.send(types.CharactersGetParams(id=1, universe="rick-and-morty"))
        self.assertIsInstance(rick, types.CharactersGetResultRickAndMorty)
        self.assertEqual((rick.species, rick.origin.name, len(rick.episodes)), ("Human", "Earth (C-137)", 51))
        walt = await self.client.send(types.CharactersGetParams(id=1))
        self.assertIsInstance(walt, types.CharactersGetResultBreakingBad)
        self.assertEqual(walt.appearances.breaking_bad, [1, 2, 3, 4, 5])
        info = await self.client.send(types.ServiceInfoParams())
        self.assertEqual(info.name, "bbfan")
        with self.assertRaises(BBFanError) as raised:
            await self.client.send(types.EpisodesGetParams(id=999))
        self.assertEqual(raised.exception.reason, "not-found")

    async def test_deprecated_names_warn_and_do_what_they_did(self):
        def warns(replacement):
            return self.assertWarnsRegex(DeprecationWarning, f"use {replacement}\\(\\)")
        with warns("auth_register"):
            signed = await self.client.register("walt", "Heisenberg1!")
        self.assertIsInstance(signed, bbfan.SignedIn)
        with warns("auth_session"):
            self.assertEqual(await self.client.session(), bbfan.User(signed.user.id, "walt"))
        with warns("favorites_toggle"):
            self.assertEqual(await self.client.toggle_favorite(1), bbfan.Toggle(1, True, 1))
        with warns("favorites_list"):
            self.assertEqual([q.id for q in await self.client.favorites()], [1])
        with warns("favorites_top"):
            self.assertEqual((await self.client.top_favorites())[0].favorite_count, 1)
        with warns("auth_accounts"):
            self.assertEqual([a.username for a in await self.client.accounts()], ["walt"])
        with warns("auth_check_password"):
            self.assertIsInstance(await self.client.check_password("x"), bbfan.PasswordCheck)
        with warns("auth_switch"):
            self.assertEqual((await self.client.switch_account("walt")).username, "walt")
        with warns("auth_logout"):
            self.assertEqual((await self.client.logout()).username, "walt")
        with warns("auth_login"):
            signed = await self.client.login("walt", "Heisenberg1!")
        with warns("auth_delete_account"):
            self.assertIs(await self.client.delete_account("Heisenberg1!", token=signed.token), True)
        with warns("rpc_discover"):
            self.assertIn("episodes.get", [m["name"] for m in (await self.client.discover())["methods"]])
        with warns("characters_list"):
            self.assertIn("K", await self.client.characters_by_initial(series="better-call-saul"))
        with warns("service_info"):
            self.assertEqual([u["universe"] for u in await self.client.universes()], ["breaking-bad", "rick-and-morty"])

    async def test_concurrent_calls(self):
        results = await asyncio.gather(*(self.client.episodes_get(i) for i in range(1, 41)))
        self.assertEqual([r.id for r in results], list(range(1, 41)))


class ExampleTests(unittest.TestCase):
    def test_example_runs(self):
        out = subprocess.run([sys.executable, "-m", "bbfan", BINARY], capture_output=True, text=True, check=True,
                             cwd=os.path.dirname(os.path.abspath(__file__))).stdout
        version = subprocess.run([BINARY, "call", "service.info"], capture_output=True, text=True,
                                 check=True).stdout
        self.assertIn(f"bbfan {json.loads(version)['version']}: 102 episodes", out)
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
        self.assertIsInstance(result, bbfan.types.CatalogRefreshResult)
        self.assertEqual(result.universe, "rick-and-morty")
        self.assertEqual(result.counts.to_json(), {"episodes": 51, "characters": 826, "locations": 126})
        self.assertEqual(len(result.resources), 52)
        self.assertEqual(result.resources[1].url, self.api + "/character?page=2")
        self.assertTrue(result.changed)
        progress = []
        for _ in range(55):
            progress.append((await self.client.notifications.get())["params"]["progress"])
        self.assertEqual(progress, list(range(55)))
        # The news that the catalog changed follows the reply.
        news = await asyncio.wait_for(self.client.notifications.get(), 30)
        self.assertEqual(news["method"], "catalog.changed")
        self.assertEqual(news["params"], {"universe": "rick-and-morty",
                                          "refreshedAt": result.refreshed_at})
        universes = {u.universe: u for u in (await self.client.service_info()).universes}
        self.assertEqual(universes["rick-and-morty"].source, self.api)
        self.assertIsNotNone(universes["rick-and-morty"].refreshed_at)
        self.assertIsNone(universes["breaking-bad"].refreshed_at)

    async def test_refresh_progress_to_its_own_callback(self):
        steps = []
        result = await self.client.catalog_refresh(universe="rick-and-morty", on_progress=steps.append)
        # Every step reached the callback before the reply, with the client's own token...
        self.assertEqual([step["progress"] for step in steps], list(range(55)))
        self.assertEqual({step["progressToken"] for step in steps}, {steps[0]["progressToken"]})
        # ...and none reached the queue, where only the news that the catalog changed is.
        news = await asyncio.wait_for(self.client.notifications.get(), 30)
        self.assertEqual(news["method"], "catalog.changed")
        self.assertEqual(news["params"]["refreshedAt"], result.refreshed_at)
        self.assertTrue(self.client.notifications.empty())


class UniverseFieldTests(unittest.TestCase):
    """A universe's own fields (a third universe's hometown) are carried in `extra` of the
    generated results, by no code of the client's for that universe; the records' own fields read
    as before."""

    def test_extra_fields_are_carried(self):
        types = bbfan.types
        character = types.CharactersGetParams(id=3).result_from_json({
            "id": 3, "universe": "pine-hollow", "name": "June Alder", "nickname": "Junebug",
            "birthday": None, "occupations": ["Diner cook"], "status": "alive", "imageURL": "x",
            "portrayedBy": "Rosa Lind", "series": ["pine-hollow"],
            "appearances": {"breaking-bad": [], "better-call-saul": [], "pine-hollow": [1]},
            "hometown": "Pine Hollow", "favoriteDish": None, "episodeCount": 4, "quotes": []})
        assert isinstance(character, types.CharactersGetResultBreakingBad)
        self.assertEqual((character.universe, character.nickname), ("pine-hollow", "Junebug"))
        self.assertEqual(character.extra, {"hometown": "Pine Hollow", "favoriteDish": None})
        self.assertEqual(character.appearances.extra, {"pine-hollow": [1]})
        episode = types.EpisodesGetResult.from_json({
            "id": 4, "universe": "pine-hollow", "title": "Thaw", "series": "pine-hollow", "season": 2,
            "episode": 1, "airDate": "2022-10-02", "director": "Lena Voss", "characters": []})
        self.assertEqual(episode.extra, {"director": "Lena Voss"})
        quote = types.QuotesRandomResult.from_json({
            "id": 8, "text": "Pie.", "author": "Junebug", "characterId": 3, "series": "pine-hollow",
            "mood": "cheerful", "isFavorite": True})
        self.assertEqual((quote.extra, quote.is_favorite), ({"mood": "cheerful"}, True))
        # Breaking Bad's records carry nothing extra.
        self.assertEqual(types.QuotesRandomResult.from_json({
            "id": 1, "text": "t", "author": "a", "characterId": None, "series": "breaking-bad"}).extra, {})


class DeprecatedNameTests(unittest.TestCase):
    """The names of the hand-written dataclasses before 0.3: those with a generated class of the
    same members in the same order stay one release as it, with a warning; the others are gone."""

    def test_deprecated_names_warn_and_are_the_generated_classes(self):
        for name, generated in bbfan.DEPRECATED_ALIASES.items():
            with self.subTest(name=name):
                with self.assertWarnsRegex(DeprecationWarning, f"use bbfan.types.{generated}"):
                    alias = getattr(bbfan, name)
                self.assertIs(alias, getattr(bbfan.types, generated))
        with self.assertWarns(DeprecationWarning):
            from bbfan import Quote
        self.assertIs(Quote, bbfan.types.QuotesRandomResult)
        with self.assertWarns(DeprecationWarning):
            self.assertEqual(bbfan.User(1, "walt"), bbfan.types.User(id=1, username="walt"))

    def test_names_without_a_generated_twin_are_gone(self):
        for name in ("Episode", "EpisodeDetails", "Character", "CharacterDetails", "Creature", "CreatureDetails",
                     "Location"):
            with self.subTest(name=name):
                self.assertFalse(hasattr(bbfan, name))
