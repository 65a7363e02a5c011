"""Trust lines and cards at their longest, in every language: valid Telegram HTML, within
Telegram's limits, user words escaped, no names."""

from datetime import UTC, datetime

import pytest

from bot.domain.models import Lang
from bot.domain.trust.scores import IdentityLevel
from bot.domain.trust.summary import TrustSummary
from bot.fake_telegram.html_entities import MAX_TEXT_LENGTH, parse_html
from bot.texts import CATALOGUES
from bot.texts.alerts import trust_card, trust_line

NOW = datetime(2026, 12, 3, tzinfo=UTC)
BIG = 99_999
LONGEST = TrustSummary(
    IdentityLevel.VOUCHED,
    BIG,
    BIG,
    BIG,
    NOW,
    ratings=BIG,
    rating=4.96,
    level_since=NOW,
    good=BIG,
    bad=BIG,
    complaints=BIG,
    answered=BIG,
    latest_complaint="payment_change",
    latest_answer="<b>&" * 75,  # 300 characters a member wrote
    latest_comment="“<i>" * 50,  # 200 characters a partner wrote
    reply_hours=999.4,
    replied_in_a_day=1.0,
    asked=BIG,
    followed_up=BIG,
    fake_inquiries=BIG,
    last_active=NOW,
    circle_deals=BIG,
    circle_vouches=BIG,
    other_partners=BIG,
    disputed=True,
    confirmed_by="<b>群" * 32,  # a group title of 128 characters
    vouched_in=tuple(f"<i>{n}" + "圈" * 124 for n in range(40)),  # forty circles vouched
    ratings_received=2 * BIG,  # more than count: the rest are said to be received
)
NEWCOMER = TrustSummary(IdentityLevel.UNKNOWN, 0, 0, 0, None)


@pytest.mark.parametrize("lang", list(Lang))
def test_the_longest_trust_line_fits_an_alert(lang: Lang) -> None:
    line = parse_html(str(trust_line(LONGEST, lang))).text
    assert len(line) < 300
    assert str(BIG) in line and "5.0" in line and "999" in line


@pytest.mark.parametrize("lang", list(Lang))
@pytest.mark.parametrize("own", [True, False])
def test_the_longest_trust_card_is_valid_and_escapes_what_people_wrote(
    lang: Lang, own: bool
) -> None:
    card = parse_html(str(trust_card(LONGEST, lang, own=own))).text
    assert len(card) <= MAX_TEXT_LENGTH
    assert "<b>&" * 75 in card and "“<i>" * 50 in card  # shown as written, not as markup
    assert "2026-12-03" in card  # level since, member since, last active
    assert "<b>群" * 32 in card and "<i>0" in card  # circle titles as written


@pytest.mark.parametrize("lang", list(Lang))
def test_a_newcomer_card_says_what_is_missing(lang: Lang) -> None:
    card = parse_html(str(trust_card(NEWCOMER, lang, own=True))).text
    assert "🛡" in card and "🔁" not in card  # no follow-through before any exchange


@pytest.mark.parametrize(
    ("lang", "name", "others"),
    [
        (Lang.ZH_HANS, "信用记录", ("诚信记录", "诚信纪录", "信用纪录")),
        (Lang.ZH_HANT, "信用記錄", ("誠信記錄", "誠信紀錄", "信用紀錄")),
    ],
)
def test_the_trust_record_has_one_name_in_chinese(
    lang: Lang, name: str, others: tuple[str, ...]
) -> None:
    """Issue 35: a comment's refusal called it 诚信记录, the card 信用记录."""
    texts = CATALOGUES[lang]
    assert name in texts["trust.card_title"] and name in texts["rating.comment_contacts"]
    assert [key for key, text in texts.items() if any(o in text for o in others)] == []
