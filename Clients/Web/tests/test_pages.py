"""The four apps in a real browser (Debian's chromium, driven by Playwright): a test per scene that
clicks and types as a user does and checks what the page shows, error paths included.

Needs BBFAN_BINARY (the built bbfan), Playwright for Python and chromium (CHROMIUM, else
/usr/bin/chromium). Screenshots go to BBFAN_WEB_SCREENSHOTS (else a temporary folder).
"""

import os
import re
import shutil
import tempfile
import unittest

from fakeapi import FakeAPI, png
from support import HeldPortraitsServer, WebServer, refresh_breaking_bad

try:
    from playwright.sync_api import expect, sync_playwright
except ImportError as error:  # the test must fail, never skip, without its browser driver
    raise ImportError("Playwright for Python is missing: pip install playwright") from error

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
SHOTS = os.environ.get("BBFAN_WEB_SCREENSHOTS") or tempfile.mkdtemp(prefix="bbfan-web-shots-")
DESKTOP = {"width": 1200, "height": 860}
PHONE = {"width": 390, "height": 844}

state = {}


def setUpModule():
    if not os.path.exists(CHROMIUM):
        raise RuntimeError(f"chromium is missing at {CHROMIUM}: apt-get install chromium fonts-dejavu-core")
    os.makedirs(SHOTS, exist_ok=True)
    # Every check waits for a state of the page (a text, a row, a role), never for a time: the
    # limit only stops a test that would wait forever, and it is generous because the whole
    # suite shares two cores with the browser, the bridge and bbfan.
    expect.set_options(timeout=60_000)
    fake = FakeAPI()
    data = tempfile.mkdtemp(prefix="bbfan-web-data-")
    # The Breaking Bad catalog is refreshed once from the local API (its portraits on a local
    # image host, some on a host that is down); bbfan-web then serves that saved refresh.
    refresh_breaking_bad(fake.breaking_bad, data)
    server = WebServer("--source", f"rick-and-morty={fake.rick_and_morty}", data_dir=data)
    playwright = sync_playwright().start()
    arguments = ["--no-sandbox"] if os.geteuid() == 0 else []
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=arguments, headless=True)
    state.update(fake=fake, data=data, server=server, playwright=playwright, browser=browser)


def tearDownModule():
    if "browser" in state:
        state["browser"].close()
        state["playwright"].stop()
        state["server"].close()
        state["fake"].close()
        shutil.rmtree(state["data"], ignore_errors=True)


class PageTest(unittest.TestCase):
    """A browser window of its own (its own cookies) for each test, errors on the page failing it."""

    viewport = DESKTOP

    def setUp(self):
        self.url = state["server"].url
        self.contexts = []
        self.page = self.new_page(self.viewport)

    def new_page(self, viewport=None):
        context = state["browser"].new_context(viewport=viewport or self.viewport, accept_downloads=True)
        self.contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.on("console", lambda message: page.errors.append(message.text) if message.type == "error" else None)
        return page

    def tearDown(self):
        for context in self.contexts:
            for page in context.pages:
                self.assertEqual(page.errors, [], "errors on the page")
            context.close()

    def shot(self, name, page=None):
        (page or self.page).screenshot(path=os.path.join(SHOTS, f"{name}.png"), animations="disabled")

    def register(self, username, password="Heisenberg1!", page=None):
        page = page or self.page
        page.goto(self.url + "/#/login")
        page.get_by_role("tab", name="Register").click()
        page.get_by_label("Username").fill(username)
        page.get_by_label("Password", exact=True).fill(password)
        page.get_by_label("Confirm password").fill(password)
        page.get_by_role("button", name="Register").click()
        expect(page.locator("#home-username")).to_have_text(username)

    def no_horizontal_scroll(self, page=None):
        page = page or self.page
        self.assertLessEqual(page.evaluate("document.documentElement.scrollWidth"),
                             page.evaluate("window.innerWidth"))


