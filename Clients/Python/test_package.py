"""The package as a user gets it: `pip install` in a fresh virtual environment, `import bbfan`,
its `py.typed` marker and generated `bbfan.types`, and the deprecated `bbfan_client` name. No
bbfan binary needed."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


class ShimTests(unittest.TestCase):
    def test_old_name_warns_and_is_the_same_client(self):
        sys.modules.pop("bbfan_client", None)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            import bbfan_client
        import bbfan
        self.assertIs(bbfan_client.BBFanClient, bbfan.BBFanClient)
        self.assertIs(bbfan_client.BBFanError, bbfan.BBFanError)
        self.assertTrue(any(issubclass(w.category, DeprecationWarning) and "import bbfan" in str(w.message)
                            for w in caught), [str(w.message) for w in caught])


class InstallTests(unittest.TestCase):
    def test_pip_install_in_a_fresh_venv(self):
        with tempfile.TemporaryDirectory() as folder:
            # From a copy, so the build leaves nothing in the tree.
            source = os.path.join(folder, "src")
            shutil.copytree(HERE, source, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
            venv = os.path.join(folder, "venv")
            subprocess.run([sys.executable, "-m", "venv", venv], check=True, capture_output=True)
            python = os.path.join(venv, "bin", "python")
            installed = subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                                        source], capture_output=True, text=True)
            self.assertEqual(installed.returncode, 0, installed.stdout + installed.stderr)
            script = ("import bbfan, importlib.resources as r, sys; "
                      "print(bbfan.BBFanClient.__name__, bbfan.BlockingClient.__name__, "
                      "r.files('bbfan').joinpath('py.typed').is_file(), "
                      "bbfan.__file__.startswith(sys.prefix), bbfan.types.EpisodesGetParams.METHOD)")
            # From elsewhere than the source folder, so the installed copy is the one imported.
            out = subprocess.run([python, "-c", script], capture_output=True, text=True, cwd=folder)
            self.assertEqual(out.returncode, 0, out.stderr)
            self.assertEqual(out.stdout.split(), ["BBFanClient", "BlockingClient", "True", "True", "episodes.get"])
            old = subprocess.run([python, "-W", "error::DeprecationWarning", "-c", "import bbfan_client"],
                                 capture_output=True, text=True, cwd=folder)
            self.assertNotEqual(old.returncode, 0)
            self.assertIn("import bbfan instead", old.stderr)


if __name__ == "__main__":
    unittest.main()
