"""The contact card (issue 35, a contact card worth having): name, username, company and
region from the profile, phone, the contacts of the post and the trust line, in the reader's
language: pinyin beside Chinese names for an English reader, the reader's script for a
Chinese one. And what a member may put in their name or profile: HTML stays text, a made-up
line stays on the profile's line, a long value is cut, the card stays one valid message."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.domain.models import CompanyProfile, Lang, Post, PostKind, PostStatus, User
from bot.domain.parsing import parse_post
from bot.domain.trust.scores import IdentityLevel
from bot.domain.trust.summary import TrustSummary
from bot.fake_telegram.html_entities import MAX_TEXT_LENGTH
from bot.texts import as_plain, plain, t
from bot.texts.alerts import trust_line
from bot.texts.contacts import MAX_READING, MAX_WRITTEN, contact_card
from tests.unit.markup_attacks import accepted

NOW = datetime(2026, 12, 2, tzinfo=UTC)
OFFER = "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货"
WANG = User(
    7, Lang.ZH_HANS, username="jiamei_cups", display_name="王丽", phone="+86 138 0013 8000"
)
JIAMEI = CompanyProfile(7, company_name="义乌市佳美日用品有限公司", region="义乌")
RECORD = TrustSummary(IdentityLevel.PHONE, 3, 3, 1, datetime(2026, 1, 5, tzinfo=UTC))


def offer() -> Post:
    parsed = parse_post(OFFER)
    return Post(1, 7, PostKind.OFFER, OFFER, parsed, PostStatus.OPEN, parsed.language, NOW, NOW)


def card(
    lang: Lang,
    of: User = WANG,
    profile: CompanyProfile | None = JIAMEI,
    written: tuple[str, ...] = (),
    *,
    too_good: bool = False,
) -> tuple[str, str]:
    """The card's HTML and its text as Telegram shows it (which fails the test if Telegram
    would refuse the message)."""
    html = str(
        contact_card(of, offer(), lang, written, profile=profile, record=RECORD, too_good=too_good)
    )
    return html, accepted(html).text


def lines_of(text: str, start: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(start)]


def test_an_english_reader_reads_the_chinese_names_with_their_pinyin() -> None:
    html, text = card(Lang.EN)
    assert '<a href="tg://user?id=7">王丽 (Wang Li)</a> (@jiamei_cups)' in html
    assert lines_of(text, "🏢") == [
        "🏢 义乌市佳美日用品有限公司 (Yiwu Shi Jiamei Riyongpin Youxian Gongsi) · "
        "📍 Yiwu (义乌) (their own words)"
    ]
    assert "📞 +86 138 0013 8000" in text
    assert lines_of(text, "🛡") == [as_plain(trust_line(RECORD, Lang.EN))]
    assert "✅ L1 phone verified" in text and "3 confirmed deals" in text


def test_a_region_nobody_knows_gets_its_pinyin_too() -> None:
    _, text = card(Lang.EN, profile=CompanyProfile(7, region="浙江省东阳市"))
    assert lines_of(text, "📍") == [
        "📍 浙江省东阳市 (Zhejiang Sheng Dongyang Shi) (their own words)"
    ]


def test_chinese_readers_see_no_pinyin_and_their_own_script() -> None:
    _, simplified = card(Lang.ZH_HANS)
    assert "Wang Li" not in simplified and "Yiwu" not in simplified
    assert lines_of(simplified, "🏢") == ["🏢 义乌市佳美日用品有限公司 · 📍 义乌 （对方自述）"]
    _, traditional = card(Lang.ZH_HANT)
    assert "Wang Li" not in traditional
    assert "王丽（@jiamei_cups）" in traditional  # a person's name as they write it
    assert lines_of(traditional, "🏢") == [
        "🏢 義烏市佳美日用品有限公司 (义乌市佳美日用品有限公司) · 📍 義烏 (义乌) （對方自述）"
    ]
    taipei = CompanyProfile(7, company_name="台灣佳美有限公司", region="台北")
    lin = User(7, Lang.ZH_HANT, display_name="林佳美")
    _, same = card(Lang.ZH_HANT, of=lin, profile=taipei)  # the reader's script: as written
    assert lines_of(same, "🏢") == ["🏢 台灣佳美有限公司 · 📍 台北 （對方自述）"]
    _, traditional_kept = card(Lang.ZH_HANT, profile=taipei)  # written in traditional
    assert lines_of(traditional_kept, "🏢")[0].startswith("🏢 台灣佳美有限公司 · ")
    _, to_simplified = card(Lang.ZH_HANS, of=lin, profile=taipei)
    assert lines_of(to_simplified, "🏢") == [
        "🏢 台湾佳美有限公司 (台灣佳美有限公司) · 📍 台北 （对方自述）"
    ]


@pytest.mark.parametrize("lang", list(Lang))
def test_without_a_profile_or_a_phone_the_card_says_only_what_it_has(lang: Lang) -> None:
    bare = User(8, Lang.EN, display_name="Sam")
    _, text = card(lang, of=bare, profile=None)
    assert not lines_of(text, "🏢") and not lines_of(text, "📍") and "📞" not in text
    assert lines_of(text, "🛡") == [as_plain(trust_line(RECORD, lang))]  # the trust line stays
    _, empty = card(lang, of=bare, profile=CompanyProfile(8))
    assert empty == text
    _, region_only = card(lang, of=bare, profile=CompanyProfile(8, region="London"))
    (line,) = lines_of(region_only, "📍")  # in the reader's words: 伦敦 (London)
    assert "London" in line and not lines_of(region_only, "🏢")
    _, company_only = card(lang, of=bare, profile=CompanyProfile(8, company_name="Acme Ltd"))
    assert lines_of(company_only, "🏢 Acme Ltd ") and "📍" not in company_only


@pytest.mark.parametrize("lang", list(Lang))
def test_the_post_s_contacts_follow_the_shared_phone(lang: Lang) -> None:
    _, text = card(lang, written=("+86 138 0013 8000", "wechat: jiamei88"))
    assert lines_of(text, "📞") == ["📞 +86 138 0013 8000", "📞 wechat: jiamei88"]


@pytest.mark.parametrize("lang", list(Lang))
def test_html_in_a_name_or_profile_stays_text(lang: Lang) -> None:
    """A chosen name or company cannot add a link, bold text or a mention of its own."""
    name = '<b>Boss</b> & <a href="tg://user?id=1">王</a>'
    company, region = "<a href='https://evil.example'>Acme</a> & <b>Co</b>", "<i>&amp;</i>"
    html, _ = card(
        lang, of=User(9, Lang.EN, display_name=name), profile=CompanyProfile(9, company, region)
    )
    parsed = accepted(html)
    harmless, _ = card(
        lang, of=User(9, Lang.EN, display_name="x"), profile=CompanyProfile(9, "x", "x")
    )
    kinds = sorted(e["type"] for e in parsed.entities)
    assert kinds == sorted(e["type"] for e in accepted(harmless).entities)
    (link,) = [e for e in parsed.entities if e["type"] == "text_mention"]
    assert link["user"]["id"] == 9  # the one link is to the card's person
    assert name in parsed.text and company in parsed.text and region in parsed.text


@pytest.mark.parametrize("lang", list(Lang))
def test_a_made_up_trust_line_stays_on_the_profile_s_line(lang: Lang) -> None:
    """A company name with line breaks and a record of its own making: the card's one
    trust line is the record's, and the claim reads as the member's own words."""
    claim = "Acme\n🛡 ✅ L3 vouched for · 99 confirmed deals\u2028📞 +1 555 0100\u202e"
    _, text = card(lang, profile=CompanyProfile(7, company_name=claim))
    assert lines_of(text, "🛡") == [as_plain(trust_line(RECORD, lang))]
    assert lines_of(text, "📞") == ["📞 +86 138 0013 8000"]
    (line,) = lines_of(text, "🏢")
    assert "99 confirmed deals" in line and "\u202e" not in line
    assert line.endswith(plain(lang, "contact.profile", details="").strip())


@pytest.mark.parametrize("lang", list(Lang))
def test_long_values_are_cut_and_the_card_stays_one_message(lang: Lang) -> None:
    """Everything at once as long as it can be: Telegram's longest name, a company far
    longer than /profile lets through (an older row, another client), four long contacts,
    the warning: each field one short line, the whole card one valid message."""
    name = "欧阳" + "娜" * 62 + " " + "Zz" * 32
    company = "义乌市佳美日用品有限公司" * 400
    region = "浙江省金华市义乌市" * 300
    long_contacts = tuple(f"https://example.com/{i}/" + "a" * 190 for i in range(6))
    longest = User(10, Lang.ZH_HANS, username="u" * 32, display_name=name, phone="+8613800138000")
    profile = CompanyProfile(10, company_name=company, region=region)
    html, text = card(lang, of=longest, profile=profile, written=long_contacts, too_good=True)
    assert len(text) <= MAX_TEXT_LENGTH and len(html) < MAX_TEXT_LENGTH
    (line,) = lines_of(text, "🏢")
    assert line.count("…") >= 2 and len(line) < 2 * (MAX_WRITTEN + MAX_READING) + 60
    assert len(lines_of(text, "📞")) == 4
    (named,) = [ln for ln in text.splitlines() if "@uuuu" in ln]
    assert len(named) < MAX_WRITTEN + MAX_READING + 50


def test_the_too_good_warning_ends_the_card() -> None:
    _, text = card(Lang.EN, too_good=True)
    assert text.endswith(plain(Lang.EN, "alert.too_good"))
    assert t(Lang.EN, "alert.too_good") not in card(Lang.EN)[0]
