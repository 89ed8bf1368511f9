"""The bridge's own tests: a WebSocket client that misbehaves gets clear errors, and the bridge
and bbfan keep serving."""

import asyncio
import base64
import json
import os
import signal
import unittest

import aiohttp

from fakeapi import FakeAPI, png
from support import HeldPortraitsServer, WebServer


class Browser:
    """One browser: a cookie jar of its own, the sign-in endpoints and the page's WebSocket."""

    def __init__(self, server: WebServer):
        self.server = server
        self.session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        self.ws = None
        self._next = 0

    async def auth(self, action: str, **body) -> tuple[int, dict]:
        async with self.session.post(f"{self.server.url}/auth/{action}", json=body) as response:
            self.set_cookie = response.headers.get("Set-Cookie", "")
            return response.status, await response.json()

    async def connect(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        self.ws = await self.session.ws_connect(f"{self.server.url}/rpc", max_msg_size=0)

    async def call(self, method: str, params=None) -> dict:
        """The whole reply (result or error) to one request."""
        self._next += 1
        message = {"jsonrpc": "2.0", "id": self._next, "method": method}
        if params is not None:
            message["params"] = params
        await self.ws.send_str(json.dumps(message))
        return await self.reply(self._next)

    async def reply(self, request_id) -> dict:
        while True:
            message = json.loads((await self.ws.receive(timeout=60)).data)
            if message.get("id") == request_id:
                return message

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        await self.session.close()


class OneBrowserTestCase(unittest.IsolatedAsyncioTestCase):
    """A bridge of the class's own, and a connected browser for each test."""

    server: WebServer

    @classmethod
    def setUpClass(cls):
        cls.server = WebServer()

    @classmethod
    def tearDownClass(cls):
        cls.server.close()

    async def asyncSetUp(self):
        self.browser = Browser(self.server)
        await self.browser.connect()

    async def asyncTearDown(self):
        await self.browser.close()


class BridgeTests(OneBrowserTestCase):
    async def assert_still_serving(self, browser=None):
        reply = await (browser or self.browser).call("episodes.get", {"id": 1})
        self.assertEqual(reply["result"]["title"], "Pilot")

    async def test_pages_have_a_content_type_and_a_restrictive_policy(self):
        async with self.browser.session.get(self.server.url + "/") as response:
            self.assertEqual(response.status, 200)
            self.assertEqual(response.content_type, "text/html")
            policy = response.headers["Content-Security-Policy"]
            self.assertIn("default-src 'none'", policy)
            self.assertIn("script-src 'self'", policy)
            self.assertNotIn("unsafe-inline", policy)
            self.assertEqual(response.headers["X-Content-Type-Options"], "nosniff")
        async with self.browser.session.get(self.server.url + "/static/app.js") as response:
            self.assertEqual(response.status, 200)
            self.assertEqual(response.content_type, "text/javascript")
        async with self.browser.session.get(self.server.url + "/nowhere") as response:
            self.assertEqual(response.status, 404)
            # Every error is JSON, as the WebSocket's are.
            self.assertEqual(response.content_type, "application/json")
            self.assertEqual((await response.json())["error"]["data"]["reason"], "not-found")
            self.assertIn("Content-Security-Policy", response.headers)

    async def test_garbage_gets_clear_errors_and_the_bridge_keeps_serving(self):
        ws = self.browser.ws
        await ws.send_str("this is not JSON")
        reply = json.loads((await ws.receive(timeout=30)).data)
        self.assertEqual(reply["error"]["code"], -32700)
        self.assertIsNone(reply["id"])
        await ws.send_bytes(b"\x00\x01binary")
        reply = json.loads((await ws.receive(timeout=30)).data)
        self.assertEqual(reply["error"]["code"], -32700)
        await ws.send_str("[1, 2]")
        reply = json.loads((await ws.receive(timeout=30)).data)
        self.assertEqual(reply["error"]["code"], -32600)
        await ws.send_str(json.dumps({"jsonrpc": "2.0", "id": 5}))
        reply = json.loads((await ws.receive(timeout=30)).data)
        self.assertEqual((reply["id"], reply["error"]["code"]), (5, -32601))
        reply = await self.browser.call("episodes.get", {"id": "one"})
        self.assertEqual(reply["error"]["code"], -32602)
        self.assertEqual(reply["error"]["data"]["field"], "id")
        await self.assert_still_serving()

    async def test_an_oversized_message_is_refused_with_its_id(self):
        info = await self.browser.call("service.info")
        limit = info["result"]["protocol"]["limits"]["maxMessageBytes"]
        self.assertGreaterEqual(limit, 12 * 1024 * 1024)
        self.assertNotIn("dataDirectory", info["result"])
        big = json.dumps({"jsonrpc": "2.0", "id": 77, "method": "profile.update",
                          "params": {"displayName": "x" * limit}})
        await self.browser.ws.send_str(big)
        reply = await self.browser.reply(77)
        self.assertEqual(reply["error"]["code"], -32600)
        self.assertEqual(reply["error"]["data"]["reason"], "too-large")
        await self.assert_still_serving()
        # Far over the limit: the WebSocket closes with 1009, and a new one is served.
        closing = asyncio.ensure_future(self.browser.ws.receive(timeout=30))
        try:
            await self.browser.ws.send_str("x" * (2 * limit + 1))
        except ConnectionError:
            pass  # the bridge closed the connection before the whole message was written
        message = await closing
        self.assertEqual(message.type, aiohttp.WSMsgType.CLOSE)
        self.assertEqual(message.data, 1009)
        await self.browser.connect()
        await self.assert_still_serving()

    async def test_no_file_outside_the_data_directory(self):
        for path in ["/files/../../../../etc/passwd", "/files/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
                     "/static/..%2fserver.py", "/static/../../../../etc/passwd",
                     "/files/" + "0" * 32, "/files//etc/passwd"]:
            async with self.browser.session.get(self.server.url + path) as response:
                self.assertEqual(response.status, 404, path)
                self.assertNotIn("root:", await response.text(), path)
        reply = await self.browser.call("profile.update", {"photo": {"path": "/etc/passwd"}})
        self.assertEqual(reply["error"]["code"], -32602)
        self.assertEqual(reply["error"]["data"]["field"], "photo")
        reply = await self.browser.call("images.fetch", {"url": "file:///etc/passwd"})
        self.assertEqual(reply["error"]["code"], -32602)
        reply = await self.browser.call("images.fetch", {"url": "http://127.0.0.1:1/x.png"})
        self.assertEqual(reply["error"]["data"]["reason"], "not-allowed")
        await self.assert_still_serving()

    async def test_an_export_is_served_from_the_data_directory_as_a_download(self):
        reply = await self.browser.call("characters.export",
                                        {"id": 1, "format": "csv", "universe": "rick-and-morty"})
        href = reply["result"]["href"]
        self.assertNotIn("path", reply["result"])
        self.assertRegex(href, r"^/files/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$")  # signed
        async with self.browser.session.get(self.server.url + href) as response:
            self.assertEqual(response.status, 200)
            self.assertEqual(response.content_type, "text/csv")
            self.assertIn("attachment", response.headers["Content-Disposition"])
            self.assertIn("Rick Sanchez", await response.text())

    async def test_methods_and_params_outside_the_allow_list_are_refused(self):
        for method, params, code in [
            ("auth.switch", {"username": "walt"}, -32601),
            ("auth.login", {"username": "walt", "password": "Heisenberg1!"}, -32601),
            ("auth.deleteAccount", {"password": "x"}, -32601),
            ("rpc.discover", None, -32601),
            ("catalog.refresh", {"source": "http://127.0.0.1:1/api"}, -32602),
            ("characters.export", {"id": 1, "format": "csv", "inline": True}, -32602),
            ("quizzes.list", {"token": "a" * 64}, -32602),
            ("episodes.list", {"tape": "x"}, -32602),
        ]:
            reply = await self.browser.call(method, params)
            self.assertEqual(reply["error"]["code"], code, method)
            self.assertEqual(reply["error"]["data"]["reason"], "not-allowed", method)
        await self.assert_still_serving()

    async def test_a_browser_never_acts_for_another_browser(self):
        other = Browser(self.server)
        try:
            status, body = await other.auth("register", username="jesse", password="Yo-Bitch1",
                                            passwordConfirmation="Yo-Bitch1")
            self.assertEqual((status, body["result"]["user"]["username"]), (200, "jesse"))
            self.assertIn("bbfan_sessions=", other.set_cookie)
            self.assertIn("HttpOnly", other.set_cookie)
            self.assertIn("SameSite=Strict", other.set_cookie)
            await other.connect()
            self.assertEqual((await other.call("favorites.toggle", {"quoteId": 1}))["result"]
                             ["isFavorite"], True)
            # This browser signed in nowhere: bbfan's "whoever signed in last" is never used.
            reply = await self.browser.call("quotes.overview")
            self.assertEqual(reply["error"]["code"], -32001)
            self.assertEqual((await self.browser.call("auth.accounts"))["result"], {"accounts": []})
            self.assertEqual((await self.browser.call("auth.session"))["result"], {"user": None})
            status, body = await self.browser.auth("switch", username="jesse")
            self.assertEqual((status, body["error"]["data"]["reason"]), (200, "not-signed-in-here"))
            # A token given in params (another browser's, say) is refused, never forwarded.
            reply = await self.browser.call("favorites.list", {"token": "0" * 64})
            self.assertEqual(reply["error"]["data"]["field"], "token")
            # Signed in as someone else, this browser sees its own account only.
            status, _ = await self.browser.auth("register", username="skyler", password="Ted-Beneke1",
                                                passwordConfirmation="Ted-Beneke1")
            self.assertEqual(status, 200)
            await self.browser.connect()
            accounts = (await self.browser.call("auth.accounts"))["result"]["accounts"]
            self.assertEqual([a["user"]["username"] for a in accounts], ["skyler"])
            yours = (await self.browser.call("quotes.overview"))["result"].get("yours", [])
            self.assertEqual(yours, [])
            mine = (await other.call("quotes.overview"))["result"]["yours"]
            self.assertEqual([q["id"] for q in mine], [1])
        finally:
            await other.close()

    async def test_a_flood_gets_busy_errors_and_every_request_an_answer(self):
        ws = self.browser.ws
        count = 300
        for request_id in range(1000, 1000 + count):
            await ws.send_str(json.dumps({"jsonrpc": "2.0", "id": request_id,
                                          "method": "characters.get", "params": {"id": 1,
                                                                               "universe": "rick-and-morty"}}))
        answered = {}
        while len(answered) < count:
            message = json.loads((await ws.receive(timeout=60)).data)
            self.assertNotIn(message["id"], answered)
            answered[message["id"]] = message
        busy = [m for m in answered.values() if "error" in m]
        served = [m for m in answered.values() if "result" in m]
        self.assertTrue(busy, "a flood over the in-flight limit is refused in part")
        self.assertTrue(served)
        for message in busy:
            self.assertEqual(message["error"]["code"], -32000)
            self.assertEqual(message["error"]["data"]["reason"], "busy")
        for message in served:
            self.assertEqual(message["result"]["name"], "Rick Sanchez")
        await self.assert_still_serving()

    async def test_sign_in_errors_are_clear(self):
        status, body = await self.browser.auth("register", username="ab", password="weak",
                                               passwordConfirmation="other")
        self.assertEqual(status, 200)
        fields = [problem["field"] for problem in body["error"]["data"]["problems"]]
        self.assertEqual(sorted(fields), ["password", "passwordConfirmation", "username"])
        status, body = await self.browser.auth("login", username="nobody", password="Whatever1!")
        self.assertEqual(status, 200)
        self.assertIn("error", body)
        status, body = await self.browser.auth("login", username="x", password=3)
        self.assertEqual(status, 400)
        self.assertEqual(body["error"]["code"], -32602)
        async with self.browser.session.post(self.server.url + "/auth/login", data="x=1") as response:
            self.assertEqual(response.status, 415)
        async with self.browser.session.post(
                self.server.url + "/auth/login", json={"username": "a", "password": "b"},
                headers={"Origin": "http://evil.example"}) as response:
            self.assertEqual(response.status, 403)


    async def test_an_8_mib_photo_goes_through_and_is_served_back(self):
        photo = png(1600, 1700, (10, 120, 200), level=0)
        self.assertGreater(len(photo), 7_900_000)
        self.assertLessEqual(len(photo), 8 * 1024 * 1024)
        status, _ = await self.browser.auth("register", username="bigface", password="Big-Face-8",
                                            passwordConfirmation="Big-Face-8")
        self.assertEqual(status, 200)
        await self.browser.connect()
        reply = await self.browser.call(
            "profile.update", {"photo": {"data": base64.b64encode(photo).decode("ascii")}})
        result = reply["result"]
        self.assertEqual(result["photo"]["bytes"], len(photo))
        self.assertNotIn("path", result["photo"])
        async with self.browser.session.get(self.server.url + result["photo"]["href"]) as response:
            self.assertEqual(response.content_type, "image/png")
            self.assertEqual(await response.read(), photo)
        reply = await self.browser.call("profile.update", {"photo": {"data": "not base64!"}})
        self.assertEqual(reply["error"]["data"]["field"], "photo")
        await self.assert_still_serving()


class RefreshTests(unittest.IsolatedAsyncioTestCase):
    async def test_progress_goes_to_the_page_that_asked_and_catalog_changed_to_every_page(self):
        fake = FakeAPI()
        server = WebServer("--source", f"rick-and-morty={fake.rick_and_morty}")
        asking, watching = Browser(server), Browser(server)
        try:
            await asking.connect()
            await watching.connect()
            reply = await asking.call("catalog.refresh", {"universe": "rick-and-morty",
                                                          "progressToken": "mine"})
            self.assertTrue(reply["result"]["changed"])
            # The notifications that came before the reply, then catalog.changed after it.
            seen = []
            while not any(m.get("method") == "catalog.changed" for m in seen):
                seen.append(json.loads((await asking.ws.receive(timeout=30)).data))
            self.assertEqual(seen[-1]["params"]["universe"], "rick-and-morty")
            watched = json.loads((await watching.ws.receive(timeout=30)).data)
            self.assertEqual(watched["method"], "catalog.changed")
            info = await watching.call("service.info")
            universe = next(u for u in info["result"]["universes"] if u["universe"] == "rick-and-morty")
            self.assertEqual(universe["refreshedAt"], reply["result"]["refreshedAt"])
            self.assertNotIn("liveSource", universe)
        finally:
            await asking.close()
            await watching.close()
            server.close()
            fake.close()

    async def test_progress_notifications_carry_the_pages_own_token(self):
        fake = FakeAPI()
        server = WebServer("--source", f"rick-and-morty={fake.rick_and_morty}")
        browser = Browser(server)
        try:
            await browser.connect()
            await browser.ws.send_str(json.dumps({
                "jsonrpc": "2.0", "id": 1, "method": "catalog.refresh",
                "params": {"universe": "rick-and-morty", "progressToken": 42}}))
            progress = []
            while True:
                message = json.loads((await browser.ws.receive(timeout=60)).data)
                if message.get("id") == 1:
                    break
                if message.get("method") == "notifications/progress":
                    progress.append(message["params"])
            self.assertIn("result", message)
            self.assertTrue(progress, "a refresh reports its progress")
            self.assertEqual({p["progressToken"] for p in progress}, {42})
        finally:
            await browser.close()
            server.close()
            fake.close()


if __name__ == "__main__":
    unittest.main()


def _parent(pid: int) -> int:
    """The parent process id of pid, from /proc (0 when it has gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
            return int(handle.read().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return 0


class FairnessTests(unittest.IsolatedAsyncioTestCase):
    """Every Breaking Bad portrait is on a host that takes requests and answers nothing."""

    @classmethod
    def setUpClass(cls):
        cls.held = HeldPortraitsServer()
        cls.fake, cls.server = cls.held.fake, cls.held.server

    @classmethod
    def tearDownClass(cls):
        cls.held.close()

    async def test_a_browser_flooding_with_hanging_portraits_delays_no_other_browser(self):
        flooding, other = Browser(self.server), Browser(self.server)
        await flooding.connect()
        await other.connect()
        try:
            listed = await flooding.call("characters.list")
            urls = [record["imageURL"] for record in listed["result"]["characters"]
                    if record.get("imageURL")][:32]
            self.assertEqual(len(urls), 32)
            for index, url in enumerate(urls):
                await flooding.ws.send_str(json.dumps({
                    "jsonrpc": "2.0", "id": f"portrait-{index}", "method": "images.fetch",
                    "params": {"url": url}}))
            # Its 32 requests wait on a host that answers nothing (until released below, or
            # bbfan's 30 s timeout): another browser's catalog calls are answered meanwhile.
            reply = await other.call("episodes.get", {"id": 1})
            self.assertEqual(reply["result"]["title"], "Pilot")
            found = await other.call("characters.filter", {"name": "walt"})
            self.assertEqual(found["result"]["characters"][0]["name"], "Walter White")
            self.assertFalse(self.fake.released.is_set())
            # The flooding browser has at most SLOW_PER_BROWSER of them at bbfan; the rest wait
            # in the bridge, so the host has seen no more than that.
            self.assertLessEqual(self.fake.held_requests, 6)
            self.fake.release()
            answered = {}
            while len(answered) < 32:
                message = json.loads((await flooding.ws.receive(timeout=60)).data)
                answered[message["id"]] = message
            for message in answered.values():
                self.assertEqual(message["result"]["freshness"], "downloaded", message)
            self.assertEqual(self.fake.held_requests, 32)
        finally:
            await flooding.close()
            await other.close()


class BridgeLifetimeTests(unittest.TestCase):
    """bbfan-web lives as long as its bbfan: when bbfan dies, it stops, saying why."""

    def test_stops_with_status_1_when_bbfan_dies(self):
        server = WebServer()
        children = [entry for entry in os.listdir("/proc") if entry.isdigit()
                    and _parent(int(entry)) == server.process.pid]
        self.assertEqual(len(children), 1, children)
        os.kill(int(children[0]), signal.SIGKILL)
        status = server.process.wait(timeout=20)
        self.assertEqual(status, 1)
        server.stderr_reader.join(timeout=20)
        self.assertIn("bbfan exited", "".join(server.stderr))
        server.close()