class SignInTests(PageTest):
    def test_register_shows_every_password_rule_as_the_user_types(self):
        page = self.page
        page.goto(self.url + "/")
        # The first page offers the four apps to anyone; signing in is one link away.
        expect(page.locator(".app-grid li")).to_have_count(4)
        page.get_by_role("link", name="Sign in", exact=True).click()
        expect(page).to_have_url(re.compile(r"#/login$"))
        submit = page.locator("#submit")
        expect(submit).to_be_disabled()
        page.get_by_role("tab", name="Register").click()
        page.get_by_label("Username").fill("marie")
        password = page.get_by_label("Password", exact=True)
        password.fill("a")
        rules = page.locator("#password-rules li")
        # Every rule bbfan has, from auth.checkPassword's rules: 4 failing, 3 met for "a".
        expect(rules).to_have_count(7)
        expect(page.locator("#password-rules .rule-failing")).to_have_count(4)
        expect(page.locator("#password-rules .rule-met")).to_have_count(3)
        password.fill("Purple1")
        expect(page.locator("#password-rules .rule-failing")).to_have_count(2)
        self.shot("register")
        page.get_by_label("Confirm password").fill("Purple1")
        expect(submit).to_be_enabled()
        submit.click()
        dialog = page.get_by_role("alertdialog")
        expect(dialog).to_contain_text("Could not register")
        expect(dialog).to_contain_text("at least 8 characters")
        self.shot("register-weak")
        dialog.get_by_role("button", name="OK").click()
        password.fill("Purple-rocks1")
        page.get_by_label("Confirm password").fill("Purple-rocks2")
        expect(page.locator("#password-rules .rule-failing")).to_have_count(0)
        submit.click()
        expect(page.get_by_role("alertdialog")).to_contain_text("differs from password")
        page.get_by_role("button", name="OK").click()
        page.get_by_label("Confirm password").fill("Purple-rocks1")
        submit.click()
        expect(page.locator("#home-username")).to_have_text("marie")
        self.shot("home")

    def test_login_says_a_wrong_password_and_stays_signed_in_until_logout(self):
        self.register("hank", "Minerals-4ever")
        page = self.page
        page.get_by_role("button", name="Log out").click()
        expect(page).to_have_url(re.compile(r"#/login$"))
        page.get_by_label("Username").fill("hank")
        page.get_by_label("Password", exact=True).fill("Rocks-4ever")
        page.locator("#submit").click()
        expect(page.get_by_role("alertdialog")).to_contain_text("Wrong password")
        self.shot("login-wrong-password")
        page.get_by_role("button", name="OK").click()
        page.get_by_label("Password", exact=True).fill("Minerals-4ever")
        page.locator("#submit").click()
        expect(page.locator("#home-username")).to_have_text("hank")
        page.reload()
        expect(page.locator("#home-username")).to_have_text("hank")
        cookie = next(c for c in page.context.cookies() if c["name"] == "bbfan_sessions")
        self.assertTrue(cookie["httpOnly"])
        self.assertEqual(cookie["sameSite"], "Strict")
        self.assertIsNone(page.evaluate("document.cookie.includes('bbfan_sessions') ? 'visible' : null"))

    def test_two_browsers_each_see_only_their_own_accounts_and_stay_themselves(self):
        walt, jesse = self.page, self.new_page()
        self.register("walter", "Heisenberg1!", walt)
        self.register("pinkman", "Yo-Science1", jesse)
        walt.goto(self.url + "/#/bb/characters/1")
        walt.get_by_role("button", name="Add to favourites").first.click()
        expect(walt.get_by_role("button", name="Remove from favourites")).to_have_count(1)
        for page, me, other in [(walt, "walter", "pinkman"), (jesse, "pinkman", "walter")]:
            page.goto(self.url + "/#/accounts")
            expect(page.locator("#accounts li")).to_have_count(1)
            expect(page.locator("#accounts")).to_contain_text(me)
            expect(page.locator("#accounts")).not_to_contain_text(other)
        self.shot("accounts", walt)
        jesse.goto(self.url + "/#/bb/quotes")
        expect(jesse.locator("#random")).to_be_visible()
        expect(jesse.locator("#yours")).to_have_count(0)
        for page, me in [(walt, "walter"), (jesse, "pinkman")]:
            page.reload()
            page.goto(self.url + "/#/")
            expect(page.locator("#home-username")).to_have_text(me)
        walt.goto(self.url + "/#/bb/quotes")
        expect(walt.locator("#yours")).to_contain_text("I am not in danger")
        walt.goto(self.url + "/#/quizzes/online")
        walt.get_by_label("Search online quizzes").fill("Arya")
        walt.get_by_role("button", name="Add Arya Stark").click()
        expect(walt.get_by_role("button", name="Add Arya Stark")).to_have_text("Added")
        walt.goto(self.url + "/#/quizzes")
        expect(walt.locator("#quizzes .quiz")).to_have_count(1)
        jesse.goto(self.url + "/#/quizzes")
        expect(jesse.get_by_text("No quizzes added yet")).to_be_visible()
        jesse.goto(self.url + "/#/quizzes/profile")
        expect(jesse.locator(".profile-form .username")).to_have_text("@pinkman")
        expect(jesse.locator("#profiles li")).to_have_count(1)


