"""Issue 36, the page's part, in a real browser: the apps open as their specs say with no account,
every error in a person's words, sessions and an unavailable service said and recovered from,
dialogs closed on navigation, long values that never make a page scroll sideways, and axe-core on
the scenes. Every check waits for a state of the page, never for a time.
"""

import os
import re
import signal

from playwright.sync_api import expect

from support import WebServer
from test_pages import DESKTOP, PHONE, PageTest, setUpModule, state, tearDownModule  # noqa: F401

# Raw words of the service and the bridge that must never reach a person.
RAW = re.compile(r"Invalid params|Invalid Request|Unauthorized|auth\.login|Unexpected token|is not valid JSON|"
                 r"airedFrom|airedTo|displayName|-320\d\d|token")


class NoAccountTests(PageTest):
    def test_the_first_page_offers_the_four_apps_and_three_work_with_no_account(self):
        page = self.page
        page.goto(self.url + "/")
        cards = page.locator(".app-grid li")
        expect(cards).to_have_count(4)
        self.shot("home-no-account")
        # The explorer searches with no account.
        page.get_by_role("link", name=re.compile("^Character explorer")).click()
        page.get_by_label("Search by name").fill("Gustavo")
        expect(page.locator("main")).to_contain_text("Gustavo Fring")
        # Rick and Morty lists its episodes and refreshes with no account.
        page.goto(self.url + "/#/rm")
        expect(page).to_have_url(re.compile(r"#/rm$"))
        expect(page.locator("main li").first).to_be_visible()
        page.get_by_role("button", name="Refresh").click()
        expect(page.locator("#refresh-status")).to_contain_text(re.compile("catalog changed|Up to date"))
        # Quizzes: the empty collection and the online search, a profile asked for only to add.
        page.goto(self.url + "/#/quizzes")
        expect(page.get_by_text("No quizzes added yet")).to_be_visible()
        expect(page.locator("#profile-needed")).to_be_visible()
        self.shot("quizzes-no-account")
        page.goto(self.url + "/#/quizzes/online")
        expect(page.locator("#online li").first).to_be_visible()
        page.locator("#online button.add").first.click()
        dialog = page.get_by_role("alertdialog")
        expect(dialog).to_contain_text("A profile is needed")
        dialog.get_by_role("button", name="OK").click()
        # Breaking Bad starts at its login.
        page.goto(self.url + "/#/bb")
        expect(page).to_have_url(re.compile(r"#/login$"))
        self.assertIsNone(RAW.search(page.locator("body").inner_text()))


class ErrorWordsTests(PageTest):
    def test_every_documented_reason_is_a_sentence_without_the_services_words(self):
        page = self.page
        page.goto(self.url + "/#/")
        expect(page.locator(".app-grid li")).to_have_count(4)
        # Each error of Docs/Protocol.md's table and of the bridge (Docs/Web.md), as the wire sends it.
        errors = [
            (-32700, "Parse error: not JSON at byte 3", {"reason": "invalid-json"}),
            (-32600, "Invalid Request: the message is over the limit of 16777216 bytes.", {"reason": "too-large"}),
            (-32602, "Invalid params: airedFrom is after airedTo (2012-01-01 > 2010-01-01); swap them or drop one.", {"field": "airedFrom", "problem": "is after airedTo"}),
            (-32602, "Invalid params: displayName is longer than 64 characters", {"field": "displayName", "maxLength": 64}),
            (-32602, "Invalid params: title is longer than 1000 characters", {"field": "title", "maxLength": 1000}),
            (-32602, "Invalid params: facts[1] must not be empty", {"field": "facts[1]"}),
            (-32603, "Internal error", None),
            (-32001, "Unauthorized: nobody is signed in; call auth.login first.", {"reason": "unauthorized"}),
            (-32002, "Unknown user walter", {"reason": "unknown-user", "username": "walter"}),
            (-32003, "Wrong password for walter.", {"reason": "wrong-password"}),
            (-32004, "Not found: no episode 999", {"reason": "not-found", "kind": "episode", "id": 999}),
            (-32005, "Too many attempts; retry after 2 s", {"reason": "too-many-attempts", "retryAfter": 2}),
            (-32006, "Username taken: walter", {"reason": "username-taken", "username": "walter"}),
            (-32007, "Invalid params: password-mismatch", {"reason": "password-mismatch"}),
            (-32008, "weak password", {"reason": "weak-password", "unmet": ["at least 8 characters", "a digit"]}),
            (-32010, "Storage unavailable: /x/bbfan.sqlite3 is corrupt", {"reason": "storage-unavailable", "failure": "corrupt"}),
            (-32011, "Upstream unavailable: https://x/api 500", {"reason": "upstream-unavailable", "failure": "http-status", "status": 500}),
            (-32012, "Upstream invalid: wrong-shape", {"reason": "upstream-invalid", "failure": "wrong-shape"}),
            (-32013, "Not an image: text/html", {"reason": "not-an-image"}),
            (-32014, "No live source … start it with --source URL", {"reason": "no-live-source"}),
            (-32015, "refresh-in-progress", {"reason": "refresh-in-progress"}),
            (-32016, "Duplicate: quiz title", {"reason": "duplicate", "existingId": 1}),
            (-32000, "bbfan stopped", {"reason": "service-unavailable"}),
            (-32000, "busy: 2 exports", {"reason": "busy", "limit": 2}),
            (-32600, "Method not allowed: token", {"reason": "not-allowed", "field": "token"}),
            (-32000, "Misdirected Request", {"reason": "wrong-host", "status": 421}),
            (-32000, "Request Entity Too Large", {"reason": "too-large", "status": 413}),
            (-32002, "not signed in here", {"reason": "not-signed-in-here"}),
        ]
        sentences = page.evaluate("""async (errors) => {
            const { sentence } = await import('/static/errors.js');
            return errors.map(([code, message, data]) => sentence({ code, message, data }));
        }""", errors)
        for (code, message, data), text in zip(errors, sentences):
            with self.subTest(code=code, data=data):
                self.assertNotIn(message, text)
                self.assertIsNone(RAW.search(text), text)
                self.assertTrue(text.endswith(".") and text[0].isupper(), text)

    def test_the_filters_dates_and_a_huge_password_are_said_in_a_persons_words(self):
        self.register("saul")
        page = self.page
        page.goto(self.url + "/#/bb/episodes?from=2012-01-01&to=2010-01-01")
        expect(page.locator("main [role=alert]").first).to_contain_text("“Aired from” date must not be after")
        self.assertIsNone(RAW.search(page.locator("main").inner_text()))
        # A 70,000-character password: the bridge's 413, as JSON, in words (the field itself stops at 4096).
        expect(page.locator("#account")).to_be_visible()
        said = page.evaluate("""async () => {
            const { auth } = await import('/static/rpc.js');
            try { await auth('login', { username: 'saul', password: 'M'.repeat(70000) }); return 'accepted'; }
            catch (error) { return error.message; }
        }""")
        self.assertIn("too large", said)
        # The browser's own log of the 413 is the one expected line; nothing else.
        page.errors[:] = [line for line in page.errors if "status of 413" not in line]
        self.assertIsNone(RAW.search(said))
        page.goto(self.url + "/#/login")
        self.assertEqual(page.get_by_label("Password", exact=True).get_attribute("maxlength"), "4096")


