"""Issue 36, the page's part, in a real browser: the apps open as their specs say with no account,
every error in a person's words, sessions and an unavailable service said and recovered from,
dialogs closed on navigation, long values that never make a page scroll sideways, what the specs ask
of the scenes (a pressable quote row, a swipe, alphabetical sections, Create as a modal, one date
format per locale), axe-core on the scenes and with dialogs open, and a keyboard walk of every
scene. Every check waits for a state of the page, never for a time.
"""

import os
import re
import signal
import unicodedata
from datetime import datetime

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
        page.get_by_role("dialog", name="Create a quiz").get_by_role("button", name="Create").click()
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


# Every control a keyboard user must be able to reach (one radio per group, as Tab reaches them).
CONTROLS_JS = """(root) => {
  const scope = root ? [...document.querySelectorAll(root)].pop() : document;
  const selector = ['a[href]', 'button', 'input:not([type=hidden])', 'select', 'textarea', '[tabindex]']
    .map((s) => s + ':not([disabled]):not([tabindex="-1"])').join(',');
  const groups = new Set();
  const controls = [...scope.querySelectorAll(selector)].filter((element) => {
    if (element.closest('[inert], [hidden]') || element.getClientRects().length === 0) return false;
    if (element.type === 'radio') {
      if (groups.has(element.name)) return false;
      groups.add(element.name);
    }
    return true;
  });
  controls.forEach((element, index) => { element.dataset.kw = String(index); });
  return controls.map((element) => element.type === 'radio' ? 'radio:' + element.name : element.dataset.kw);
}"""

FOCUSED_JS = """() => {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  const style = getComputedStyle(element);
  const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  // A control drawn since the walk began (the next page of a list that loads as it scrolls).
  const control = element.matches('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])');
  const fresh = element.dataset.kw === undefined && element.type !== 'radio' && control;
  if (fresh) element.dataset.kw = 'new-' + document.querySelectorAll('[data-kw^="new-"]').length;
  const key = element.type === 'radio' ? 'radio:' + element.name : (element.dataset.kw ?? null);
  return { key, fresh, ring, what: element.tagName + ' ' + (element.getAttribute('aria-label') || element.textContent || '').trim().slice(0, 40) };
}"""


