"""The fake's HTML parse_mode: what Telegram accepts, what it refuses, and entity offsets."""

from __future__ import annotations

import pytest

from bot.fake_telegram.html_entities import (
    EntityParseError,
    parse_html,
    parse_message_text,
    utf16_len,
)


@pytest.mark.parametrize(
    ("source", "text", "entities"),
    [
        ("plain", "plain", []),
        ("<b>bold</b>", "bold", [("bold", 0, 4)]),
        ("<strong>x</strong><em>y</em>", "xy", [("bold", 0, 1), ("italic", 1, 1)]),
        ("<u>a</u><ins>b</ins>", "ab", [("underline", 0, 1), ("underline", 1, 1)]),
        (
            "<s>a</s><strike>b</strike><del>c</del>",
            "abc",
            [("strikethrough", 0, 1), ("strikethrough", 1, 1), ("strikethrough", 2, 1)],
        ),
        (
            '<span class="tg-spoiler">s</span><tg-spoiler>t</tg-spoiler>',
            "st",
            [("spoiler", 0, 1), ("spoiler", 1, 1)],
        ),
        ("<b>a<i>b</i></b>", "ab", [("bold", 0, 2), ("italic", 1, 1)]),
        ("<code>x &lt; y</code>", "x < y", [("code", 0, 5)]),
        ('<pre><code class="language-python">p</code></pre>', "p", [("pre", 0, 1)]),
        ("<pre>block</pre>", "block", [("pre", 0, 5)]),
        ("<blockquote>q</blockquote>", "q", [("blockquote", 0, 1)]),
        ("<blockquote expandable>q</blockquote>", "q", [("expandable_blockquote", 0, 1)]),
        ('<tg-emoji emoji-id="5368324170671202286">👍</tg-emoji>', "👍", [("custom_emoji", 0, 2)]),
        ("&lt;&gt;&amp;&quot;&#36;&#x41;", '<>&"$A', []),
        ("a > b", "a > b", []),
        ("<B>upper</B>", "upper", [("bold", 0, 5)]),
        ("<b></b>empty", "empty", []),
        ("😀<b>x</b>", "😀x", [("bold", 2, 1)]),  # offsets count UTF-16 units
        ("<b >spaced</b >", "spaced", [("bold", 0, 6)]),
        ("出售<b>保温杯</b>", "出售保温杯", [("bold", 2, 3)]),
    ],
)
def test_valid_html_becomes_text_and_entities(
    source: str, text: str, entities: list[tuple[str, int, int]]
) -> None:
    parsed = parse_html(source)
    assert parsed.text == text
    assert [(e["type"], e["offset"], e["length"]) for e in parsed.entities] == entities


def test_link_keeps_its_url_and_pre_its_language() -> None:
    link = parse_html('<a href="https://t.me/x?a=1&amp;b=2">go</a>').entities[0]
    assert link == {"type": "text_link", "offset": 0, "length": 2, "url": "https://t.me/x?a=1&b=2"}
    pre = parse_html('<pre><code class="language-go">x</code></pre>').entities[0]
    assert pre["language"] == "go"
    mention = parse_html('<a href="tg://user?id=42">Bob</a>').entities[0]
    assert mention["type"] == "text_mention" and mention["user"]["id"] == 42


@pytest.mark.parametrize(
    ("source", "error"),
    [
        ("<br>", 'Unsupported start tag "br" at byte offset 0'),
        ("hello <p>x</p>", 'Unsupported start tag "p" at byte offset 6'),
        ("<b>x", 'Can\'t find end tag corresponding to start tag "b"'),
        ("<b><i>x</b></i>", 'Unmatched end tag at byte offset 7, expected "</i>", found "</b>"'),
        ("x</b>", "Unexpected end tag at byte offset 1"),
        ("1 < 2", 'Unsupported start tag "" at byte offset 2'),
        ("a <", "Unexpected end of name token at byte offset 2"),
        ("<b", "Unexpected end of name token at byte offset 0"),
        ('<a href="x', "Unclosed start tag at byte offset 0"),
        ("<b class", "Unclosed start tag at byte offset 0"),
        ("Tom & Jerry", 'Unescaped "&" at byte offset 4'),
        ("&nbsp;", 'Unescaped "&" at byte offset 0'),
        ("&#0;", 'Unescaped "&" at byte offset 0'),
        ("价格<br>", 'Unsupported start tag "br" at byte offset 6'),  # bytes, not characters
        ('<span class="x">s</span>', 'Tag "span" must have class "tg-spoiler"'),
        ("<tg-emoji>e</tg-emoji>", 'Tag "tg-emoji" must have attribute "emoji-id"'),
        ("<b/>", 'Empty attribute name in the tag "b" at byte offset 0'),
    ],
)
def test_invalid_html_is_refused_like_telegram(source: str, error: str) -> None:
    with pytest.raises(EntityParseError) as caught:
        parse_html(source)
    assert error in str(caught.value)


@pytest.mark.parametrize(
    ("text", "mode", "error"),
    [
        ("", None, "message text is empty"),
        ("   \n ", None, "message text is empty"),
        ("<b> </b>", "HTML", "message text is empty"),
        ("x" * 4097, None, "message is too long"),
        ("<b>" + "x" * 4097 + "</b>", "HTML", "message is too long"),
        ("<p>x</p>", "HTML", "can't parse entities: Unsupported start tag"),
        ("*x*", "MarkdownV2", "can't parse entities: parse_mode MarkdownV2 is not supported"),
        ("x", "Textile", "unsupported parse_mode"),
    ],
)
def test_message_text_rules(text: str, mode: str | None, error: str) -> None:
    with pytest.raises(ValueError, match=error.replace("*", r"\*")):
        parse_message_text(text, mode)


def test_length_is_counted_after_parsing_and_trimming() -> None:
    assert parse_message_text("<b>" + "x" * 4096 + "</b>", "HTML").text == "x" * 4096
    assert parse_message_text("  hi  ", None).text == "hi"


def test_trimming_moves_entities() -> None:
    parsed = parse_message_text("\n <b>bold</b> ", "html")
    assert parsed.text == "bold"
    assert parsed.entities == [{"type": "bold", "offset": 0, "length": 4}]


def test_plain_text_keeps_given_entities() -> None:
    entity = {"type": "italic", "offset": 0, "length": 2}
    assert parse_message_text("hi", None, [entity]).entities == [entity]


@pytest.mark.parametrize(("text", "units"), [("abc", 3), ("价格", 2), ("😀", 2), ("", 0)])
def test_utf16_len(text: str, units: int) -> None:
    assert utf16_len(text) == units
