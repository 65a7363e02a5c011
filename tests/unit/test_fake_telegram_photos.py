"""Photos on the fake as Telegram has them: sendPhoto by file_id or upload, captions within
1,024 characters, no text to edit, and a person's photo arriving with its caption."""

from __future__ import annotations

import io

import pytest

from bot.fake_telegram import FakeTelegram, FloodLimits
from bot.fake_telegram.driver import PHOTO
from bot.fake_telegram.spec import UploadedFile
from tests.unit.test_fake_telegram_api import TOKEN, call, fails, ok, started


@pytest.fixture
def fake() -> FakeTelegram:
    return FakeTelegram(TOKEN, limits=FloodLimits.off())


async def test_a_person_s_photo_arrives_with_its_sizes_and_caption(fake: FakeTelegram) -> None:
    alice = fake.user("Alice")
    await alice.send("/start")
    sent = await alice.send_photo("#offer cups 500ml https://example.com")
    update = fake.state.updates[-1]["message"]
    assert "text" not in update and update["caption"] == "#offer cups 500ml https://example.com"
    small, large = update["photo"]
    assert small["width"] < large["width"] and large["file_id"] == sent.photo
    assert [e["type"] for e in update["caption_entities"]] == ["url"]
    assert fake.state.photos.get(sent.photo) is not None


async def test_send_photo_by_file_id_with_an_html_caption(fake: FakeTelegram) -> None:
    alice = fake.user("Alice")
    await alice.send("/start")
    theirs = await alice.send_photo()
    keyboard = {"inline_keyboard": [[{"text": "Contact", "callback_data": "v1:x"}]]}
    result = await ok(
        fake,
        "sendPhoto",
        chat_id=alice.id,
        photo=theirs.photo,
        caption="<b>Cups</b> &amp; lids",
        parse_mode="HTML",
        reply_markup=keyboard,
    )
    assert result["caption"] == "Cups & lids" and result["caption_entities"][0]["type"] == "bold"
    assert result["photo"][-1]["file_id"] == theirs.photo and "text" not in result
    shown = alice.messages()[-1]
    assert shown.words == "Cups & lids" and shown.button_texts() == ["Contact"]


async def test_what_telegram_refuses(fake: FakeTelegram) -> None:
    chat = await started(fake)
    assert "wrong file identifier" in await fails(
        fake, "sendPhoto", 400, chat_id=chat, photo="nope"
    )
    url = "https://example.com/cup.jpg"  # the fake, like a server without internet
    assert "wrong file identifier" in await fails(fake, "sendPhoto", 400, chat_id=chat, photo=url)
    upload = UploadedFile("cup.png", "image/png", PHOTO)
    entry = await fake.api.handle(
        TOKEN, "sendPhoto", {"chat_id": str(chat), "photo": upload}, False
    )
    assert entry.status == 200, entry.response
    photo = entry.response["result"]["photo"][-1]["file_id"]
    long = "杯" * 1025
    too_long = await fails(fake, "sendPhoto", 400, chat_id=chat, photo=photo, caption=long)
    assert too_long == "Bad Request: message caption is too long"
    assert await ok(fake, "sendPhoto", chat_id=chat, photo=photo, caption="杯" * 1024)
    broken = "<b>cups"
    bad = await fails(
        fake, "sendPhoto", 400, chat_id=chat, photo=photo, caption=broken, parse_mode="HTML"
    )
    assert "can't parse entities" in bad
    message_id = fake.state.messages[chat][-1].message_id
    edit = await call(fake, "editMessageText", chat_id=chat, message_id=message_id, text="x")
    assert edit.status == 400 and "no text in the message" in edit.response["description"]
    markup = {"inline_keyboard": [[{"text": "OK", "callback_data": "ok"}]]}
    assert await ok(
        fake, "editMessageReplyMarkup", chat_id=chat, message_id=message_id, reply_markup=markup
    )


async def test_a_captionless_photo_in_a_group_with_privacy_mode_is_not_seen(
    fake: FakeTelegram,
) -> None:
    alice = fake.user("Alice")
    group = fake.group("Cups", [alice])
    await fake.add_bot_to_group(group, by=alice)
    fake.state.updates.clear()
    await alice.send_photo_in(group, "#offer cups")  # privacy mode: neither is seen
    await alice.send_photo_in(group)
    assert fake.state.updates == []
    await alice.send_photo_in(group, "cups @tradecircle_test_bot")  # a mention is
    assert fake.state.updates[-1]["message"]["caption"].startswith("cups")


@pytest.mark.parametrize(
    ("size", "refusal"),
    [((9000, 1001), "PHOTO_INVALID_DIMENSIONS"), ((2100, 100), "PHOTO_INVALID_DIMENSIONS")],
)
async def test_an_upload_telegram_would_not_take_as_a_photo(
    fake: FakeTelegram, size: tuple[int, int], refusal: str
) -> None:
    """Sides over 10,000 pixels together, or one 20 times the other, are refused; so are
    bytes that are no image. An upload that fits keeps its own sides."""
    from PIL import Image

    chat = await started(fake)

    def upload(data: bytes) -> dict[str, object]:
        return {"chat_id": str(chat), "photo": UploadedFile("p.png", "image/png", data)}

    def png(side: tuple[int, int]) -> bytes:
        out = io.BytesIO()
        Image.new("1", side).save(out, format="PNG")
        return out.getvalue()

    refused = await fake.api.handle(TOKEN, "sendPhoto", upload(png(size)), False)
    assert refused.status == 400 and refusal in refused.response["description"]
    garbage = await fake.api.handle(TOKEN, "sendPhoto", upload(b"not an image"), False)
    assert garbage.status == 400 and "IMAGE_PROCESS_FAILED" in garbage.response["description"]
    taken = await fake.api.handle(TOKEN, "sendPhoto", upload(png((960, 504))), False)
    assert taken.status == 200
    assert taken.response["result"]["photo"][-1]["width"] == 960
