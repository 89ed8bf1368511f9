"""The bridge's last weak points, closed: the Host it answers, what a browser without an account
may make it do, whose files it serves, who a stranger's wrong passwords slow, and what a page
hears when bbfan dies."""

import asyncio
import json
import os
import signal
import socket
import unittest

import aiohttp

from support import HeldPortraitsServer, WebServer
from test_bridge import Browser, _parent


class HostTests(unittest.IsolatedAsyncioTestCase):
    """DNS rebinding: another site's name that resolves to the bridge gets nothing."""

    @classmethod
    def setUpClass(cls):
        cls.server = WebServer("--public-name", "fans.example.org")

    @classmethod
    def tearDownClass(cls):
        cls.server.close()

    async def status(self, host: str, path: str = "/") -> tuple[int, dict | None]:
        async with aiohttp.ClientSession() as session:
            async with session.get(self.server.url + path, headers={"Host": host}) as response:
                body = await response.json() if response.content_type == "application/json" \
                    else None
                return response.status, body

    async def test_the_names_it_serves_and_no_other(self):
        port = self.server.host_port.rpartition(":")[2]
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}",
                     "fans.example.org"):
            self.assertEqual((await self.status(host))[0], 200, host)
        for host in (f"evil.example:{port}", "evil.example", f"127.0.0.1:{int(port) + 1}",
                     "localhost", f"fans.example.org:{port}", f"127.0.0.1.evil.example:{port}"):
            status, body = await self.status(host)
            self.assertEqual(status, 421, host)
            self.assertEqual(body["error"]["data"]["reason"], "wrong-host", host)
            self.assertIn("--public-name", body["error"]["message"])

    async def test_a_rebinding_page_reaches_neither_sign_in_nor_the_websocket(self):
        port = self.server.host_port.rpartition(":")[2]
        evil = f"evil.example:{port}"
        headers = {"Host": evil, "Origin": f"http://{evil}"}
        async with aiohttp.ClientSession() as session:
            async with session.post(self.server.url + "/auth/login", headers=headers,
                                    json={"username": "walt", "password": "x"}) as response:
                self.assertEqual(response.status, 421)
            with self.assertRaises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(self.server.url + "/rpc", headers=headers)
            self.assertEqual(refused.exception.status, 421)


class WithoutAnAccountTests(unittest.IsolatedAsyncioTestCase):
    """The explorers export and refresh without an account: bounded per browser, and an export
    is served to the browser that made it only, never from a cache."""

    @classmethod
    def setUpClass(cls):
        cls.held = HeldPortraitsServer()
        cls.server = cls.held.server

    @classmethod
    def tearDownClass(cls):
        cls.held.close()

    async def test_every_error_is_json_and_quizzes_online_needs_no_account(self):
        browser = Browser(self.server)
        await browser.connect()
        try:
            async with browser.session.post(
                    f"{self.server.url}/auth/login",
                    json={"username": "walt", "password": "M" * 70_000}) as response:
                self.assertEqual(response.status, 413)
                body = await response.json()
                self.assertEqual(body["error"]["data"]["reason"], "too-large")
            online = await browser.call("quizzes.online", {"limit": 2})
            self.assertIn("result", online, online)
            # Nothing of whoever signed in last on the machine: no inCollection, no isFavorite.
            self.assertNotIn("inCollection", json.dumps(online))
        finally:
            await browser.close()

    async def test_exports_are_bounded_per_browser_and_served_to_their_browser_only(self):
        first, second = Browser(self.server), Browser(self.server)
        await first.connect()
        await second.connect()
        try:
            # A card shows the portrait, whose host answers nothing until released: the first
            # two exports stay under way, and the third is refused at once.
            for request_id in ("card-1", "card-2"):
                await first.ws.send_str(json.dumps({
                    "jsonrpc": "2.0", "id": request_id, "method": "characters.export",
                    "params": {"id": 1 if request_id == "card-1" else 2, "format": "pdf"}}))
            await self.wait_for_held(2)
            refused = await first.call("characters.export", {"id": 3, "format": "csv"})
            self.assertEqual(refused["error"]["data"], {"reason": "busy", "limit": 2})
            # Another browser has bounds of its own.
            other = await second.call("characters.export", {"id": 3, "format": "csv"})
            self.assertIn("result", other, other)
            self.held.fake.release()
            cards = await self.replies(first, {"card-1", "card-2"})
            for card in cards.values():
                self.assertIn("result", card, card)
            href = cards["card-1"]["result"]["href"]
            async with first.session.get(self.server.url + href) as response:
                self.assertEqual(response.status, 200)
                self.assertEqual(response.headers["Cache-Control"], "no-store")
                self.assertTrue((await response.read()).startswith(b"%PDF-"))
            async with second.session.get(self.server.url + href) as response:
                self.assertEqual(response.status, 404)
                self.assertEqual((await response.json())["error"]["data"]["reason"], "not-found")
            async with aiohttp.ClientSession() as stranger:
                async with stranger.get(self.server.url + href) as response:
                    self.assertEqual(response.status, 404)
        finally:
            await first.close()
            await second.close()

    @staticmethod
    async def replies(browser: Browser, ids: set) -> dict:
        """The replies to `ids`, in whatever order they come (each within 60 s)."""
        found = {}
        while set(found) != ids:
            message = json.loads((await browser.ws.receive(timeout=60)).data)
            if message.get("id") in ids:
                found[message["id"]] = message
        return found

    async def wait_for_held(self, count: int) -> None:
        for _ in range(600):
            if self.held.fake.held_requests >= count:
                return
            await asyncio.sleep(0.05)
        self.fail(f"the portraits' host saw {self.held.fake.held_requests} requests, not {count}")


