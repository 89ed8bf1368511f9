"""Docs/Deploy.md as a user runs it: Debian's nginx (with the chapter's own site) in front of two
bridges, each with its own data directory, sharing a throwaway PostgreSQL (whose password never
shows on a command line) and a secret; browsers go through the proxy, and their requests land on
either bridge.

Needs BBFAN_BINARY, nginx, PostgreSQL's initdb/pg_ctl, systemd-analyze, Playwright and chromium
(`make test-deps`). Two tests need a bbfan with notifications.subscribe (issue 39's wire): with
an older one they fail, saying so, never skip.
"""

import base64
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import unittest

import aiohttp

from deploy_support import Deployment
from fakeapi import FakeAPI, png
from support import WebServer, bbfan_binary, bbfan_web_command, refresh_breaking_bad

try:
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import expect, sync_playwright
except ImportError as error:  # the test must fail, never skip, without its browser driver
    raise ImportError("Playwright for Python is missing: pip install playwright") from error

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
PASSWORD = "Heisenberg1!"
NEEDS_LIVE = ("no favorites.changed arrived: this bbfan has no notifications.subscribe "
              "(issue 39's wire, branch live5); the bridges said: ")

state = {}


def setUpModule():
    if not os.path.exists(CHROMIUM):
        raise RuntimeError(f"chromium is missing at {CHROMIUM}: apt-get install chromium")
    # Waits are for states of the page or the arrival of a message, never for a time: the limit
    # only stops a test that would wait forever.
    expect.set_options(timeout=60_000)
    fake = FakeAPI()
    state["fake"] = fake
    # Each bridge's own data directory holds the same saved Breaking Bad refresh (portraits on
    # the local image host), as two machines that refreshed from the same API would.
    state["deployment"] = Deployment(
        2, "--source", f"rick-and-morty={fake.rick_and_morty}",
        prepare=lambda data_dir: refresh_breaking_bad(fake.breaking_bad, data_dir))


def tearDownModule():
    if "deployment" in state:
        state["deployment"].close()
    if "fake" in state:
        state["fake"].close()


def _scrolled(page, reached, limit=60) -> int:
    """The page's scrollY once `reached(scrollY)` holds, or after `limit` seconds: polled from
    here, as the page's CSP refuses the eval that wait_for_function polls with."""
    deadline = time.monotonic() + limit
    while not reached(y := page.evaluate("window.scrollY")) and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    return y


def _said() -> str:
    return " | ".join(line.strip() for bridge in state["deployment"].bridges
                      for line in bridge.stderr)


class Browser:
    """A browser without a page (aiohttp): its cookies, sent to any bridge or the proxy."""

    def __init__(self):
        self.session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        self._ids = 0

    async def auth(self, url: str, action: str, **body) -> dict:
        async with self.session.post(f"{url}/auth/{action}", json=body) as response:
            return await response.json()

    async def call(self, url: str, method: str, params=None) -> dict:
        """One call over a fresh WebSocket to `url` (a bridge or the proxy)."""
        async with self.session.ws_connect(f"{url}/rpc") as ws:
            self._ids += 1
            message = {"jsonrpc": "2.0", "id": self._ids, "method": method}
            if params is not None:
                message["params"] = params
            await ws.send_json(message)
            while True:
                reply = await ws.receive_json()
                if reply.get("id") == self._ids:
                    return reply

    async def get(self, url: str) -> tuple[int, bytes, str | None]:
        async with self.session.get(url) as response:
            return response.status, await response.read(), response.headers.get("X-BBFan-Bridge")

    async def close(self):
        await self.session.close()


