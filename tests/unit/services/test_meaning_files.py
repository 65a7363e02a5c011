"""The dense index saved to files and loaded at start-up (bot/services/matching/
meaning_files.py): a restart loads it and encodes nothing; what changed since the save
(closed, edited, new posts) is not trusted; another encoder's files, or damaged ones, are
not used; an unchanged index is not written again."""

from __future__ import annotations

from pathlib import Path

from bot.services.after_effects import Table
from bot.services.matching import index_loading, meaning, meaning_files
from bot.services.matching.indexing import MatchingIndex
from bot.services.ports import UowFactory
from bot.services.posting import publishing
from tests.fakes import FixedClock, InMemoryStore
from tests.unit.services.test_meaning import CUPS, MARKET, SCREWS, Counting, _found, _index
from tests.unit.services.world import add_user, opened

SELLER, OTHER, BUYER = 1, 2, 3


def _damage(folder: Path) -> None:
    for part in folder.glob("*.usearch"):
        part.write_bytes(b"not an index")


async def _restarted(
    uow_factory: UowFactory, clock: FixedClock, folder: Path
) -> tuple[MatchingIndex, Counting, int]:
    encoder = Counting()
    again = _index(encoder)
    await index_loading.rebuild(uow_factory, clock, again)
    return again, encoder, await meaning_files.load(uow_factory, clock, again, folder)


async def test_a_restart_loads_the_saved_index_and_encodes_nothing(
    uow_factory: UowFactory, clock: FixedClock, tmp_path: Path
) -> None:
    first = _index(Counting())
    await add_user(uow_factory, BUYER)
    cups, _ = await opened(uow_factory, clock, first, SELLER, CUPS)
    for n, text in enumerate(MARKET):
        await opened(uow_factory, clock, first, 100 + n, text)
    await meaning.encode_new(uow_factory, clock, first, limit=100)
    assert await meaning_files.save_if_changed(uow_factory, clock, first, tmp_path) == 23
    again, encoder, kept = await _restarted(uow_factory, clock, tmp_path)
    assert kept == len(MARKET) + 1 and not again.unencoded
    assert await _found(uow_factory, clock, again, "insulated water bottles") == [cups.id]
    assert encoder.texts == 1  # the searched words alone
    assert await meaning.encode_new(uow_factory, clock, again) == (0, 0)


async def test_what_changed_since_the_save_is_not_trusted(
    uow_factory: UowFactory, clock: FixedClock, tmp_path: Path
) -> None:
    first = _index(Counting())
    await add_user(uow_factory, BUYER)
    cups, _ = await opened(uow_factory, clock, first, SELLER, CUPS)
    screws, _ = await opened(uow_factory, clock, first, OTHER, SCREWS)
    await meaning.encode_new(uow_factory, clock, first)
    await meaning_files.save_if_changed(uow_factory, clock, first, tmp_path)
    after = Table(first)
    assert cups.id is not None and screws.id is not None
    await publishing.close(uow_factory, clock, after, screws.id, OTHER, deal=False)
    await publishing.edit_field(uow_factory, clock, after, cups.id, SELLER, "product", "竹砧板")
    boards, _ = await opened(uow_factory, clock, first, 100, "出售 竹砧板 起订500块")
    again, encoder, kept = await _restarted(uow_factory, clock, tmp_path)
    assert kept == 0 and again.unencoded == {cups.id, boards.id}
    assert screws.id not in again.dense
    assert await meaning.encode_new(uow_factory, clock, again) == (2, 0)
    assert cups.id in await _found(uow_factory, clock, again, "bamboo cutting board")
    assert await _found(uow_factory, clock, again, "insulated water bottles") == []


async def test_another_encoder_s_or_damaged_files_are_not_used(
    uow_factory: UowFactory, clock: FixedClock, tmp_path: Path
) -> None:
    first = _index(Counting())
    cups, _ = await opened(uow_factory, clock, first, SELLER, CUPS)
    await meaning.encode_new(uow_factory, clock, first)
    await meaning_files.save_if_changed(uow_factory, clock, first, tmp_path)
    meta = tmp_path / meaning_files.META
    saved = meta.read_text("utf-8")
    meta.write_text(saved.replace(first.encoder.name, "a-larger-model"), "utf-8")
    again, _encoder, kept = await _restarted(uow_factory, clock, tmp_path)
    assert kept == 0 and again.unencoded == {cups.id} and not len(again.dense)
    meta.write_text(saved, "utf-8")
    _damage(tmp_path)
    again, _encoder, kept = await _restarted(uow_factory, clock, tmp_path)
    assert kept == 0 and again.unencoded == {cups.id} and not len(again.dense)
    meta.unlink()  # a save cut short
    again, _encoder, kept = await _restarted(uow_factory, clock, tmp_path)
    assert kept == 0 and again.unencoded == {cups.id}


async def test_an_unchanged_index_is_not_written_again(
    uow_factory: UowFactory, clock: FixedClock, tmp_path: Path
) -> None:
    index = _index(Counting())
    await opened(uow_factory, clock, index, SELLER, CUPS)
    await meaning.encode_new(uow_factory, clock, index)
    assert await meaning_files.save_if_changed(uow_factory, clock, index, tmp_path) == 1
    assert await meaning_files.save_if_changed(uow_factory, clock, index, tmp_path) == 0
    await opened(uow_factory, clock, index, OTHER, SCREWS)
    await meaning.encode_new(uow_factory, clock, index)
    assert await meaning_files.save_if_changed(uow_factory, clock, index, tmp_path) == 2


async def test_another_database_s_saved_index_is_not_used(
    uow_factory: UowFactory, clock: FixedClock, tmp_path: Path
) -> None:
    """The database was reset (or another restored) beside the saved files: its posts
    have the same ids, but the change log is another's, so nothing saved is trusted."""
    first = _index(Counting())
    await opened(uow_factory, clock, first, SELLER, CUPS)
    await meaning.encode_new(uow_factory, clock, first)
    await meaning_files.save_if_changed(uow_factory, clock, first, tmp_path)
    other = InMemoryStore(clock).uow_factory
    await opened(other, clock, _index(Counting()), OTHER, SCREWS)
    again, _encoder, kept = await _restarted(other, clock, tmp_path)
    assert kept == 0 and len(again.unencoded) == 1 and not len(again.dense)
