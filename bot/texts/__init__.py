"""Every user-visible string, keyed (`offer.ask_price`), in zh-Hans, zh-Hant and English.

Texts are Telegram HTML. Placeholder values are HTML-escaped by `t()` unless wrapped in
`Html` (for fragments that were already rendered and escaped by us).
"""

from __future__ import annotations

import html
import re
import string
from collections.abc import Mapping

from bot.domain.models import Lang
from bot.texts import (
    en,
    en_circles,
    en_deals,
    en_features,
    en_privacy,
    en_reminders,
    zh_hans,
    zh_hans_circles,
    zh_hans_deals,
    zh_hans_features,
    zh_hans_privacy,
    zh_hans_reminders,
    zh_hant,
    zh_hant_circles,
    zh_hant_deals,
    zh_hant_features,
    zh_hant_privacy,
    zh_hant_reminders,
)

CATALOGUES: Mapping[Lang, Mapping[str, str]] = {
    Lang.ZH_HANS: {
        **zh_hans.TEXTS,
        **zh_hans_reminders.TEXTS,
        **zh_hans_circles.TEXTS,
        **zh_hans_privacy.TEXTS,
        **zh_hans_deals.TEXTS,
        **zh_hans_features.TEXTS,
    },
    Lang.ZH_HANT: {
        **zh_hant.TEXTS,
        **zh_hant_reminders.TEXTS,
        **zh_hant_circles.TEXTS,
        **zh_hant_privacy.TEXTS,
        **zh_hant_deals.TEXTS,
        **zh_hant_features.TEXTS,
    },
    Lang.EN: {
        **en.TEXTS,
        **en_reminders.TEXTS,
        **en_circles.TEXTS,
        **en_privacy.TEXTS,
        **en_deals.TEXTS,
        **en_features.TEXTS,
    },
}


class Html(str):
    """A fragment that is already valid, escaped Telegram HTML."""

    __slots__ = ()


def escape(value: object) -> str:
    if isinstance(value, Html):
        return str(value)
    return html.escape(str(value), quote=False)


def t(lang: Lang | str, key: str, /, **values: object) -> Html:
    """The text for `key` in `lang`, with placeholders filled and escaped."""
    catalogue = CATALOGUES.get(Lang(lang), en.TEXTS)
    template = catalogue.get(key)
    if template is None:
        template = CATALOGUES[Lang.EN][key]  # a missing key is a bug the parity test catches
    return Html(template.format_map({k: escape(v) for k, v in values.items()}))


def placeholders(template: str) -> frozenset[str]:
    return frozenset(
        name for _, name, _, _ in string.Formatter().parse(template) if name is not None
    )


def plain(lang: Lang | str, key: str, /, **values: object) -> str:
    """The text as plain characters, for places that are not HTML (button labels, command
    descriptions, callback answers): tags dropped, entities decoded."""
    return as_plain(t(lang, key, **values))


def as_plain(text: str) -> str:
    """Telegram HTML as plain characters: tags dropped, entities decoded."""
    return html.unescape(_TAG.sub("", text))


CAPTION_LIMIT = 1024  # Telegram's, for a photo's caption


def fits_caption(text: str) -> bool:
    """Whether Telegram HTML fits a photo's caption: its visible characters, in UTF-16 units,
    as Telegram counts them."""
    return len(as_plain(text).encode("utf-16-le")) // 2 <= CAPTION_LIMIT


_TAG = re.compile(r"<[^>]+>")