class BreakingBadTests(PageTest):
    def test_episodes_grouped_by_season_and_the_filter(self):
        self.register("gomez")
        page = self.page
        page.get_by_role("link", name="Breaking Bad", exact=True).first.click()
        expect(page.locator("#favourite-quotes")).to_have_attribute("aria-disabled", "true")
        page.get_by_role("link", name="Episodes").click()
        expect(page.get_by_role("heading", name="Season 1")).to_be_visible()
        expect(page.get_by_role("heading", name="Season 5")).to_be_visible()
        expect(page.locator("#episodes")).to_contain_text("Pilot")
        self.shot("episodes")
        page.get_by_role("button", name="Filter").click()
        dialog = page.get_by_role("dialog")
        dialog.get_by_label("Season").fill("2")
        dialog.get_by_label("Henry Schrader").check()
        dialog.get_by_label("Jesse Pinkman").check()
        self.shot("episodes-filter")
        dialog.get_by_role("button", name="Apply").click()
        expect(page.locator("#filter-summary")).to_contain_text("season 2")
        expect(page.locator("#episodes")).to_contain_text("Seven-Thirty-Seven")
        expect(page.locator("#episodes")).not_to_contain_text("Pilot")
        expect(page.get_by_role("heading", name="Season 1")).to_have_count(0)
        page.get_by_role("button", name="Filter").click()
        dialog = page.get_by_role("dialog")
        dialog.get_by_label("Season").fill("")
        dialog.get_by_label("Aired from").fill("2013-09-01")
        dialog.get_by_label("Aired to").fill("2013-09-16")
        dialog.get_by_label("Henry Schrader").uncheck()
        dialog.get_by_label("Jesse Pinkman").uncheck()
        dialog.get_by_role("button", name="Apply").click()
        expect(page.locator("#episodes")).to_contain_text("Ozymandias")
        expect(page.locator("#episodes")).not_to_contain_text("Felina")
        page.get_by_role("button", name="Filter").click()
        dialog = page.get_by_role("dialog")
        dialog.get_by_label("Aired from").fill("2030-01-01")
        dialog.get_by_label("Aired to").fill("")
        dialog.get_by_role("button", name="Apply").click()
        expect(page.get_by_text("No episode matches the filter.")).to_be_visible()

    def test_episode_details_link_characters_to_their_quotes_and_hearts(self):
        self.register("saul")
        page = self.page
        page.goto(self.url + "/#/bb/episodes")
        page.get_by_role("link", name=re.compile("^Pilot")).click()
        expect(page.get_by_role("heading", name="Pilot")).to_be_visible()
        expect(page.locator("dl.facts")).to_contain_text("January 20, 2008")
        self.shot("episode")
        page.locator("#episode-characters").get_by_role("link", name="Walter White", exact=True).click()
        expect(page.get_by_role("heading", name="Walter White")).to_be_visible()
        expect(page.locator("#birthday")).to_have_text("September 7, 1958")
        expect(page.locator("img.portrait")).to_be_visible()
        quote = page.locator("#quotes li").filter(has_text="I am the danger")
        quote.get_by_role("button", name="Add to favourites").click()
        expect(quote.get_by_role("button", name="Remove from favourites")).to_have_attribute("aria-pressed", "true")
        self.shot("character")
        page.reload()
        quote = page.locator("#quotes li").filter(has_text="I am the danger")
        expect(quote.get_by_role("button", name="Remove from favourites")).to_be_visible()

    def test_characters_with_status_and_season_filters(self):
        self.register("lydia")
        page = self.page
        page.goto(self.url + "/#/bb/characters")
        expect(page.locator("#characters")).to_contain_text("Walter White")
        page.get_by_role("button", name="Filter").click()
        dialog = page.get_by_role("dialog")
        dialog.get_by_label("Deceased").check()
        dialog.get_by_label("Season 1").check()
        self.shot("characters-filter")
        dialog.get_by_role("button", name="Apply").click()
        expect(page.locator("#filter-summary")).to_contain_text("deceased")
        expect(page.locator("#characters")).to_contain_text("Domingo Molina")
        expect(page.locator("#characters")).not_to_contain_text("Skyler White")
        expect(page.locator("#characters .status-alive")).to_have_count(0)
        self.shot("characters")

    def test_quotes_scene_top_three_yours_random_and_empty_sections(self):
        self.register("tuco")
        page = self.page
        page.goto(self.url + "/#/bb/quotes")
        expect(page.locator("#random")).to_be_visible()
        expect(page.locator("#yours")).to_have_count(0)
        page.goto(self.url + "/#/bb/characters/1")
        for text in ["I am the danger", "Say my name"]:
            page.locator("#quotes li").filter(has_text=text).get_by_role("button", name="Add to favourites").click()
        expect(page.get_by_role("button", name="Remove from favourites")).to_have_count(2)
        page.goto(self.url + "/#/bb")
        expect(page.locator("#favourite-quotes")).to_have_attribute("aria-disabled", "false")
        page.locator("#favourite-quotes").click()
        expect(page.locator("#top li").first).to_contain_text("♥")
        counts = [int(text.split()[-1]) for text in page.locator("#top .count").all_inner_texts()]
        self.assertEqual(counts, sorted(counts, reverse=True))
        self.assertLessEqual(len(counts), 3)
        expect(page.locator("#yours li")).to_have_count(2)
        expect(page.locator("#random blockquote")).to_be_visible()
        # The box is busy until the next random quote is in it (the old one stays visible meanwhile).
        page.get_by_role("button", name="Another quote").click()
        expect(page.locator("#random-quote:not([aria-busy]) blockquote")).to_be_visible()
        random = page.locator("#random blockquote")
        text = random.inner_text().split("\n")[0]
        self.shot("quotes")
        # Removing quotes draws the scene again (and every page's Top 3 with it); the random
        # quote in view stays the same.
        page.get_by_role("button", name=re.compile("Remove “Say my name")).click()
        expect(page.locator("#yours li")).to_have_count(1)
        expect(random).to_contain_text(text)
        page.get_by_role("button", name=re.compile("Remove “I am not in danger")).click()
        expect(page.locator("#yours")).to_have_count(0)
        expect(random).to_contain_text(text)
        # Hearting the random quote puts it in Top 3 and Your quotes at once, and it stays.
        page.locator("#random").get_by_role("button", name="Add to favourites").click()
        expect(page.locator("#yours li")).to_have_count(1)
        expect(page.locator("#yours")).to_contain_text(text)
        expect(page.locator("#top")).to_contain_text(text)
        expect(page.locator("#random blockquote")).to_contain_text(text)
        expect(page.locator("#random").get_by_role("button", name="Remove from favourites")).to_be_visible()


