"""A Chinese writer's unit word (500条, 每支3元) is what a Chinese reader sees on the card;
the unit code underneath (pcs) is what matching and an English reader use."""

from __future__ import annotations

from decimal import Decimal

import pytest

from bot.domain.models import Lang, Quantity
from bot.domain.parsing import parse_post
from bot.domain.vocabulary.units import kept_unit_word, unit_name
from bot.services.posting.post_edits import apply_edit
from bot.texts.cards import field_lines
from storage.json_columns import parsed_from_dict, parsed_to_dict


@pytest.mark.parametrize(
    ("word", "kept"),
    [
        ("条", "条"),
        ("條", "條"),  # as written; the reader's script is chosen when it is shown
        ("根", "根"),
        ("支", "支"),
        ("件", "件"),
        ("组", "组"),  # a set, named otherwise than 套
        ("千克", "千克"),
        ("个", None),  # the code's own name
        ("個", None),
        ("套", None),
        ("打", None),  # a dozen: the amount is already in pieces
        ("pcs", None),
        ("", None),
        (None, None),
    ],
)
def test_kept_unit_word(word: str | None, kept: str | None) -> None:
    assert kept_unit_word(word) == kept


def test_unit_name_in_the_readers_script() -> None:
    assert unit_name("pcs", Lang.ZH_HANS, word="條") == "条"
    assert unit_name("pcs", Lang.ZH_HANT, word="条") == "條"
    assert unit_name("pcs", Lang.EN, word="条") == "pcs"
    assert unit_name("pcs", Lang.ZH_HANT) == "個"


def _card(text: str, lang: Lang) -> str:
    return "\n".join(str(line) for line in field_lines(parse_post(text), lang))


def test_the_card_counts_in_the_writers_word() -> None:
    text = "出售 Type-C数据线 1米 起订500条 2元/条 深圳"
    parsed = parse_post(text)
    assert parsed.moq == Quantity(Decimal(500), "pcs")  # matching sees pieces
    assert parsed.moq is not None and parsed.moq.unit_word == "条"
    assert "起订量：500条" in _card(text, Lang.ZH_HANS)
    assert "¥2 / 条" in _card(text, Lang.ZH_HANS)
    assert "起訂量：500條" in _card(text, Lang.ZH_HANT)
    assert "¥2 / 條" in _card(text, Lang.ZH_HANT)
    assert "MOQ: 500 pcs" in _card(text, Lang.EN)


def test_a_price_without_its_own_unit_takes_the_ordered_word() -> None:
    card = _card("求购 毛巾 3000条 5元以内", Lang.ZH_HANS)
    assert "数量：3,000条" in card
    assert "¥5以内 / 条" in card


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("出售 保温杯 起订1000个 12元/个", "起订量：1,000个"),
        ("出售 纽扣 5打", "数量：60个"),  # 5 dozen are 60 pieces, not 60 dozen
        ("求购 轮胎 200只", "数量：200只"),
        ("供应 圆珠笔 起订2000支", "起订量：2,000支"),
    ],
)
def test_card_units(text: str, shown: str) -> None:
    assert shown in _card(text, Lang.ZH_HANS)


def test_the_word_is_stored_and_read_back() -> None:
    parsed = parse_post("出售 Type-C数据线 起订500条 2元/条")
    again = parsed_from_dict(parsed_to_dict(parsed))
    assert again.moq is not None and again.moq.unit_word == "条"
    assert again.price is not None and again.price.per_unit_word == "条"


def test_posts_stored_before_the_word_read_as_before() -> None:
    data = parsed_to_dict(parse_post("出售 保温杯 起订1000个"))
    assert data["moq"] is not None
    del data["moq"]["unit_word"]
    moq = parsed_from_dict(data).moq
    assert moq == Quantity(Decimal(1000), "pcs") and moq is not None and moq.unit_word is None


def test_editing_the_number_alone_keeps_the_word() -> None:
    edited = apply_edit(parse_post("出售 Type-C数据线 起订500条"), "moq", "800")
    moq = edited.moq
    assert moq is not None and (moq.amount, moq.unit, moq.unit_word) == (800, "pcs", "条")