class SessionTests(PageTest):
    def test_a_session_ended_in_another_tab_returns_this_tab_to_sign_in_saying_why(self):
        self.register("lydia")
        page = self.page
        other = page.context.new_page()
        other.errors = []
        other.goto(self.url + "/#/")
        expect(other.locator("#home-username")).to_have_text("lydia")
        other.get_by_role("button", name="Log out").click()
        expect(other).to_have_url(re.compile(r"#/login$"))
        page.goto(self.url + "/#/bb/quotes")
        expect(page).to_have_url(re.compile(r"#/login$"))
        expect(page.locator("#signin-notice")).to_contain_text("You were signed out as lydia")
        self.assertIsNone(RAW.search(page.locator("main").inner_text()))
        self.shot("signed-out-elsewhere")

    def test_a_dialog_closes_when_the_user_navigates_away(self):
        self.register("skinny")
        page = self.page
        page.goto(self.url + "/#/bb")
        page.goto(self.url + "/#/bb/episodes")
        page.get_by_role("button", name="Filter").click()
        expect(page.get_by_role("dialog", name="Filter episodes")).to_be_visible()
        page.go_back()
        expect(page).to_have_url(re.compile(r"#/bb$"))
        expect(page.locator("dialog")).to_have_count(0)


class UnavailableTests(PageTest):
    def test_the_page_says_the_service_is_unavailable_and_recovers_when_it_is_back(self):
        server = WebServer("--source", f"rick-and-morty={state['fake'].rick_and_morty}", data_dir=state["data"])
        self.addCleanup(server.close)
        page = self.page
        page.goto(server.url + "/#/explorer")
        page.get_by_label("Search by name").fill("Gustavo")
        expect(page.locator("main")).to_contain_text("Gustavo Fring")
        # bbfan dies under the bridge: the bridge answers, closes with 1013 and exits.
        with open(f"/proc/{server.process.pid}/task/{server.process.pid}/children") as handle:
            children = [int(pid) for pid in handle.read().split()]
        self.assertEqual(len(children), 1, "the bridge runs one bbfan")
        os.kill(children[0], signal.SIGKILL)
        status = page.locator("#service-status")
        expect(status).to_contain_text("unavailable")
        self.shot("service-unavailable")
        server.process.wait(timeout=60)
        # A bridge is back at the same address: the page notices by itself and the notice goes.
        port = server.url.rsplit(":", 1)[1]
        again = WebServer("--port", port, "--source", f"rick-and-morty={state['fake'].rick_and_morty}", data_dir=state["data"])
        self.addCleanup(again.close)
        expect(status).to_be_hidden()
        page.get_by_label("Search by name").fill("Walter")
        expect(page.locator("main")).to_contain_text("Walter White")
        # The browser logs each refused reconnection while no bridge listened: expected here,
        # and each portrait address the stopped bridge had given (a new bridge serves new ones).
        page.errors[:] = [line for line in page.errors
                          if "ERR_CONNECTION_REFUSED" not in line and "status of 404" not in line]