class BridgesShareEverything(unittest.IsolatedAsyncioTestCase):
    """What a bridge gives a browser works on the other bridge: sessions, /files links, images."""

    async def asyncSetUp(self):
        self.deployment = state["deployment"]
        self.one, self.two = self.deployment.bridges

    async def test_the_database_password_is_on_no_command_line(self):
        password = self.deployment.postgres.password
        for bridge in self.deployment.bridges:
            pids = bridge.pids()
            self.assertEqual(len(pids), 2, f"{bridge.name}: bbfan-web and its bbfan")
            for pid in pids:
                with open(f"/proc/{pid}/cmdline", "rb") as handle:
                    cmdline = handle.read().decode()
                self.assertNotIn(password, cmdline)
                self.assertNotIn("password", cmdline.lower())
            listing = subprocess.run(["ps", "-eo", "args"], capture_output=True, text=True).stdout
            self.assertNotIn(password, listing)
            # bbfan got the database in its environment, and its password from PGPASSWORD.
            with open(f"/proc/{pids[1]}/environ", "rb") as handle:
                environment = dict(item.split("=", 1) for item in
                                   handle.read().decode().split("\0") if "=" in item)
            self.assertEqual(environment["BBFAN_DATABASE_URL"], self.deployment.postgres.url)
            self.assertEqual(environment["PGPASSWORD"], password)

    async def test_a_password_in_the_database_url_is_refused(self):
        data_dir = tempfile.mkdtemp(prefix="bbfan-deploy-refused-")
        try:
            done = subprocess.run(
                [*bbfan_web_command(), "--port", "0", "--data-dir", data_dir, "--bbfan",
                 bbfan_binary(), "--database", "postgres://bbfan:hunter2@/bbfan"],
                capture_output=True, text=True, timeout=60)
        finally:
            shutil.rmtree(data_dir, ignore_errors=True)
        self.assertEqual(done.returncode, 2)
        self.assertIn("--database must not hold the password", done.stderr)
        self.assertIn("PGPASSWORD", done.stderr)

    async def test_sessions_files_and_image_urls_work_on_every_bridge(self):
        walt, other = Browser(), Browser()
        try:
            registered = await walt.auth(self.one.url, "register", username="walt-files",
                                         password=PASSWORD, passwordConfirmation=PASSWORD)
            self.assertEqual(registered["result"]["user"]["username"], "walt-files")
            # The session made on bridge 1 is live on bridge 2 (PostgreSQL checks its token).
            session = await walt.call(self.two.url, "auth.session")
            self.assertEqual(session["result"]["user"]["username"], "walt-files")
            photo = png(4, 4, (200, 40, 40))
            updated = await walt.call(self.one.url, "profile.update",
                                      {"photo": {"data": base64.b64encode(photo).decode()}})
            photo_href = updated["result"]["photo"]["href"]
            exported = await walt.call(self.one.url, "characters.export",
                                       {"id": 1, "format": "csv", "universe": "rick-and-morty"})
            export_href = exported["result"]["href"]
            character = await walt.call(self.one.url, "characters.get", {"id": 1})
            image_url = character["result"]["imageURL"]
            fetched = await walt.call(self.one.url, "images.fetch", {"url": image_url})
            image_href = fetched["result"]["href"]
            made_here = {}
            for href in (photo_href, export_href, image_href):
                status, body, name = await walt.get(self.one.url + href)
                self.assertEqual((status, name), (200, "bridge-1"), href)
                made_here[href] = body
            self.assertEqual(made_here[photo_href], photo)
            # Bridge 2 never saw these ids: it gets each file again from its own bbfan.
            for href, body in made_here.items():
                status, served, name = await walt.get(self.two.url + href)
                self.assertEqual((status, name), (200, "bridge-2"), href)
                self.assertEqual(served, body, href)
            # An image URL bridge 2 never sent is one of the catalog's: allowed there too.
            second = await walt.call(self.two.url, "characters.get", {"id": 2})
            fetched_two = await walt.call(self.two.url, "images.fetch",
                                          {"url": second["result"]["imageURL"]})
            self.assertIn("href", fetched_two["result"])
            refused = await walt.call(self.two.url, "images.fetch",
                                      {"url": "http://127.0.0.1:9/not-the-catalogs.png"})
            self.assertEqual(refused["error"]["data"]["field"], "url")
            # Another browser gets neither the photo nor the export, on either bridge; a
            # tampered id is no id.
            for url in (self.one.url, self.two.url):
                for href in (photo_href, export_href):
                    status, _, _ = await other.get(url + href)
                    self.assertEqual(status, 404, href)
                status, _, _ = await other.get(url + image_href)
                self.assertEqual(status, 200)
            # Another recipe under a real id's signature.
            mac = image_href.removeprefix("/files/").split(".")[1]
            forged = base64.urlsafe_b64encode(
                b'{"k":"image","url":"http://127.0.0.1:9/x"}').decode().rstrip("=")
            status, _, _ = await walt.get(f"{self.two.url}/files/{forged}.{mac}")
            self.assertEqual(status, 404)
        finally:
            await walt.close()
            await other.close()

    async def test_pages_and_files_through_the_proxy_land_on_both_bridges(self):
        browser = Browser()
        try:
            names = [(await browser.get(self.deployment.url + "/"))[2] for _ in range(4)]
            self.assertEqual(sorted(set(names)), ["bridge-1", "bridge-2"])
        finally:
            await browser.close()