class ExplorerTests(PageTest):
    def test_search_portraits_and_details_with_an_image_host_that_is_down(self):
        self.register("gale")
        page = self.page
        page.get_by_role("link", name="Explorer", exact=True).click()
        expect(page.locator("#characters li").first).to_be_visible()
        expect(page.locator("#characters img.thumb").first).to_be_visible()
        expect(page.locator("#characters").get_by_text("Image unavailable").first).to_be_visible()
        expect(page.locator("#characters .image-loading")).to_have_count(0)
        self.shot("explorer")
        page.get_by_label("Search by name").fill("heis")
        expect(page.locator("#characters li")).to_have_count(1)
        page.get_by_label("Appears in").select_option("5")
        expect(page.locator("#characters li")).to_have_count(1)
        page.get_by_role("link", name="Walter White").click()
        details = page.locator("#details")
        expect(details).to_contain_text("High School Chemistry Teacher")
        expect(details).to_contain_text("Heisenberg")
        expect(details).to_contain_text("presumed dead")
        expect(details).to_contain_text("Breaking Bad: 1, 2, 3, 4, 5")
        expect(page.locator("img.portrait")).to_be_visible()
        self.shot("explorer-details")
        page.get_by_role("link", name="Explorer").last.click()
        page.get_by_label("Search by name").fill("Gustavo")
        page.get_by_role("link", name="Gustavo Fring").click()
        expect(page.get_by_role("img", name=re.compile("image unavailable"))).to_be_visible()
        page.get_by_role("link", name="Explorer").last.click()
        page.get_by_label("Search by name").fill("nobody at all")
        expect(page.get_by_text("No character matches.")).to_be_visible()

    def test_a_portrait_known_to_fail_shows_its_placeholder_without_asking_again(self):
        page = self.page
        asked = []
        page.on("websocket", lambda ws: ws.on(
            "framesent", lambda payload: asked.append(payload)
            if "images.fetch" in str(payload) and "bb-9.png" in str(payload) else None))
        self.register("andrea")
        page.get_by_role("link", name="Explorer", exact=True).click()
        page.get_by_label("Search by name").fill("Gustavo")
        page.get_by_role("link", name="Gustavo Fring").click()
        expect(page.get_by_role("img", name=re.compile("image unavailable"))).to_be_visible()
        self.assertEqual(len(asked), 1)
        page.get_by_role("link", name="Explorer").last.click()
        page.get_by_label("Search by name").fill("Gustavo")
        page.get_by_role("link", name="Gustavo Fring").click()
        # At once, from what the page remembers of the failure: no second request.
        expect(page.get_by_role("img", name=re.compile("image unavailable"))).to_be_visible()
        self.assertEqual(len(asked), 1)