class LayoutTests(PageTest):
    def test_the_longest_words_never_make_a_page_scroll_sideways(self):
        self.register("wordy")
        page = self.page
        page.goto(self.url + "/#/quizzes/profile")
        page.get_by_label("Display name").fill("W" * 64)
        page.get_by_role("button", name="Save").click()
        expect(page.locator("#account .me-name")).to_have_text("W" * 64)
        page.goto(self.url + "/#/quizzes/create")
        page.get_by_label("Title").fill("application:willFinishLaunchingWithOptions" + "x" * 158)
        page.get_by_label("Fact 1").fill("y" * 200)
        page.get_by_label("Fact 2").fill("z" * 200)
        page.get_by_role("button", name="Create").click()
        expect(page).to_have_url(re.compile(r"#/quizzes$"), timeout=5000)
        expect(page.locator("#quizzes .quiz")).to_have_count(1)
        # An online title already in the collection is not offered again.
        page.goto(self.url + "/#/quizzes/online")
        page.get_by_label("Search online quizzes").fill("Arya")
        page.get_by_role("button", name="Add Arya Stark").click()
        expect(page.get_by_role("button", name="Add Arya Stark")).to_have_text("Added")
        page.reload()
        page.get_by_label("Search online quizzes").fill("Arya")
        expect(page.locator("#online .in-collection")).to_have_text("In your quizzes")
        expect(page.get_by_role("button", name="Add Arya Stark")).to_have_count(0)
        for size, name in [(PHONE, "phone"), (DESKTOP, "desktop")]:
            page.set_viewport_size(size)
            for path in ["/#/", "/#/quizzes", "/#/quizzes/profile", "/#/bb/episodes", "/#/rm"]:
                with self.subTest(size=name, path=path):
                    page.goto(self.url + path)
                    expect(page.locator("main h1")).to_be_visible()
                    expect(page.locator("main .loading")).to_have_count(0)
                    self.no_horizontal_scroll()
            page.goto(self.url + "/#/quizzes")
            page.locator(".flash-card").first.click()
            self.no_horizontal_scroll()
            self.shot(f"quizzes-long-words-{name}")
        page.set_viewport_size(PHONE)
        page.goto(self.url + "/#/bb/episodes")
        page.get_by_role("button", name="Filter").click()
        to = page.get_by_label("Aired to")
        expect(to).to_be_visible()
        box, width = to.bounding_box(), PHONE["width"]
        self.assertLessEqual(box["x"] + box["width"], width)
        self.shot("bb-filter-phone")


class AccessibilityTests(PageTest):
    def assert_no_serious_violation(self, scenes):
        """axe-core on each scene, once it has drawn: no serious or critical violation."""
        from axe_playwright_python.sync_playwright import Axe
        axe = Axe()
        page = self.page
        for path in scenes:
            page.goto(self.url + path)
            expect(page.locator("main h1")).to_be_visible()
            expect(page.locator("main .loading")).to_have_count(0)
            results = axe.run(page)
            bad = [(v["id"], v["impact"], v["help"]) for v in results.response["violations"]
                   if v["impact"] in ("serious", "critical")]
            with self.subTest(path=path):
                self.assertEqual(bad, [])

    def test_axe_finds_no_serious_or_critical_violation_on_the_scenes(self):
        self.assert_no_serious_violation(
            ["/#/", "/#/login", "/#/explorer", "/#/rm", "/#/quizzes", "/#/quizzes/online"])

    def test_axe_finds_no_serious_or_critical_violation_on_the_signed_in_scenes(self):
        self.register("axel")
        self.assert_no_serious_violation(
            ["/#/", "/#/accounts", "/#/bb", "/#/bb/episodes", "/#/bb/episodes/1", "/#/bb/characters",
             "/#/bb/characters/1", "/#/bb/quotes", "/#/quizzes/profile", "/#/quizzes/study",
             "/#/rm/characters/1"])

    def test_a_dialog_takes_the_focus_keeps_it_and_gives_it_back_with_the_keyboard_alone(self):
        self.register("keys")
        page = self.page
        page.goto(self.url + "/#/bb/episodes")
        expect(page.locator("#episodes")).to_contain_text("Pilot")
        page.locator("#filter").focus()
        page.keyboard.press("Enter")
        dialog = page.get_by_role("dialog", name="Filter episodes")
        expect(dialog).to_be_visible()
        for _ in range(12):
            page.keyboard.press("Tab")
            self.assertTrue(page.evaluate("!!document.activeElement.closest('dialog')"), "focus left the dialog")
            self.assertIn(page.evaluate("document.activeElement.tagName"), {"BUTTON", "INPUT", "A", "SELECT", "TEXTAREA"})
        page.keyboard.press("Escape")
        expect(page.locator("dialog")).to_have_count(0)
        self.assertEqual(page.evaluate("document.activeElement.id"), "filter")
