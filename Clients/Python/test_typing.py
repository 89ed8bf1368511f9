"""mypy --strict on the package (with its generated types), its generator and README's Python
examples, with mypy from PyPI in a fresh virtual environment. Skips (loudly, on stderr) only when
mypy cannot be installed."""
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def readme_examples() -> list[str]:
    """README's python blocks, except those marked `<!-- not run: ... -->` as ReadmeExampleTests does."""
    with open(os.path.join(HERE, "README.md")) as f:
        text = f.read()
    blocks = []
    for match in re.finditer(r"(<!-- not run:[^>]*-->\s*)?```python\n(.*?)```", text, re.S):
        if match.group(1) is None:
            blocks.append(match.group(2))
    return blocks


class TypingTests(unittest.TestCase):
    def test_mypy_strict(self):
        with tempfile.TemporaryDirectory() as folder:
            venv = os.path.join(folder, "venv")
            subprocess.run([sys.executable, "-m", "venv", venv], check=True, capture_output=True)
            python = os.path.join(venv, "bin", "python")
            installed = subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                                        "mypy"], capture_output=True, text=True)
            if installed.returncode != 0:
                message = f"SKIPPED: mypy could not be installed from PyPI, the types went unchecked: {installed.stderr}"
                print(message, file=sys.stderr)
                self.skipTest(message)
            examples = readme_examples()
            self.assertGreaterEqual(len(examples), 2)
            paths = []
            for index, example in enumerate(examples):
                paths.append(os.path.join(folder, f"readme_example_{index}.py"))
                with open(paths[-1], "w") as f:
                    f.write(example)
            checked = subprocess.run(
                [python, "-m", "mypy", "--strict", "--cache-dir", os.path.join(folder, "cache"),
                 os.path.join(HERE, "bbfan"), os.path.join(HERE, "bbfan_client.py"),
                 os.path.join(HERE, "tools", "generate.py"), *paths],
                capture_output=True, text=True, cwd=HERE, env=dict(os.environ, MYPYPATH=HERE))
            self.assertEqual(checked.returncode, 0, checked.stdout + checked.stderr)
            self.assertIn("Success: no issues found", checked.stdout)


if __name__ == "__main__":
    unittest.main()
