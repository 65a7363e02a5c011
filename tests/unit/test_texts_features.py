"""A post's features on its card, one line in the reader's language and only when there
are any, and in the reasons of a match."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.domain.models import Intent, Lang, ParsedPost, Post, PostKind, PostStatus
from bot.domain.parsing import parse_post
from bot.texts.cards import feature_names, post_card
from bot.texts.reasons import render_reasons

NOW = datetime(2026, 12, 5, tzinfo=UTC)
OFFER = "出售 304不锈钢保温杯 500ml 可定制logo 支持OEM CE认证 提供样品 起订1000个 12元/个"


def _post(text: str, kind: PostKind = PostKind.OFFER) -> Post:
    parsed = parse_post(text)
    return Post(
        id=1,
        user_id=7,
        kind=kind,
        raw_text=text,
        parsed=parsed,
        status=PostStatus.OPEN,
        language=parsed.language,
        created_at=NOW,
        expires_at=NOW + timedelta(days=14),
    )


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        (Lang.ZH_HANS, "🏭 可定制logo · OEM · 可提供样品 · CE认证"),
        (Lang.ZH_HANT, "🏭 可定製logo · OEM · 可提供樣品 · CE認證"),
        (Lang.EN, "🏭 Custom logo · OEM · Samples · CE"),
    ],
)
def test_an_offers_features_are_one_line_in_the_readers_language(lang: Lang, line: str) -> None:
    card = post_card(_post(OFFER), lang)
    assert line in card.splitlines()
    assert sum("🏭" in row for row in card.splitlines()) == 1


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        (Lang.ZH_HANS, "🏭 要求：OEM · 免费样品 · FDA认证"),
        (Lang.ZH_HANT, "🏭 要求：OEM · 免費樣品 · FDA認證"),
        (Lang.EN, "🏭 Asks for: OEM · Free samples · FDA"),
    ],
)
def test_a_needs_features_are_what_it_asks_for(lang: Lang, line: str) -> None:
    need = _post(
        "Looking for vacuum flasks 3000 pcs, OEM, free samples, FDA certified", PostKind.NEED
    )
    assert line in post_card(need, lang).splitlines()


@pytest.mark.parametrize("lang", list(Lang))
def test_no_features_no_line(lang: Lang) -> None:
    card = post_card(_post("出售 304不锈钢保温杯 500ml 起订1000个 12元/个"), lang)
    assert "🏭" not in card


def test_the_card_keeps_the_spec_an_english_need_named_alone() -> None:
    need = _post(
        "Looking for insulated water bottles, stainless steel, 500ml, 3000 pcs, "
        "budget under 2 USD each, ship to Hamburg",
        PostKind.NEED,
    )
    assert "🔧 500ml · stainless steel" in post_card(need, Lang.EN).splitlines()


def test_a_stored_code_this_release_does_not_know_is_left_out_and_a_code_is_escaped() -> None:
    parsed = ParsedPost(
        intent=Intent.OFFER,
        language=Lang.EN,
        product="mugs",
        features=("oem", "teleport", "cert:<b>X</b>", "cert:"),
    )
    post = Post(
        id=1,
        user_id=7,
        kind=PostKind.OFFER,
        raw_text="mugs",
        parsed=parsed,
        status=PostStatus.OPEN,
        language=Lang.EN,
        created_at=NOW,
        expires_at=NOW + timedelta(days=14),
    )
    assert feature_names(parsed.features, Lang.EN) == ["OEM", "<b>X</b>"]
    assert "🏭 OEM · &lt;b&gt;X&lt;/b&gt;" in post_card(post, Lang.EN)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (Lang.ZH_HANS, "符合要求：OEM、可提供样品、CE认证"),
        (Lang.ZH_HANT, "符合要求：OEM、可提供樣品、CE認證"),
        (Lang.EN, "as asked: OEM, Samples, CE"),
    ],
)
def test_a_feature_reason_names_what_was_asked_and_had(lang: Lang, text: str) -> None:
    reasons = [
        {"kind": "concept", "values": {"concept": "c:vacuum_flask"}},
        {"kind": "feature", "values": {"features": "cert:CE oem samples"}},
    ]
    assert render_reasons(reasons, lang).split(" · ")[1] == text


def test_a_feature_reason_with_nothing_known_says_nothing() -> None:
    reasons = [{"kind": "feature", "values": {"features": "teleport"}}]
    assert render_reasons(reasons, Lang.EN) == ""
