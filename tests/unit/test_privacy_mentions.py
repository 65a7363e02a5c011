"""What names a member in stored text and JSON (/forget), without naming everyone else."""

from __future__ import annotations

from bot.domain.models import Lang, User
from bot.domain.privacy import Mentions, identifiers, replace_id

MEMBER = User(
    100_000_001,
    Lang.EN,
    username="sam_b",
    display_name="Sam <B> & Co",
    phone="+44 7700 900461",
)


def test_what_identifies_a_member_exactly() -> None:
    assert identifiers(MEMBER) == (
        "tg://user?id=100000001",
        "@sam_b",
        "+44 7700 900461",
        "447700900461",
        "7700900461",
    )
    # no name, no company, no bare username: any of them may be a word others write
    assert identifiers(User(1, Lang.EN, display_name="保温杯", username="cups")) == (
        "tg://user?id=1",
        "@cups",
    )


def test_whole_words_as_written_and_chinese_anywhere() -> None:
    named = Mentions(MEMBER.id, ("Sam", "Trade", "王伟"))
    assert named.in_text("Did you make a deal with Sam?")
    assert not named.in_text("Samsung phones, on both your trade records")
    assert named.in_text("你和王伟交换了联系方式")
    assert named.in_text("tg://user?id=100000001") and not named.in_text("id 1000000012")


def test_json_names_them_by_id_or_word_and_the_id_can_be_handed_over() -> None:
    named = Mentions(MEMBER.id, ("Sam",))
    assert named.in_json({"message": {"from": {"id": MEMBER.id}}})
    assert named.in_json([{"text": "hi Sam"}]) and not named.in_json({"ok": True, "n": 1})
    ring = {"members": [5, MEMBER.id], "deal": 7}
    assert replace_id(ring, MEMBER.id, -9) == {"members": [5, -9], "deal": 7}