class BrowsersThroughTheProxy(unittest.TestCase):
    """Chromium through nginx: every app, requests on both bridges; hearts between bridges."""

    @classmethod
    def setUpClass(cls):
        cls.playwright = sync_playwright().start()
        arguments = ["--no-sandbox"] if os.geteuid() == 0 else []
        cls.browser = cls.playwright.chromium.launch(executable_path=CHROMIUM, args=arguments,
                                                     headless=True)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.playwright.stop()

    def setUp(self):
        self.deployment = state["deployment"]
        self.contexts = []

    def tearDown(self):
        for context in self.contexts:
            for page in context.pages:
                self.assertEqual(page.errors, [], "errors on the page")
            context.close()

    def new_page(self):
        context = self.browser.new_context(viewport={"width": 1200, "height": 860})
        self.contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.bridges = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.on("console", lambda message: page.errors.append(message.text)
                if message.type == "error" and "WebSocket" not in message.text else None)
        page.on("response", lambda response: page.bridges.append(
            response.headers.get("x-bbfan-bridge")))
        return page

    def register(self, page, url, username):
        page.goto(url + "/#/login")
        page.get_by_role("tab", name="Register").click()
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password", exact=True).fill(PASSWORD)
        page.get_by_label("Confirm password").fill(PASSWORD)
        page.get_by_role("button", name="Register").click()
        expect(page.locator("#home-username")).to_have_text(username)

    def test_a_browser_uses_every_app_through_the_proxy(self):
        page = self.new_page()
        url = self.deployment.url
        self.register(page, url, "jesse-proxy")
        # Breaking Bad: a character, a heart, the quotes with Top 3.
        page.goto(url + "/#/bb/characters/1")
        expect(page.get_by_role("heading", name="Walter White")).to_be_visible()
        page.get_by_role("button", name="Add to favourites").first.click()
        expect(page.get_by_role("button", name="Remove from favourites")).to_have_count(1)
        page.goto(url + "/#/bb/quotes")
        expect(page.locator("#top .count").first).to_be_visible()
        # The explorer, Rick and Morty, quizzes.
        page.goto(url + "/#/explorer")
        expect(page.locator("#characters img.thumb").first).to_be_visible()
        page.goto(url + "/#/rm")
        page.locator("#rm-episodes").get_by_role("link", name=re.compile("^Pilot")).click()
        page.locator("#rm-characters").get_by_role("link", name="Rick Sanchez").click()
        expect(page.locator("#details")).to_contain_text("Earth (C-137)")
        page.goto(url + "/#/quizzes/online")
        page.get_by_role("button", name="Add Arya Stark").click()
        expect(page.get_by_role("button", name="Add Arya Stark")).to_have_text("Added")
        page.goto(url + "/#/quizzes")
        expect(page.get_by_text("Arya Stark").first).to_be_visible()
        # Every portrait shown came through /files/ links, from whichever bridge.
        for _ in range(2):
            page.reload()
            expect(page.get_by_text("Arya Stark").first).to_be_visible()
        self.assertEqual(sorted({name for name in page.bridges if name}),
                         ["bridge-1", "bridge-2"], "the page's requests landed on both bridges")

    def test_a_heart_in_one_browser_reaches_another_on_the_other_bridge(self):
        """Needs issue 39's bbfan (live5): favorites.changed."""
        one, two = self.deployment.bridges
        walt, jesse = self.new_page(), self.new_page()
        sockets = []
        jesse.on("websocket", lambda socket: sockets.append(socket))
        self.register(walt, one.url, "walt-live")
        self.register(jesse, two.url, "jesse-live")
        jesse.goto(two.url + "/#/bb/quotes")
        expect(jesse.get_by_role("heading", name="Random quote")).to_be_visible()
        walt.goto(one.url + "/#/bb/characters/1")
        expect(walt.get_by_role("heading", name="Walter White")).to_be_visible()
        self.assertTrue(sockets, "jesse's page opened no WebSocket")
        arrived = []
        sockets[-1].on("framereceived", lambda frame: arrived.append(frame)
                       if "favorites.changed" in str(frame) else None)
        try:
            with sockets[-1].expect_event(
                    "framereceived", predicate=lambda frame: "favorites.changed" in str(frame),
                    timeout=30_000):
                walt.get_by_role("button", name="Add to favourites").first.click()
        except PlaywrightError:
            self.fail(NEEDS_LIVE + _said())
        notification = json.loads(arrived[0])["params"]
        # Jesse's Top 3 shows the heart walt gave, without a reload (the quote is in it: it has
        # the most hearts or ties, and a Top 3 with it is the one drawn); jesse's own hearts
        # stay jesse's: none.
        count = jesse.locator(f'#top [data-quote="{notification["quoteId"]}"] .count')
        expect(count).to_have_text(f"♥ {notification['favoriteCount']}")
        expect(jesse.locator("#top").get_by_role(
            "button", name="Remove from favourites")).to_have_count(0)

    def test_a_refresh_by_another_process_reloads_the_list_in_place(self):
        """Needs issue 39's bbfan (live5): catalog.changed for another process's refresh."""
        one = self.deployment.bridges[0]
        moved = FakeAPI()  # the same records, their portraits on another host: a new catalog
        try:
            self.assert_reloads_in_place(
                one.url, lambda: refresh_breaking_bad(moved.breaking_bad, one.data_dir),
                "no catalog.changed arrived for another process's refresh on the bridge's data "
                "directory: this bbfan does not follow it (issue 39's wire, branch live5)")
        finally:
            # The bridge goes back to the portraits every bridge has (the later tests may land
            # on it), before the host of the moved ones goes.
            refresh_breaking_bad(state["fake"].breaking_bad, one.data_dir)
            moved.close()

    def test_a_refresh_by_another_browser_reloads_the_list_in_place(self):
        """Another browser's refresh through the same bridge (bbfan's catalog.changed to the
        refreshing connection, which the bridge sends to every page): works with any bbfan."""
        fake, moved = FakeAPI(), FakeAPI()
        data_dir = tempfile.mkdtemp(prefix="bbfan-deploy-lists-")
        server = None
        try:
            refresh_breaking_bad(fake.breaking_bad, data_dir)
            server = WebServer("--source", moved.breaking_bad, data_dir=data_dir)
            other = self.new_page()
            other.goto(server.url + "/")
            expect(other.locator("#view")).to_be_visible()
            self.assert_reloads_in_place(server.url, lambda: other.evaluate(
                "import('/static/rpc.js').then((rpc) => rpc.call('catalog.refresh', {}))"),
                "no catalog.changed arrived for another browser's refresh")
        finally:
            if server is not None:
                server.close()
            fake.close()
            moved.close()
            shutil.rmtree(data_dir, ignore_errors=True)

    def assert_reloads_in_place(self, url, refresh, missing):
        """The explorer's list, scrolled down, loads again when `refresh` replaces the catalog
        (the page sends characters.filter after catalog.changed) and stays scrolled there."""
        page = self.new_page()
        sockets = []
        page.on("websocket", lambda socket: sockets.append(socket))
        page.set_viewport_size({"width": 600, "height": 500})
        page.goto(url + "/#/explorer")
        expect(page.locator("#characters li").last).to_be_visible()
        page.mouse.wheel(0, 900)
        place = _scrolled(page, lambda y: y >= 900)
        self.assertGreaterEqual(place, 900, "the mouse wheel scrolled the list")
        with sockets[-1].expect_event(
                "framesent", predicate=lambda frame: "characters.filter" in str(frame),
                timeout=90_000):
            try:
                with sockets[-1].expect_event(
                        "framereceived", predicate=lambda frame: "catalog.changed" in str(frame),
                        timeout=60_000):
                    refresh()
            except PlaywrightError:
                self.fail(f"{missing}; the bridges said: {_said()}")
        # The list is drawn again when the reply comes (a loading line meanwhile: the page is
        # shorter, and the browser scrolls up), then scrolled back to its place.
        expect(page.locator("#characters li").last).to_be_visible()
        self.assertEqual(_scrolled(page, lambda y: y == place), place, "the list kept its place")

