"""The pieces of Docs/Deploy.md that need no server: signed /files ids (what any bridge sharing
the secret accepts, and what none does) and the database URL bbfan-web refuses."""

import os
import tempfile
import unittest

from bbfan_web.cli import _has_password
from bbfan_web.files import FileIds


class SignedIds(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="bbfan-ids-")
        self.now = 1_000_000.0
        self.ids = FileIds(self.root, b"s" * 32, clock=lambda: self.now)

    def test_another_bridge_with_the_secret_reads_the_recipe(self):
        recipe = {"k": "image", "url": "http://example.org/a.png"}
        other = FileIds(tempfile.mkdtemp(prefix="bbfan-ids-"), b"s" * 32)
        self.assertEqual(other.recipe(self.ids.sign(recipe)), recipe)

    def test_a_bridge_with_another_secret_reads_nothing(self):
        other = FileIds(self.root, b"t" * 32)
        self.assertIsNone(other.recipe(self.ids.sign({"k": "image", "url": "x"})))

    def test_a_changed_body_or_signature_is_no_id(self):
        file_id = self.ids.sign({"k": "photo", "o": "a" * 32, "user": 1, "sha256": "00"})
        body, mac = file_id.split(".")
        for forged in (f"{body[:-2]}AA.{mac}", f"{body}.{mac[:-2]}AA", body, "", "..", "%%.%%",
                       "a" * 5000):
            with self.subTest(forged=forged[:40]):
                self.assertIsNone(self.ids.recipe(forged))

    def test_an_export_runs_out(self):
        file_id = self.ids.sign({"k": "export", "x": self.now + 600})
        self.assertIsNotNone(self.ids.recipe(file_id))
        self.now += 600
        self.assertIsNone(self.ids.recipe(file_id))

    def test_only_paths_under_the_data_directory_are_registered(self):
        inside = os.path.join(self.root, "photo.png")
        with open(inside, "wb") as handle:
            handle.write(b"png")
        href = self.ids.register({"k": "image", "url": "u"}, inside, "image/png")
        self.assertEqual(self.ids.local(href.removeprefix("/files/")).path,
                         os.path.realpath(inside))
        self.assertIsNone(self.ids.register({"k": "image", "url": "v"}, "/etc/passwd", "text/plain"))
        os.symlink("/etc/passwd", os.path.join(self.root, "link"))
        self.assertIsNone(self.ids.register({"k": "image", "url": "w"},
                                            os.path.join(self.root, "link"), "text/plain"))


class DatabaseURLs(unittest.TestCase):
    def test_a_password_anywhere_is_seen(self):
        for url in ("postgres://bbfan:pw@db/bbfan", "postgresql://bbfan:@db/bbfan",
                    "postgres://bbfan@db/bbfan?password=pw", "host=db user=bbfan password=pw",
                    "password = pw host=db"):
            with self.subTest(url=url):
                self.assertTrue(_has_password(url))

    def test_urls_without_one_pass(self):
        for url in ("postgres://bbfan@db.example.org/bbfan?sslmode=require",
                    "postgres://bbfan@/bbfan?host=%2Ftmp%2Fpg", "host=/run/postgresql dbname=bbfan"):
            with self.subTest(url=url):
                self.assertFalse(_has_password(url))


if __name__ == "__main__":
    unittest.main()