class HangingPortraitsTests(PageTest):
    """Every Breaking Bad portrait on a host that takes requests and answers nothing."""

    @classmethod
    def setUpClass(cls):
        cls.held = HeldPortraitsServer()
        cls.fake, cls.server = cls.held.fake, cls.held.server

    @classmethod
    def tearDownClass(cls):
        cls.held.close()

    def setUp(self):
        super().setUp()
        self.url = self.server.url

    def test_portraits_that_hang_take_none_of_the_places_the_other_calls_need(self):
        self.register("huell")
        page = self.page
        page.get_by_role("link", name="Explorer", exact=True).click()
        expect(page.locator("#characters li").first).to_be_visible()
        expect(page.locator("#characters .image-loading").first).to_be_visible()
        # Dozens of portraits wait on the host; the page's catalog calls go on.
        page.get_by_label("Search by name").fill("heis")
        expect(page.locator("#characters li")).to_have_count(1)
        page.get_by_role("link", name="Walter White").click()
        expect(page.locator("#details")).to_contain_text("High School Chemistry Teacher")
        page.goto(self.url + "/#/bb/episodes")
        expect(page.locator("#episodes")).to_contain_text("Pilot")
        page.get_by_role("button", name="Filter").click()
        dialog = page.get_by_role("dialog")
        dialog.get_by_label("Season").fill("2")
        dialog.get_by_role("button", name="Apply").click()
        expect(page.locator("#episodes")).to_contain_text("Seven-Thirty-Seven")
        self.assertFalse(self.fake.released.is_set())
        # At most the page's six network places ever reached the host.
        self.assertLessEqual(self.fake.held_requests, 6)
        self.fake.release()