class WhenABridgeDies(unittest.TestCase):
    """One bridge killed: the page reconnects through the proxy to the other and goes on (runs
    last: the deployment keeps one bridge)."""

    def test_the_page_reconnects_through_the_other_bridge(self):
        deployment = state["deployment"]
        with sync_playwright() as playwright:
            arguments = ["--no-sandbox"] if os.geteuid() == 0 else []
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=arguments,
                                                 headless=True)
            page = browser.new_page()
            errors = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(deployment.url + "/#/rm")
            expect(page.locator("#rm-episodes .episode-row").first).to_contain_text("Pilot")
            # The bridge that holds the page's WebSocket: the one nginx keeps a connection to.
            held = [bridge for bridge in deployment.bridges if _established(bridge.port)]
            self.assertEqual(len(held), 1, "the page's WebSocket is on one bridge")
            held[0].kill()
            page.goto(deployment.url + "/#/rm/characters/2")
            expect(page.locator("#details")).to_contain_text("Morty Smith")
            page.goto(deployment.url + "/#/explorer")
            expect(page.locator("#characters img.thumb").first).to_be_visible()
            alive = [bridge for bridge in deployment.bridges if bridge is not held[0]]
            self.assertTrue(_established(alive[0].port), "the page reconnected to the other")
            self.assertEqual(errors, [])
            browser.close()


