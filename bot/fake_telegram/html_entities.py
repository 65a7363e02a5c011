"""Telegram's HTML parse_mode: turn marked-up text into plain text + MessageEntity dicts.

Follows the rules of https://core.telegram.org/bots/api#html-style and the messages of TDLib's
parser ("Unsupported start tag "br" at byte offset 43", "Can't find end tag corresponding to
start tag "b"", ...). One deliberate difference: Telegram keeps a bare ``&`` that starts no
entity as text, the fake rejects it, so that a missing ``html.escape`` is caught in tests.
Entity offsets and lengths are in UTF-16 code units, as in the Bot API.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

MAX_TEXT_LENGTH = 4096
# Only these, per the Bot API docs; any other tag is an error
SIMPLE_TAGS = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "tg-spoiler": "spoiler",
}
SUPPORTED_TAGS = set(SIMPLE_TAGS) | {"span", "a", "code", "pre", "blockquote", "tg-emoji"}
_ENTITY_RE = re.compile(r"&(?:(lt|gt|amp|quot)|#([0-9]{1,7})|#[xX]([0-9a-fA-F]{1,6}));")
_NAMED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"'}
_NAME_CHARS = re.compile(r"[a-zA-Z0-9-]*")
_ATTR_NAME = re.compile(r"[a-zA-Z0-9_-]*")
_UNQUOTED_VALUE = re.compile(r"[^\s>\"']+")
_TRIM = " \t\n\r\v\f\0"


class EntityParseError(ValueError):
    """The HTML is not acceptable to Telegram; ``str(exc)`` is TDLib-style detail."""


@dataclass
class ParsedText:
    """Plain text and its entities (dicts as in the Bot API)."""

    text: str
    entities: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class _Open:
    tag: str
    attrs: dict[str, str]
    start: int  # UTF-16 offset in the output
    language: str | None = None


def utf16_len(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _byte_offset(source: str, index: int) -> int:
    return len(source[:index].encode("utf-8"))


def _decode_entity(source: str, index: int) -> tuple[str, int] | None:
    match = _ENTITY_RE.match(source, index)
    if match is None:
        return None
    named, dec, hexa = match.groups()
    if named:
        return _NAMED[named], match.end()
    code = int(dec) if dec else int(hexa, 16)
    if code == 0 or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
        return None
    return chr(code), match.end()


def parse_html(source: str) -> ParsedText:
    """Parse Telegram HTML; raise ``EntityParseError`` for anything Telegram would refuse."""
    out: list[str] = []
    offset = 0  # UTF-16 length of ``out``
    stack: list[_Open] = []
    entities: list[dict[str, Any]] = []
    i, n = 0, len(source)
    while i < n:
        char = source[i]
        if char == "&":
            decoded = _decode_entity(source, i)
            if decoded is None:
                raise EntityParseError(
                    f'Unescaped "&" at byte offset {_byte_offset(source, i)}: '
                    "write it as &amp; or use a numeric entity"
                )
            text, i = decoded
            out.append(text)
            offset += utf16_len(text)
            continue
        if char != "<":
            out.append(char)
            offset += 2 if ord(char) > 0xFFFF else 1
            i += 1
            continue
        if i + 1 < n and source[i + 1] == "/":
            i = _close_tag(source, i, stack, entities, offset)
        else:
            i = _open_tag(source, i, stack, offset)
    if stack:
        raise EntityParseError(f'Can\'t find end tag corresponding to start tag "{stack[-1].tag}"')
    entities.sort(key=lambda e: (e["offset"], -e["length"]))
    return ParsedText("".join(out), entities)


def _open_tag(source: str, start: int, stack: list[_Open], offset: int) -> int:
    byte_at = _byte_offset(source, start)
    match = _NAME_CHARS.match(source, start + 1)
    assert match is not None
    name, i = match.group().lower(), match.end()
    if i >= len(source):
        raise EntityParseError(f"Unexpected end of name token at byte offset {byte_at}")
    if name not in SUPPORTED_TAGS:
        raise EntityParseError(f'Unsupported start tag "{name}" at byte offset {byte_at}')
    attrs: dict[str, str] = {}
    while True:
        while i < len(source) and source[i].isspace():
            i += 1
        if i >= len(source):
            raise EntityParseError(f"Unclosed start tag at byte offset {byte_at}")
        if source[i] == ">":
            i += 1
            break
        attr_match = _ATTR_NAME.match(source, i)
        assert attr_match is not None
        attr = attr_match.group().lower()
        if not attr:
            raise EntityParseError(
                f'Empty attribute name in the tag "{name}" at byte offset {byte_at}'
            )
        i = attr_match.end()
        value = ""
        if i < len(source) and source[i] == "=":
            value, i = _attr_value(source, i + 1, byte_at)
        attrs[attr] = value
    _check_tag_attrs(name, attrs, byte_at)
    stack.append(_Open(name, attrs, offset))
    return i


def _attr_value(source: str, i: int, byte_at: int) -> tuple[str, int]:
    if i < len(source) and source[i] in "\"'":
        quote = source[i]
        end = source.find(quote, i + 1)
        if end < 0:
            raise EntityParseError(f"Unclosed start tag at byte offset {byte_at}")
        raw, i = source[i + 1 : end], end + 1
    else:
        match = _UNQUOTED_VALUE.match(source, i)
        if match is None:
            raise EntityParseError(f"Unclosed start tag at byte offset {byte_at}")
        raw, i = match.group(), match.end()
    value, j = [], 0
    while j < len(raw):
        if raw[j] == "&" and (decoded := _decode_entity(raw, j)) is not None:
            value.append(decoded[0])
            j = decoded[1]
        else:
            value.append(raw[j])
            j += 1
    return "".join(value), i


def _check_tag_attrs(name: str, attrs: dict[str, str], byte_at: int) -> None:
    if name == "span" and attrs.get("class") != "tg-spoiler":
        raise EntityParseError(f'Tag "span" must have class "tg-spoiler" at byte offset {byte_at}')
    if name == "tg-emoji" and not attrs.get("emoji-id", "").isdigit():
        raise EntityParseError(
            f'Tag "tg-emoji" must have attribute "emoji-id" at byte offset {byte_at}'
        )


def _close_tag(
    source: str, start: int, stack: list[_Open], entities: list[dict[str, Any]], offset: int
) -> int:
    byte_at = _byte_offset(source, start)
    match = _NAME_CHARS.match(source, start + 2)
    assert match is not None
    name, i = match.group().lower(), match.end()
    while i < len(source) and source[i].isspace():
        i += 1
    if i >= len(source) or source[i] != ">":
        raise EntityParseError(f"Unclosed end tag at byte offset {byte_at}")
    if not stack:
        raise EntityParseError(f"Unexpected end tag at byte offset {byte_at}")
    top = stack.pop()
    if top.tag != name:
        raise EntityParseError(
            f'Unmatched end tag at byte offset {byte_at}, expected "</{top.tag}>", '
            f'found "</{name}>"'
        )
    entity = _entity_for(top, stack, offset)
    if entity is not None and entity["length"] > 0:
        entities.append(entity)
    return i + 1


def _entity_for(top: _Open, stack: list[_Open], offset: int) -> dict[str, Any] | None:
    entity: dict[str, Any] = {"offset": top.start, "length": offset - top.start}
    if top.tag in SIMPLE_TAGS or top.tag == "span":
        entity["type"] = SIMPLE_TAGS.get(top.tag, "spoiler")
    elif top.tag == "a":
        href = top.attrs.get("href", "")
        if not href:
            return None
        if href.startswith("tg://user?id=") and href[13:].isdigit():
            entity.update(
                type="text_mention", user={"id": int(href[13:]), "is_bot": False, "first_name": ""}
            )
        else:
            entity.update(type="text_link", url=href)
    elif top.tag == "code":
        language = top.attrs.get("class", "")
        parent = stack[-1] if stack else None
        if parent is not None and parent.tag == "pre" and parent.start == top.start:
            if language.startswith("language-"):
                parent.language = language[len("language-") :]
            return None  # <pre><code> is one pre entity
        entity["type"] = "code"
    elif top.tag == "pre":
        entity["type"] = "pre"
        if top.language:
            entity["language"] = top.language
    elif top.tag == "blockquote":
        entity["type"] = "expandable_blockquote" if "expandable" in top.attrs else "blockquote"
    else:  # tg-emoji
        entity.update(type="custom_emoji", custom_emoji_id=top.attrs["emoji-id"])
    return entity


def trim(parsed: ParsedText) -> ParsedText:
    """Strip leading/trailing whitespace as Telegram does, keeping entities aligned."""
    stripped_left = parsed.text.lstrip(_TRIM)
    text = stripped_left.rstrip(_TRIM)
    shift = utf16_len(parsed.text) - utf16_len(stripped_left)
    limit = utf16_len(text)
    entities = []
    for entity in parsed.entities:
        start = max(entity["offset"] - shift, 0)
        end = min(entity["offset"] + entity["length"] - shift, limit)
        if end > start:
            entities.append({**entity, "offset": start, "length": end - start})
    return ParsedText(text, entities)


def parse_message_text(
    text: str, parse_mode: str | None, entities: list[dict[str, Any]] | None = None
) -> ParsedText:
    """Text as Telegram would store it; ``ValueError`` messages are the 400 descriptions."""
    mode = (parse_mode or "").lower()
    if mode == "html":
        try:
            parsed = parse_html(text)
        except EntityParseError as exc:
            raise ValueError(f"can't parse entities: {exc}") from exc
    elif mode in ("markdown", "markdownv2"):
        raise ValueError(
            f"can't parse entities: parse_mode {parse_mode} is not supported by the fake "
            "(use HTML)"
        )
    elif mode:
        raise ValueError("unsupported parse_mode")
    else:
        parsed = ParsedText(text, [dict(e) for e in entities or []])
    parsed = trim(parsed)
    if not parsed.text:
        raise ValueError("message text is empty")
    if len(parsed.text) > MAX_TEXT_LENGTH:
        raise ValueError("message is too long")
    return parsed
