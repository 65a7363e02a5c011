"""Adversarial user text and the oracle of the markup-injection tests.

The oracle renders a message twice from the same shapes: once with the user-provided
strings an attacker chose, once with each replaced by harmless letters of the same length.
Both must be accepted by the fake Telegram's HTML parser (the one that refuses a send), and
the attacker's version may carry no entity the harmless one lacks: the links, mentions and
formatting of a message are the template's, whatever the user wrote.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

from bot.domain.models import Lang
from bot.domain.parsing import MAX_PRODUCT
from bot.fake_telegram.html_entities import MAX_TEXT_LENGTH, ParsedText, parse_message_text

# Where a user-provided string comes from, and the most characters of it a renderer can get
# (what Telegram or our own code lets through; the tests generate up to these lengths).
PRODUCT = MAX_PRODUCT  # parser, tags kept around it; an Edit is cut to 120 (post_edits.py)
SPEC = 80  # parser
PLACE = 60  # parser (MAX_PLACE) and an Edit answer
TERM = 20  # a trade term the parser read (FOB, CIF, ...)
KEYWORD = 30  # a post's or a profile's keyword, each
CONTACT = 210  # a URL, e-mail, handle or number written in a post (parsing/contacts.py)
RAW = 4096  # a whole message: a post's text as written
NAME = 129  # Telegram: first name (64) + " " + last name (64)
USERNAME = 32  # Telegram
PHONE = 32  # services/users.py cuts a shared number to 32
TITLE = 128  # Telegram: a group's title
COMMENT = 200  # a rating's comment
ANSWER = 300  # a member's answer to a complaint
PROFILE_FIELD = 80  # services/profiles.py
QUERY = 4096 - len("/search ")  # the words after /search, as the handler passes them
WORD = 40  # a word other posts use (advice), a term or brand in a match's reasons
SHORT = 40  # values the bot makes itself (numbers, dates, names of our own)


def fuzz(max_examples: int) -> settings:
    """Hypothesis settings of these tests. No shrinking: the oracle's message shows the
    refused or injected text, and shrinking examples this large takes minutes."""
    return settings(
        max_examples=max_examples,
        deadline=None,
        phases=(Phase.explicit, Phase.reuse, Phase.generate),
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


ATTACKS = (
    '<a href="https://evil.example">click</a>',
    "<a href='tg://user?id=1'>admin</a>",
    "<a href=tg://user?id=1>",
    "<b>bold</b>",
    "<i>",
    "</b>",
    "</a>",
    "<code>x</code>",
    '<pre><code class="language-py">',
    '<span class="tg-spoiler">x</span>',
    '<tg-emoji emoji-id="5368324170671202286">👍</tg-emoji>',
    "<blockquote expandable>",
    "<br>",
    "<script>alert(1)</script>",
    "&",
    "&amp;",
    "&lt;b&gt;",
    "&#60;b&#62;",
    "&#x3C;",
    "&#0;",
    "&nbsp;",
    "<",
    ">",
    "<<b>>",
    '"',
    "'",
    "@mention",
    "@admin_bot",
    "tg://user?id=1",
    "https://evil.example/?a=1&b=<2>",
    "t.me/evil",
    "www.evil.example",
    "#offer",
    "/start",
    "{value}",
    "{0}",
    "%s",
    "\\",
    "\n",
    "\r\n",
    "\t",
    "\u202e",  # right-to-left override
    "\u200b",  # zero-width space
    "\x01",
    "\ufeff",
)
_CJK = st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF)
_FULL_WIDTH = st.characters(min_codepoint=0xFF01, max_codepoint=0xFF5E)  # ＜ｂ＞ ＠ ＆
_EMOJI = st.characters(min_codepoint=0x1F300, max_codepoint=0x1FAFF)
_PIECES = st.one_of(
    st.sampled_from(ATTACKS),
    st.text(st.one_of(_CJK, _FULL_WIDTH, _EMOJI), min_size=1, max_size=6),
    st.text(min_size=1, max_size=8),  # any code point but surrogates
)


def adversarial(max_size: int) -> st.SearchStrategy[str]:
    """User text up to `max_size` characters: attacks mixed with CJK, full-width, emoji and
    any other characters; sometimes exactly `max_size` long (a repeated attack)."""
    mixed = st.lists(_PIECES, max_size=12).map(lambda pieces: "".join(pieces)[:max_size])
    full = st.sampled_from(ATTACKS).map(lambda a: (a * (max_size // len(a) + 1))[:max_size])
    return st.one_of(mixed, mixed, full)


def harmless(text: str) -> str:
    """Letters of the same length; blank text stays as it is (it holds no markup)."""
    return text if not text.strip() else "x" * len(text)


class UserWords:
    """Hands out user-provided strings: adversarial ones drawn by Hypothesis, remembered so
    that `harmless()` gives the same sequence, defanged, to render the same shapes again."""

    def __init__(self, data: st.DataObject) -> None:
        self._data = data
        self.drawn: list[str] = []

    def __call__(self, max_size: int) -> str:
        text = self._data.draw(adversarial(max_size))
        self.drawn.append(text)
        return text

    def harmless(self) -> Callable[[int], str]:
        replay = iter([harmless(text) for text in self.drawn])
        return lambda _max_size: next(replay)


Words = Callable[[int], str]


def accepted(html: str) -> ParsedText:
    """The message as the fake Telegram stores it; fails the test where it refuses it."""
    try:
        parsed = parse_message_text(html, "HTML")
    except ValueError as refused:
        raise AssertionError(f"Telegram refuses the message: {refused}\n{html[:2000]}") from None
    assert len(parsed.text) <= MAX_TEXT_LENGTH
    return parsed


def _signature(entity: dict[str, Any]) -> tuple[object, ...]:
    user = entity.get("user") or {}
    return (
        entity["type"],
        entity.get("url"),
        user.get("id"),
        entity.get("language"),
        entity.get("custom_emoji_id"),
    )


def assert_no_injection(attacked: str, defanged: str) -> None:
    """Both renderings are accepted, and the attacked one has no entity (link, mention,
    formatting) beyond those of the defanged one: each comes from the template."""
    mine = Counter(_signature(e) for e in accepted(attacked).entities)
    template = Counter(_signature(e) for e in accepted(defanged).entities)
    added = mine - template
    assert not added, f"user text added entities {dict(added)}:\n{attacked[:2000]}"


def check_render(data: st.DataObject, render: Callable[[Words], str]) -> None:
    """Render with adversarial words, then with the same words defanged; compare."""
    words = UserWords(data)
    attacked = render(words)
    assert_no_injection(attacked, render(words.harmless()))


def each_language(data: st.DataObject, render: Callable[[Lang, Words], str]) -> None:
    for lang in Lang:
        check_render(data, partial(render, lang))