class SpecScenesTests(PageTest):
    """Section 4 of issue 36: what the specs ask of the scenes, as a person meets it."""

    def favourite_texts(self, page):
        """The texts of the signed-in user's favourites, as favorites.list answers."""
        return page.evaluate("""async () => {
            const { call } = await import('/static/rpc.js');
            return (await call('favorites.list')).quotes.map((quote) => quote.text);
        }""")

    def test_pressing_a_quotes_row_saves_it_and_pressing_it_again_removes_it(self):
        self.register("presser")
        page = self.page
        page.goto(self.url + "/#/bb/characters/1")
        row = page.locator("#quotes li").first
        text = row.locator("blockquote").inner_text()
        # The row is one control: the heart, named for what it does and described by the quote.
        heart = row.get_by_role("button")
        expect(heart).to_have_count(1)
        expect(heart).to_have_accessible_name("Add to favourites")
        expect(heart).to_have_accessible_description(text)
        expect(heart).to_have_attribute("aria-pressed", "false")
        # Pressed on its text, away from the heart, the row saves the quote.
        box = row.bounding_box()
        row.click(position={"x": 12, "y": box["height"] / 2})
        expect(heart).to_have_attribute("aria-pressed", "true")
        expect(heart).to_have_accessible_name("Remove from favourites")
        self.assertIn(text, self.favourite_texts(page))
        page.goto(self.url + "/#/bb/quotes")
        expect(page.locator("#yours")).to_contain_text(text)
        # Pressed again, with the keyboard this time, it removes it.
        page.goto(self.url + "/#/bb/characters/1")
        row = page.locator("#quotes li").first
        expect(row.get_by_role("button")).to_have_attribute("aria-pressed", "true")
        page.evaluate("document.activeElement && document.activeElement.blur()")
        for _ in range(100):
            page.keyboard.press("Tab")
            if page.evaluate("!!document.activeElement.closest('#quotes li')"):
                break
        self.assertEqual(page.evaluate("document.activeElement.getAttribute('aria-describedby')"),
                         row.locator("blockquote").get_attribute("id"))
        page.keyboard.press("Enter")
        expect(row.get_by_role("button")).to_have_attribute("aria-pressed", "false")
        self.assertNotIn(text, self.favourite_texts(page))
        # One stop per row: the next Tab goes on to the next quote.
        page.keyboard.press("Tab")
        self.assertEqual(page.evaluate("document.activeElement.closest('li')?.dataset.quote"),
                         page.locator("#quotes li").nth(1).get_attribute("data-quote"))
        page.goto(self.url + "/#/bb/quotes")
        expect(page.locator("#quotes-hint, #top, #random").first).to_be_visible()
        expect(page.locator("#yours")).to_have_count(0)

    def swipe(self, page, row, distance):
        """A finger on the row moved right by `distance` pixels, through Chromium's touch input."""
        box = row.bounding_box()
        x, y = box["x"] + 12, box["y"] + box["height"] / 2
        cdp = page.context.new_cdp_session(page)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for step in range(1, 11):
            cdp.send("Input.dispatchTouchEvent",
                     {"type": "touchMove", "touchPoints": [{"x": x + distance * step / 10, "y": y}]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        cdp.detach()

    def test_your_quotes_go_with_a_swipe_to_the_right_on_a_touch_screen(self):
        context = state["browser"].new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        self.contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        self.register("swiper", page=page)
        page.goto(self.url + "/#/bb/characters/1")
        quotes = page.locator("#quotes li")
        expect(quotes.first).to_be_visible()
        texts = [quotes.nth(i).locator("blockquote").inner_text() for i in range(2)]
        for i in range(2):
            quotes.nth(i).get_by_role("button").tap()
            expect(quotes.nth(i).get_by_role("button")).to_have_attribute("aria-pressed", "true")
        page.goto(self.url + "/#/bb/quotes")
        yours = page.locator("#yours li")
        expect(yours).to_have_count(2)
        expect(page.locator("#yours .swipe-hint")).to_be_visible()
        # A short swipe slides back; a long one removes the quote, as its button does.
        self.swipe(page, yours.first, 30)
        expect(yours).to_have_count(2)
        gone = yours.first.locator("blockquote").inner_text()
        self.swipe(page, yours.first, 260)
        expect(yours).to_have_count(1)
        expect(page.locator("#yours")).not_to_contain_text(gone.split("\n")[0])
        self.assertIn(gone.split("\n")[0], texts)
        # Gone from the service too, as the Remove button would have it; the other one stays.
        kept = self.favourite_texts(page)
        self.assertNotIn(gone.split("\n")[0], kept)
        self.assertEqual(len(kept), 1)
        self.no_horizontal_scroll(page)

    def test_characters_sit_in_alphabetical_sections_under_their_first_letter(self):
        self.register("alphabet")
        page = self.page
        page.goto(self.url + "/#/bb/characters")
        sections = page.locator("#characters .letter-section")
        expect(sections.first).to_be_visible()
        letters = [sections.nth(i).get_attribute("data-letter") for i in range(sections.count())]
        self.assertEqual(letters, sorted(letters, key=lambda letter: (letter == "#", letter)))
        self.assertGreater(len(letters), 10)
        total = 0
        for i, letter in enumerate(letters):
            section = sections.nth(i)
            expect(section.get_by_role("heading", level=2)).to_have_text(letter)
            names = section.locator(".row-title").all_inner_texts()
            total += len(names)
            for name in names:
                folded = unicodedata.normalize("NFD", name)[0].upper()
                self.assertEqual(letter, folded if "A" <= folded <= "Z" else "#", name)
        self.assertEqual(total, page.locator("#characters .row").count())
        self.shot("bb-characters-sections")
        # The letters at the top take the reader (and the focus) to their section.
        page.get_by_role("navigation", name="Letters").get_by_role("link", name=letters[-1], exact=True).click()
        self.assertEqual(page.evaluate("document.activeElement.textContent"), letters[-1])

    def test_create_opens_as_a_modal_over_the_tab_and_gives_the_focus_back(self):
        self.register("modal")
        page = self.page
        page.goto(self.url + "/#/quizzes/profile")
        page.get_by_label("Display name").fill("Modal Maker")
        page.get_by_role("button", name="Save").click()
        expect(page.locator("#account .me-name")).to_have_text("Modal Maker")
        page.goto(self.url + "/#/quizzes/online")
        expect(page.locator("#online li").first).to_be_visible()
        tab = page.get_by_role("navigation", name="Quizzes").get_by_role("button", name="Create")
        tab.focus()
        page.keyboard.press("Enter")
        dialog = page.get_by_role("dialog", name="Create a quiz")
        expect(dialog).to_be_visible()
        self.assertTrue(page.evaluate("document.querySelector('dialog.create-dialog').matches(':modal')"))
        self.assertEqual(page.evaluate("document.activeElement.id"), "quiz-title")
        # The tab behind stays as it was, and the page behind is out of reach.
        expect(page).to_have_url(re.compile(r"#/quizzes/online$"))
        expect(page.locator("#online li").first).to_be_attached()
        for _ in range(8):
            page.keyboard.press("Tab")
            self.assertTrue(page.evaluate("!!document.activeElement.closest('dialog')"), "focus left the dialog")
        page.keyboard.press("Escape")
        expect(page.locator("dialog")).to_have_count(0)
        self.assertEqual(page.evaluate("document.activeElement.id"), "create-tab")
        expect(page).to_have_url(re.compile(r"#/quizzes/online$"))
        # A link to #/quizzes/create opens the collection with the dialog over it.
        page.goto(self.url + "/#/quizzes/create")
        expect(page.get_by_role("dialog", name="Create a quiz")).to_be_visible()
        expect(page.locator("#quizzes, main .empty").first).to_be_attached()
        page.get_by_role("dialog", name="Create a quiz").get_by_role("button", name="Cancel").click()
        expect(page).to_have_url(re.compile(r"#/quizzes$"))

    def test_one_date_format_per_locale_and_rick_and_mortys_own(self):
        self.register("dates")
        cookies = self.page.context.cookies()
        shown = {}
        for locale in ("en-GB", "en-US"):
            context = state["browser"].new_context(viewport=DESKTOP, locale=locale)
            self.contexts.append(context)
            context.add_cookies(cookies)
            page = context.new_page()
            page.errors = []
            page.goto(self.url + "/#/bb/episodes/1")
            aired = page.locator("dl.facts dd").nth(2)
            expect(aired).not_to_have_text("")
            page.goto(self.url + "/#/bb/characters/1")
            birthday = page.locator("#birthday")
            expect(birthday).not_to_have_text("")
            page.goto(self.url + "/#/rm/episodes/1")
            rm_aired = page.locator("dl.facts dd").nth(1)
            expect(rm_aired).to_have_text(re.compile(r"^\d\d/\d\d/\d{4}$"))
            shown[locale] = {"rm": rm_aired.inner_text()}
            page.goto(self.url + "/#/rm")
            expect(page.locator("main time").first).to_have_text(re.compile(r"^\d\d/\d\d/\d{4}$"))
            expect(page.locator("#last-refresh")).to_have_text(
                re.compile(r"^Last refresh: (\d\d/\d\d/\d{4}, \d\d:\d\d|never .*)$"))
            page.goto(self.url + "/#/bb/episodes/1")
            expect(aired).not_to_have_text("")
            shown[locale]["aired"] = aired.inner_text()
            page.goto(self.url + "/#/bb/characters/1")
            expect(birthday).not_to_have_text("")
            shown[locale]["birthday"] = birthday.inner_text()
        # en-GB writes "20 January 2008", en-US "January 20, 2008": the same day, each its own way,
        # and every Breaking Bad date of a locale the same way.
        formats = {"en-GB": (r"^\d{1,2} [A-Z][a-z]+ \d{4}$", "%d %B %Y"),
                   "en-US": (r"^[A-Z][a-z]+ \d{1,2}, \d{4}$", "%B %d, %Y")}
        for locale, (pattern, _) in formats.items():
            self.assertRegex(shown[locale]["aired"], pattern)
            if shown[locale]["birthday"] != "unknown":
                self.assertRegex(shown[locale]["birthday"], pattern)
        days = {locale: datetime.strptime(shown[locale]["aired"], form) for locale, (_, form) in formats.items()}
        self.assertEqual(days["en-GB"], days["en-US"])
        # Rick and Morty's dd/mm/yyyy, whatever the locale.
        self.assertEqual(shown["en-GB"]["rm"], shown["en-US"]["rm"])


class KeyboardTests(PageTest):
    """Section 6: each app walked with the keyboard alone."""

    def walk(self, path):
        """Tabs through the scene at `path` from its top: every control is reached, each with a
        visible focus ring, and the walk comes back round to the first."""
        page = self.page
        page.goto(self.url + path)
        expect(page.locator("main h1")).to_be_visible()
        expect(page.locator("main .loading")).to_have_count(0)
        expect(page.locator("main .image-loading")).to_have_count(0)
        controls = page.evaluate(CONTROLS_JS)
        self.assertGreater(len(controls), 0, path)
        page.evaluate("document.activeElement && document.activeElement.blur()")
        reached = []
        for _ in range(1000):
            page.keyboard.press("Tab")
            focused = page.evaluate(FOCUSED_JS)
            if focused is None:
                continue
            self.assertIsNotNone(focused["key"], f"{path}: {focused['what']} takes the focus but is not a control")
            if focused["key"] in reached:
                break
            if focused["fresh"]:
                controls.append(focused["key"])
            self.assertTrue(focused["ring"], f"{path}: no visible focus on {focused['what']}")
            reached.append(focused["key"])
        # (A control the scene has since removed, such as a list's "more" button once the rest
        # is shown, is no longer one to reach.)
        present = set(page.evaluate("[...document.querySelectorAll('[data-kw]')].map((e) => e.dataset.kw)"))
        expected = [key for key in controls if key.startswith("radio:") or key in present]
        missing = page.evaluate("(keys) => keys.map((k) => document.querySelector(`[data-kw='${k}']`)?.outerHTML.slice(0, 80))",
                                [key for key in expected if key not in reached and not key.startswith("radio:")])
        self.assertEqual(sorted(set(expected) - set(reached)), [], f"{path}: never reached: {missing}")

    def walk_all(self, paths):
        for path in paths:
            with self.subTest(path=path):
                self.walk(path)

    def test_home_and_sign_in_with_the_keyboard(self):
        self.walk_all(["/#/", "/#/login"])
        self.register("walker")
        self.walk_all(["/#/", "/#/accounts"])

    def test_breaking_bad_with_the_keyboard(self):
        self.register("bbwalker")
        self.walk_all(["/#/bb", "/#/bb/episodes", "/#/bb/episodes/1", "/#/bb/characters", "/#/bb/characters/1"])
        # The quotes scene, with something in each of its sections.
        page = self.page
        page.goto(self.url + "/#/bb/characters/1")
        page.locator("#quotes li").first.get_by_role("button").click()
        expect(page.locator("#quotes li").first.get_by_role("button")).to_have_attribute("aria-pressed", "true")
        self.walk("/#/bb/quotes")

    def test_the_explorer_with_the_keyboard(self):
        self.walk_all(["/#/explorer", "/#/explorer/characters/1"])

    def test_rick_and_morty_with_the_keyboard(self):
        self.walk_all(["/#/rm", "/#/rm/characters/1", "/#/rm/episodes/1"])

    def test_quizzes_with_the_keyboard(self):
        self.walk_all(["/#/quizzes", "/#/quizzes/online"])
        self.register("quizwalker")
        self.walk_all(["/#/quizzes", "/#/quizzes/profile", "/#/quizzes/study"])

    def walk_dialog(self, open_it, opener, name, role="dialog"):
        """Opens a dialog with the keyboard (`open_it`) from the control `opener`: Tab goes round
        every control of the dialog, each with a visible focus ring, never leaving it; Shift+Tab
        goes round the other way; Escape closes it and the focus is back on `opener`."""
        page = self.page
        opener.focus()
        open_it()
        dialog = page.get_by_role(role, name=name)
        expect(dialog).to_be_visible()
        expect(dialog.locator(".loading")).to_have_count(0)
        controls = page.evaluate(CONTROLS_JS, "dialog[open]")
        self.assertGreater(len(controls), 0, name)
        reached = []
        for _ in range(200):
            focused = page.evaluate(FOCUSED_JS)
            self.assertIsNotNone(focused, f"{name}: the focus left for the page")
            self.assertTrue(page.evaluate("!!document.activeElement.closest('dialog[open]')"), f"{name}: focus left the dialog")
            self.assertTrue(focused["ring"], f"{name}: no visible focus on {focused['what']}")
            # (A date field takes Tab once for each of its day, month and year.)
            if reached and focused["key"] == reached[-1]:
                page.keyboard.press("Tab")
                continue
            if focused["key"] in reached:
                break
            reached.append(focused["key"])
            page.keyboard.press("Tab")
        self.assertEqual(sorted(set(controls) - set(reached)), [], f"{name}: never reached")
        # Round the other way from the first control: the last one of the dialog.
        page.evaluate("(key) => (key.startsWith('radio:') ? document.querySelector(`dialog[open] [name='${key.slice(6)}']`) : document.querySelector(`[data-kw='${key}']`)).focus()", reached[0])
        page.keyboard.press("Shift+Tab")
        self.assertTrue(page.evaluate("!!document.activeElement.closest('dialog[open]')"), f"{name}: Shift+Tab left the dialog")
        if len(reached) > 1:
            self.assertNotEqual(page.evaluate(FOCUSED_JS)["key"], reached[0])
        page.keyboard.press("Escape")
        expect(dialog).to_have_count(0)
        self.assertTrue(opener.evaluate("(element) => element === document.activeElement"), f"{name}: the focus did not come back")

    def test_every_dialog_keeps_the_focus_and_gives_it_back(self):
        page = self.page
        # An alert over the online quizzes, with no account.
        page.goto(self.url + "/#/quizzes/online")
        add = page.locator("#online button.add").first
        expect(add).to_be_visible()
        self.walk_dialog(lambda: page.keyboard.press("Enter"), add, "A profile is needed to add quizzes", "alertdialog")
        self.register("dialogwalker")
        for path, name in [("/#/bb/episodes", "Filter episodes"), ("/#/bb/characters", "Filter characters")]:
            with self.subTest(dialog=name):
                page.goto(self.url + path)
                expect(page.locator("main .loading")).to_have_count(0)
                self.walk_dialog(lambda: page.keyboard.press("Space"), page.locator("#filter"), name)
        tab = page.get_by_role("navigation", name="Quizzes").get_by_role("button", name="Create")
        page.goto(self.url + "/#/quizzes")
        self.walk_dialog(lambda: page.keyboard.press("Enter"), tab, "Set up your profile first", "alertdialog")
        page.goto(self.url + "/#/quizzes/profile")
        page.get_by_label("Display name").fill("Dialog Walker")
        page.get_by_role("button", name="Save").click()
        expect(page.locator("#account .me-name")).to_have_text("Dialog Walker")
        self.walk_dialog(lambda: page.keyboard.press("Enter"), tab, "Create a quiz")
        # An alert over the create dialog gives the focus back to the dialog's Create.
        tab.focus()
        page.keyboard.press("Enter")
        creating = page.get_by_role("dialog", name="Create a quiz")
        expect(creating).to_be_visible()
        self.walk_dialog(lambda: page.keyboard.press("Enter"), creating.get_by_role("button", name="Create"),
                         "The quiz is not complete", "alertdialog")
        expect(creating).to_be_visible()

    def test_enter_and_space_work_the_controls(self):
        self.register("presskeys")
        page = self.page
        page.goto(self.url + "/#/bb")
        expect(page.locator("main h1")).to_be_visible()
        # A link with Enter.
        page.get_by_role("link", name="Characters").focus()
        page.keyboard.press("Enter")
        expect(page).to_have_url(re.compile(r"#/bb/characters$"))
        expect(page.locator("#characters .row").first).to_be_visible()
        page.locator("#characters .row").first.focus()
        page.keyboard.press("Enter")
        expect(page).to_have_url(re.compile(r"#/bb/characters/\d+$"))
        # A button with Space: the heart of a quote.
        page.goto(self.url + "/#/bb/characters/1")
        heart = page.locator("#quotes li").first.get_by_role("button")
        heart.focus()
        page.keyboard.press(" ")
        expect(heart).to_have_attribute("aria-pressed", "true")
        # The focus stays on the heart through the call, so Space presses it again.
        self.assertEqual(page.evaluate("document.activeElement.getAttribute('aria-describedby')"),
                         page.locator("#quotes li blockquote").first.get_attribute("id"))
        page.keyboard.press(" ")
        expect(heart).to_have_attribute("aria-pressed", "false")
        # A flash card turns with Enter.
        page.goto(self.url + "/#/quizzes/online")
        page.locator("#online button.add").first.focus()
        page.keyboard.press("Enter")
        expect(page.locator("#online button.add").first).to_have_text("Added")
        page.goto(self.url + "/#/quizzes")
        card = page.locator("#quizzes .flash-card").first
        card.focus()
        page.keyboard.press("Enter")
        expect(card).to_have_attribute("aria-pressed", "true")


class DialogAccessibilityTests(PageTest):
    """axe-core with each kind of dialog open: the filters, the create dialog and the alerts."""

    def assert_no_serious_violation_now(self, what):
        from axe_playwright_python.sync_playwright import Axe
        results = Axe().run(self.page)
        bad = [(v["id"], v["impact"], v["help"]) for v in results.response["violations"]
               if v["impact"] in ("serious", "critical")]
        with self.subTest(dialog=what):
            self.assertEqual(bad, [])

    def test_axe_finds_no_serious_or_critical_violation_with_a_dialog_open(self):
        page = self.page
        page.goto(self.url + "/#/quizzes/online")
        page.locator("#online button.add").first.click()
        expect(page.get_by_role("alertdialog")).to_be_visible()
        self.assert_no_serious_violation_now("a profile is needed")
        page.get_by_role("alertdialog").get_by_role("button", name="OK").click()
        self.register("dialogs")
        page.goto(self.url + "/#/bb/episodes")
        page.locator("#filter").click()
        expect(page.get_by_role("dialog", name="Filter episodes").locator(".checks")).to_be_visible()
        self.assert_no_serious_violation_now("filter episodes")
        page.keyboard.press("Escape")
        page.goto(self.url + "/#/bb/characters")
        page.locator("#filter").click()
        expect(page.get_by_role("dialog", name="Filter characters")).to_be_visible()
        self.assert_no_serious_violation_now("filter characters")
        page.keyboard.press("Escape")
        tab = lambda: page.get_by_role("navigation", name="Quizzes").get_by_role("button", name="Create")  # noqa: E731
        page.goto(self.url + "/#/quizzes")
        tab().click()
        expect(page.get_by_role("alertdialog")).to_contain_text("Set up your profile first")
        self.assert_no_serious_violation_now("set up your profile first")
        page.get_by_role("alertdialog").get_by_role("button", name="OK").click()
        page.goto(self.url + "/#/quizzes/profile")
        page.get_by_label("Display name").fill("Dialog Tester")
        page.get_by_role("button", name="Save").click()
        expect(page.locator("#account .me-name")).to_have_text("Dialog Tester")
        tab().click()
        creating = page.get_by_role("dialog", name="Create a quiz")
        expect(creating).to_be_visible()
        self.assert_no_serious_violation_now("create a quiz")
        self.shot("quizzes-create-modal")
        creating.get_by_role("button", name="Create").click()
        expect(page.get_by_role("alertdialog")).to_contain_text("The quiz is not complete")
        self.assert_no_serious_violation_now("the quiz is not complete, over the create dialog")