class QuizzesTests(PageTest):
    def test_profile_photo_create_duplicates_online_flash_cards_delete_and_study(self):
        self.register("quizzer")
        page = self.page
        page.goto(self.url + "/#/quizzes")
        expect(page.get_by_text("No quizzes added yet")).to_be_visible()
        create_tab = page.get_by_role("navigation", name="Quizzes").get_by_role("button", name="Create")
        create_tab.click()
        expect(page.get_by_role("alertdialog")).to_contain_text("Set up your profile first")
        self.shot("quizzes-no-profile")
        page.get_by_role("link", name="Go to your profile").click()
        page.get_by_label("Display name").fill("Quiz Master")
        folder = tempfile.mkdtemp(prefix="bbfan-web-photo-")
        self.addCleanup(shutil.rmtree, folder, True)
        photo = os.path.join(folder, "face.png")
        with open(photo, "wb") as handle:
            handle.write(png(64, 64, (200, 120, 40)))
        page.get_by_label("Photo (PNG or JPEG)").set_input_files(photo)
        page.get_by_role("button", name="Save").click()
        expect(page.locator(".profile-form img.face")).to_be_visible()
        expect(page.locator("#account .me-name")).to_have_text("Quiz Master")
        # Create presents its dialog over the tab shown (the profile here).
        create_tab.click()
        creating = page.get_by_role("dialog", name="Create a quiz")
        expect(creating).to_be_visible()
        expect(page.locator(".profile-form")).to_be_visible()
        creating.get_by_role("button", name="Create").click()
        problems = page.locator("#create-problems")
        expect(problems).to_contain_text("Title is required")
        expect(problems).to_contain_text("two facts")
        page.get_by_role("button", name="OK").click()
        page.get_by_label("Title").fill("Quick Sort")
        page.get_by_label("Fact 1").fill("Divide and conquer")
        creating.get_by_role("button", name="Create").click()
        expect(problems).not_to_contain_text("Title is required")
        expect(problems).to_contain_text("two facts")
        self.shot("quizzes-create-error")
        page.get_by_role("button", name="OK").click()
        page.get_by_label("Fact 2").fill("Partitions around a pivot")
        creating.get_by_role("button", name="Create").click()
        # Made: the dialog closes and the collection shows the new quiz.
        expect(page.locator("dialog")).to_have_count(0)
        expect(page.locator("#quizzes .quiz")).to_have_count(1)
        create_tab.click()
        page.get_by_label("Title").fill("quick  sort")
        page.get_by_label("Fact 1").fill("a")
        page.get_by_label("Fact 2").fill("b")
        creating.get_by_role("button", name="Create").click()
        expect(page.get_by_role("alertdialog")).to_contain_text("Already in your quizzes")
        page.get_by_role("button", name="OK").click()
        creating.get_by_role("button", name="Cancel").click()
        expect(page.locator("dialog")).to_have_count(0)
        page.get_by_role("link", name="Search online").click()
        titles = page.locator("#online .row-title").all_inner_texts()
        self.assertGreater(len(titles), 10)
        self.assertEqual(titles, sorted(titles, key=str.casefold))
        page.get_by_label("Search online quizzes").fill("Arya")
        expect(page.locator("#online li")).to_have_count(1)
        page.get_by_role("button", name="Add Arya Stark").click()
        expect(page.get_by_role("button", name="Add Arya Stark")).to_have_text("Added")
        self.shot("quizzes-online")
        page.get_by_role("button", name="Add Arya Stark").click()
        expect(page.get_by_role("alertdialog")).to_contain_text("Already in your quizzes")
        page.get_by_role("button", name="OK").click()
        page.get_by_role("link", name="Quizzes", exact=True).last.click()
        cards = page.locator("#quizzes .quiz")
        expect(cards).to_have_count(2)
        expect(cards.first).to_contain_text("Arya Stark")
        card = cards.first.locator(".flash-card")
        expect(card).to_have_attribute("aria-pressed", "false")
        card.click()
        expect(card).to_have_attribute("aria-pressed", "true")
        expect(card.locator(".card-back")).to_contain_text("youngest Stark girl")
        self.shot("quizzes")
        page.get_by_role("link", name="Study").click()
        expect(page.locator(".due-count")).to_have_text("2 due")
        page.get_by_role("button", name="Show the facts").click()
        self.shot("quizzes-study")
        page.get_by_role("button", name="Good").click()
        expect(page.locator(".due-count")).to_have_text("1 due")
        page.get_by_role("button", name="Show the facts").click()
        page.get_by_role("button", name="Easy").click()
        expect(page.get_by_text("Nothing is due")).to_be_visible()
        page.get_by_role("link", name="Quizzes", exact=True).last.click()
        page.get_by_role("button", name="Delete Quick Sort").click()
        expect(cards).to_have_count(1)
        page.get_by_label("Search your quizzes").fill("zzz nothing")
        expect(page.get_by_text("No quiz matches.")).to_be_visible()

    def test_switching_profiles_shows_faces_and_names(self):
        self.register("first")
        page = self.page
        page.goto(self.url + "/#/quizzes/profile")
        page.get_by_label("Display name").fill("First One")
        page.get_by_role("button", name="Save").click()
        expect(page.locator("#account .me-name")).to_have_text("First One")
        self.register("second")
        page.goto(self.url + "/#/quizzes/profile")
        profiles = page.locator("#profiles li")
        expect(profiles).to_have_count(2)
        expect(page.locator("#profiles")).to_contain_text("First One")
        self.shot("quizzes-profiles")
        page.get_by_role("button", name=re.compile("First One")).click()
        expect(page.locator("#account .me-name")).to_have_text("First One")
        page.goto(self.url + "/#/")
        expect(page.locator("#home-username")).to_have_text("First One")
        page.get_by_role("button", name="Log out").click()
        # Logging out lands on sign-in, saying who left and who is still signed in.
        expect(page).to_have_url(re.compile(r"#/login$"))
        expect(page.locator("#signin-notice")).to_contain_text("first is signed out")
        expect(page.locator("#signin-notice")).to_contain_text("second is still signed in")
        page.goto(self.url + "/#/")
        expect(page.locator("#home-username")).to_have_text("second")