class RefreshBoundTests(unittest.IsolatedAsyncioTestCase):
    """One refresh at a time per browser: Rick and Morty's source takes the request and never
    answers, so its refresh stays under way."""

    async def test_one_refresh_at_a_time_per_browser(self):
        silent = socket.socket()
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        port = silent.getsockname()[1]
        server = WebServer("--source", f"rick-and-morty=http://127.0.0.1:{port}/api")
        first, second = Browser(server), Browser(server)
        try:
            await first.connect()
            await second.connect()
            await first.ws.send_str(json.dumps({
                "jsonrpc": "2.0", "id": "rm", "method": "catalog.refresh",
                "params": {"universe": "rick-and-morty", "progressToken": "p"}}))
            # Its first progress notification says it is under way.
            while True:
                message = json.loads((await first.ws.receive(timeout=60)).data)
                if message.get("method") == "notifications/progress":
                    break
            # Breaking Bad has no live source: bbfan would answer -32014. This browser is
            # refused before that; another browser is not.
            mine = await first.call("catalog.refresh", {"universe": "breaking-bad"})
            self.assertEqual(mine["error"]["data"], {"reason": "refresh-in-progress"})
            self.assertIn("this browser's refresh", mine["error"]["message"])
            theirs = await second.call("catalog.refresh", {"universe": "breaking-bad"})
            self.assertEqual(theirs["error"]["data"]["reason"], "no-live-source")
        finally:
            await first.close()
            await second.close()
            server.close()
            silent.close()


class StrangerTests(unittest.IsolatedAsyncioTestCase):
    """A stranger's wrong passwords slow the stranger, never the owner's browser (device cookies,
    Docs/Web.md)."""

    async def test_the_stranger_is_slowed_the_owners_browser_is_not(self):
        server = WebServer()
        owner, stranger, new = Browser(server), Browser(server), Browser(server)
        try:
            status, body = await owner.auth("register", username="walt", password="Heisenberg1!",
                                            passwordConfirmation="Heisenberg1!")
            self.assertEqual(status, 200, body)
            status, body = await owner.auth("login", username="walt", password="Heisenberg1!")
            self.assertEqual(body["result"]["user"]["username"], "walt")
            devices = {cookie.key: cookie for cookie in owner.session.cookie_jar}["bbfan_devices"]
            self.assertTrue(devices.value.startswith("walt:v1."), devices.value)
            self.assertTrue(devices["httponly"])
            self.assertNotIn("device", json.dumps(body))
            for _ in range(5):
                _, body = await stranger.auth("login", username="walt", password="guess")
                self.assertEqual(body["error"]["data"]["reason"], "wrong-password")
            # The stranger waits now, whatever name it tries; so does a browser that never
            # signed in to walt, even with the right password.
            for name, password in (("walt", "Heisenberg1!"), ("jesse", "guess")):
                _, body = await stranger.auth("login", username=name, password=password)
                self.assertEqual(body["error"]["data"]["reason"], "too-many-attempts", body)
            _, body = await new.auth("login", username="walt", password="Heisenberg1!")
            self.assertEqual(body["error"]["data"]["reason"], "too-many-attempts", body)
            # The owner's browser is not held.
            status, body = await owner.auth("login", username="walt", password="Heisenberg1!")
            self.assertEqual(body.get("result", {}).get("user", {}).get("username"), "walt", body)
        finally:
            for browser in (owner, stranger, new):
                await browser.close()
            server.close()


class WhenBbfanDiesTests(unittest.IsolatedAsyncioTestCase):
    """Every call waiting is answered, then the page is told (1013), and the bridge exits."""

    async def test_waiting_calls_are_answered_then_the_page_is_told(self):
        held = HeldPortraitsServer()
        browser = Browser(held.server)
        try:
            await browser.connect()
            listed = await browser.call("characters.list", {"limit": 1})
            url = listed["result"]["characters"][0]["imageURL"]
            await browser.ws.send_str(json.dumps({
                "jsonrpc": "2.0", "id": "portrait", "method": "images.fetch",
                "params": {"url": url}}))
            for _ in range(600):
                if held.fake.held_requests >= 1:
                    break
                await asyncio.sleep(0.05)
            self.assertGreaterEqual(held.fake.held_requests, 1, "the portrait was never asked for")
            children = [entry for entry in os.listdir("/proc") if entry.isdigit()
                        and _parent(int(entry)) == held.server.process.pid]
            self.assertEqual(len(children), 1, children)
            os.kill(int(children[0]), signal.SIGKILL)
            reply = await browser.reply("portrait")
            self.assertEqual(reply["error"]["data"]["reason"], "service-unavailable", reply)
            closing = await browser.ws.receive(timeout=30)
            self.assertEqual(closing.type, aiohttp.WSMsgType.CLOSE)
            self.assertEqual(browser.ws.close_code, 1013)
            self.assertEqual(held.server.process.wait(timeout=20), 1)
        finally:
            await browser.close()
            held.fake.release()
            held.close()


if __name__ == "__main__":
    unittest.main()
