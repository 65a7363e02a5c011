"""The parser's scratch pad: the message in two aligned forms, with consumed spans blanked.

`clean` keeps the writer's script and case (shown back to the user); `key` is the same
text folded to simplified Chinese and lower case (what the patterns read). The two have
the same length, so a span found in `key` can be cut out of `clean`. When a sub-parser
understands a span it calls `consume`, which blanks the span in `key` with `SEP` so later
parsers (and finally the product finder) no longer see it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.domain.text import clean, fold_case, to_simplified

# Private-use code points: `clean` removes them from input, and unlike \x1c-\x1f they
# are not whitespace to the regex engine.
SEP = "\ue000"
SOFT = "\ue001"  # consumed, but does not split a product name (a spec inside it: 不锈钢304螺母)


class Work:
    __slots__ = ("clean", "key")

    def __init__(self, text: str) -> None:
        cleaned = clean(text)
        folded = fold_case(to_simplified(cleaned))
        if len(folded) != len(cleaned):
            # OpenCC changed the length (very rare phrase rules): show the folded form.
            cleaned = to_simplified(cleaned)
            folded = fold_case(cleaned)
        self.clean = cleaned
        self.key = folded

    def consume(self, start: int, end: int, *, soft: bool = False) -> None:
        if end > start:
            mark = SOFT if soft else SEP
            self.key = self.key[:start] + mark * (end - start) + self.key[end:]

    def truncate(self, length: int) -> None:
        """Keep only the first `length` characters for the parsers that follow."""
        self.clean = self.clean[:length]
        self.key = self.key[:length]

    def original(self, start: int, end: int) -> str:
        """The writer's own text for a span of `key`."""
        return self.clean[start:end]

    def finditer(self, pattern: re.Pattern[str]) -> Iterator[re.Match[str]]:
        """Matches in the current key. Consuming while iterating is safe: the spans of
        later matches do not move, and a match overlapping consumed text is skipped."""
        snapshot = self.key
        for m in pattern.finditer(snapshot):
            now = self.key[m.start() : m.end()]
            if now != m.group(0):
                continue
            yield m

    def search(self, pattern: re.Pattern[str]) -> re.Match[str] | None:
        return pattern.search(self.key)