class RickAndMortyTests(PageTest):
    def test_every_episode_page_by_page_to_the_end_of_the_list(self):
        self.register("morty")
        page = self.page
        page.get_by_role("link", name="Rick and Morty", exact=True).first.click()
        rows = page.locator("#rm-episodes .episode-row")
        expect(rows.first).to_contain_text("Pilot")
        expect(rows.first).to_contain_text("S01E01")
        expect(rows.first).to_contain_text("02/12/2013")
        self.shot("rick-and-morty")
        while page.locator("#end").inner_text() != "End of list":
            page.locator("#end").scroll_into_view_if_needed()
            # Not wait_for_function: the page's CSP refuses the eval it polls with.
            expect(page.locator("#end")).not_to_have_text("Loading…")
        expect(rows).to_have_count(51)
        expect(page.locator("#end")).to_have_text("End of list")

    def test_episode_to_character_details_and_the_exports(self):
        self.register("summer")
        page = self.page
        page.goto(self.url + "/#/rm")
        page.locator("#rm-episodes").get_by_role("link", name=re.compile("^Pilot")).click()
        page.locator("#rm-characters").get_by_role("link", name="Rick Sanchez").click()
        details = page.locator("#details")
        expect(details).to_contain_text("Human")
        expect(details).to_contain_text("Earth (C-137)")
        expect(page.locator("#episode-count")).to_have_text("51")
        self.shot("rick-and-morty-character")
        with page.expect_download() as download:
            page.get_by_role("button", name="Export CSV").click()
        csv = download.value
        self.assertEqual(csv.suggested_filename, "rick-and-morty-1-rick-sanchez.csv")
        with open(csv.path(), encoding="utf-8") as handle:
            self.assertIn("Rick Sanchez", handle.read())
        with page.expect_download() as download:
            page.get_by_role("button", name="Export PDF card").click()
        pdf = download.value
        self.assertTrue(pdf.suggested_filename.endswith(".pdf"))
        with open(pdf.path(), "rb") as handle:
            self.assertEqual(handle.read(5), b"%PDF-")

    def test_refresh_shows_progress_and_the_time_of_the_last_refresh(self):
        self.register("birdperson")
        page = self.page
        page.goto(self.url + "/#/rm")
        expect(page.locator("#last-refresh")).to_contain_text("never")
        page.get_by_role("button", name="Refresh").click()
        expect(page.locator("#refresh-status")).to_contain_text(re.compile("catalog changed|Up to date"))
        expect(page.locator("#last-refresh")).not_to_contain_text("never")
        expect(page.locator("#rm-episodes .episode-row").first).to_contain_text("Pilot")
        self.shot("rick-and-morty-refreshed")
        page.goto(self.url + "/#/rm/characters/2")
        expect(page.locator("img.portrait")).to_be_visible()
        # On a touch screen, pulling the list down refreshes it too.
        phone = state["browser"].new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        self.contexts.append(phone)
        touch = phone.new_page()
        touch.errors = []
        touch.on("pageerror", lambda error: touch.errors.append(str(error)))
        self.register("squanchy", page=touch)
        touch.goto(self.url + "/#/rm")
        expect(touch.locator("#rm-episodes .episode-row").first).to_be_visible()
        touch.evaluate("""() => {
            const target = document.querySelector('.scene-body');
            const at = (y) => new Touch({identifier: 1, target, clientX: 150, clientY: y});
            target.dispatchEvent(new TouchEvent('touchstart', {touches: [at(150)], bubbles: true}));
            target.dispatchEvent(new TouchEvent('touchmove', {touches: [at(300)], bubbles: true}));
            target.dispatchEvent(new TouchEvent('touchend', {touches: [], bubbles: true}));
        }""")
        expect(touch.locator("#refresh-status")).to_contain_text("Up to date")


