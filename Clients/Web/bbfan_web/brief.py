"""How the bridge's own errors show what a browser sent: briefly, by bbfan's rule.

Text of at most 64 characters (Unicode code points, as Python counts them and as bbfan counts
Unicode scalars) is shown exactly as it is; longer text is shown as its first 64 characters, an
ellipsis and its whole length: ``aaaa… (100000 characters)``, or quoted ``'aaaa…' (100000
characters)``. So a 100 KB method name never makes a 100 KB error. bbfan's own errors follow the
same rule (``BriefQuote`` in ``Sources/JSON``; see "Error codes" in Docs/Protocol.md).
"""

LIMIT = 64
"""The most characters of an input an error shows."""


def bare(text: str) -> str:
    """``text`` as an error shows it without quotes: whole, or cut with ``… (N characters)``."""
    if len(text) <= LIMIT:
        return text
    return f"{text[:LIMIT]}… ({len(text)} characters)"


def quoted(text: str) -> str:
    """``text`` quoted as Python's ``repr`` quotes it, cut as ``bare`` says."""
    if len(text) <= LIMIT:
        return repr(text)
    return f"{text[:LIMIT] + '…'!r} ({len(text)} characters)"