def _established(port: int) -> bool:
    """Whether some connection to 127.0.0.1:`port` is open (nginx keeps none between requests:
    only a WebSocket stays)."""
    listing = subprocess.run(["ss", "-Htn", "state", "established", f"( sport = :{port} )"],
                             capture_output=True, text=True).stdout
    return bool(listing.strip())


class TheSystemdUnit(unittest.TestCase):
    """Clients/Web/systemd/bbfan-web@.service passes `systemd-analyze verify`."""

    def test_the_unit_verifies(self):
        analyze = shutil.which("systemd-analyze")
        self.assertIsNotNone(analyze, "systemd-analyze is missing: apt-get install systemd")
        unit = os.path.join(os.path.dirname(__file__), "..", "systemd", "bbfan-web@.service")
        with open(unit) as handle:
            text = handle.read()
        # The unit names the installed paths; here they are where the test's copies are.
        text = text.replace("/usr/local/bin/bbfan-web", bbfan_web_command()[0])
        text = re.sub(r"/usr/local/bin/bbfan\b", bbfan_binary(), text)
        directory = tempfile.mkdtemp(prefix="bbfan-deploy-unit-")
        try:
            with open(os.path.join(directory, "bbfan-web@.service"), "w") as handle:
                handle.write(text)
            done = subprocess.run([analyze, "verify",
                                   os.path.join(directory, "bbfan-web@1.service")],
                                  capture_output=True, text=True)
        finally:
            shutil.rmtree(directory, ignore_errors=True)
        self.assertEqual((done.returncode, done.stderr), (0, ""))


if __name__ == "__main__":
    unittest.main()