class PhoneTests(PageTest):
    viewport = PHONE

    def test_the_scenes_fit_a_phone(self):
        page = self.page
        page.goto(self.url + "/#/login")
        expect(page.locator("#submit")).to_be_visible()
        self.no_horizontal_scroll()
        self.shot("phone-login")
        self.register("phoney")
        self.no_horizontal_scroll()
        for route, name, ready in [("#/bb/episodes", "phone-episodes", "#episodes"),
                                   ("#/bb/characters/1", "phone-character", "#quotes"),
                                   ("#/explorer", "phone-explorer", "#characters"),
                                   ("#/quizzes/online", "phone-quizzes", "#online li"),
                                   ("#/rm", "phone-rick-and-morty", "#rm-episodes .episode-row")]:
            page.goto(self.url + "/" + route)
            expect(page.locator(ready).first).to_be_visible()
            self.no_horizontal_scroll()
            self.shot(name)

    def test_keyboard_alone_signs_in(self):
        page = self.page
        page.goto(self.url + "/#/login")
        expect(page.locator("#scene-title")).to_be_focused()
        page.keyboard.press("Tab")
        expect(page.locator("#tab-login")).to_be_focused()
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        expect(page.locator("#username")).to_be_focused()
        page.keyboard.type("keyboarder")
        page.keyboard.press("Tab")
        expect(page.locator("#password")).to_be_focused()
        page.keyboard.type("Keys-4-all")
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Shift+Tab")
        expect(page.locator("#tab-register")).to_be_focused()
        page.keyboard.press("Enter")
        page.locator("#confirmation").focus()
        page.keyboard.type("Keys-4-all")
        page.keyboard.press("Enter")
        expect(page.locator("#home-username")).to_have_text("keyboarder")


if __name__ == "__main__":
    unittest.main()
