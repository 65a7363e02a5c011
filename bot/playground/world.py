"""The demo world: four merchants, a trade circle they are all in, and a few open posts in
all three languages, published through the real bot, so the first need a visitor types
finds matches."""

from __future__ import annotations

from dataclasses import dataclass

from bot.fake_telegram import FakeTelegram, GroupHandle, UserHandle
from bot.fake_telegram.models import StoredMessage

SEED_TIMEOUT = 10.0  # seconds the bot may take to answer one step while the world is seeded


@dataclass(frozen=True)
class Person:
    name: str
    language_code: str
    about: str
    phone: str
    posts: tuple[str, ...] = ()


PEOPLE = (
    Person(
        "王丽",
        "zh-hans",
        "保温杯厂 · 义乌 (cup maker, Yiwu)",
        "+86 138 0013 8000",
        (
            "出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货",
            "出售 玻璃水杯 350ml 起订500个 6元/个 义乌",
        ),
    ),
    Person(
        "Anna Becker",
        "en",
        "Buyer in Hamburg",
        "+49 151 2345 6789",
        ("Looking for bamboo cutting boards, 2000 pcs, under $3 each, CIF Hamburg",),
    ),
    Person(
        "陳志明",
        "zh-hant",
        "採購 · 台北 (buyer, Taipei)",
        "+886 912 345 678",
        ("求購 LED燈泡 9W 5000個 單價3元以內 寄到台北",),
    ),
    Person(
        "李强",
        "zh-hans",
        "螺丝厂 · 宁波 (screw factory, Ningbo)",
        "+86 139 5741 2233",
        ("出售 M6不锈钢螺丝 304材质 起订10000个 0.15元/个 宁波港",),
    ),
)
CIRCLE_TITLE = "义乌·汉堡 Trade Circle"


@dataclass
class World:
    """Who is who in the playground: the people's handles and what the page says of them."""

    people: dict[int, UserHandle]
    about: dict[int, str]
    phones: dict[int, str]
    groups: dict[int, GroupHandle]


def create(fake: FakeTelegram) -> World:
    """The demo people and their trade circle (the bot is added to it by the first person)."""
    world = World({}, {}, {}, {})
    for person in PEOPLE:
        handle = fake.user(person.name, language_code=person.language_code)
        world.people[handle.id] = handle
        world.about[handle.id] = person.about
        world.phones[handle.id] = person.phone
    circle = fake.group(CIRCLE_TITLE, list(world.people.values()))
    world.groups[circle.chat.id] = circle
    return world


async def seed_posts(fake: FakeTelegram, world: World) -> int:
    """Each demo person writes their posts to the bot and presses Publish, as a user would."""
    published = 0
    for person, handle in zip(PEOPLE, world.people.values(), strict=True):
        for text in person.posts:
            sent = await handle.send(text)
            card = await _new_card(fake, handle, after=sent.message_id)
            query = await handle.press(card, data=card.buttons[0][0].callback_data)
            await handle.wait_answer(query, SEED_TIMEOUT)
            published += 1
    return published


async def add_bot_to_circle(fake: FakeTelegram, world: World) -> None:
    """The first person adds the bot as an admin, so the circle starts ready to use: the bot
    reads members' posts even with privacy mode on (the World panel can change both)."""
    first = next(iter(world.people.values()))
    for group in world.groups.values():
        await fake.add_bot_to_group(group, first, admin=True)


async def _new_card(fake: FakeTelegram, handle: UserHandle, after: int) -> StoredMessage:
    """The bot's card with buttons that answers the message `after`."""

    def cards() -> list[StoredMessage]:
        return [m for m in handle.messages() if m.message_id > after and m.buttons]

    if not await fake.wait_until(lambda: bool(cards()), SEED_TIMEOUT):
        raise TimeoutError("the bot did not answer while the demo world was being seeded")
    return cards()[0]
