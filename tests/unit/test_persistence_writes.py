"""PTB persistence writes only what changed: PTB hands back every user an update touched."""

from __future__ import annotations

from handlers.transport.persistence import DatabasePersistence
from tests.fakes.unit_of_work import InMemoryStore


async def test_unchanged_user_data_is_not_written_again() -> None:
    store = InMemoryStore()
    persistence = DatabasePersistence(store.uow_factory)
    assert await persistence.get_user_data() == {}

    await persistence.update_user_data(7, {})  # nothing to store, nothing stored before
    assert store.commits == 0
    await persistence.update_user_data(7, {"question": {"field": "price"}})
    await persistence.update_user_data(7, {"question": {"field": "price"}})
    assert store.commits == 1
    await persistence.update_user_data(7, {})
    assert store.commits == 2

    # a new process loads what is stored and still writes only changes
    again = DatabasePersistence(store.uow_factory)
    await again.update_user_data(8, {"a": 1})
    assert (await again.get_user_data()) == {8: {"a": 1}}
    await again.update_user_data(8, {"a": 1})
    assert store.commits == 3
    await again.drop_user_data(8)
    assert (await DatabasePersistence(store.uow_factory).get_user_data()) == {}


async def test_in_webhook_mode_a_person_s_user_data_is_read_again_before_their_update() -> None:
    """Another worker took their last update and changed it (its /search words)."""
    store = InMemoryStore()
    here = DatabasePersistence(store.uow_factory, shared=True)
    there = DatabasePersistence(store.uow_factory, shared=True)
    mine = (await here.get_user_data()).get(7, {})
    await there.update_user_data(7, {"search": "vacuum flasks"})
    await here.refresh_user_data(7, mine)
    assert mine == {"search": "vacuum flasks"}
    commits = store.commits
    await here.update_user_data(7, mine)  # what it read is not written back
    assert store.commits == commits
    alone = DatabasePersistence(store.uow_factory)  # polling: one worker, nothing to read
    theirs: dict[object, object] = {"search": "old"}
    await alone.refresh_user_data(7, theirs)
    assert theirs == {"search": "old"}


def test_webhook_mode_writes_changes_within_a_fraction_of_a_second() -> None:
    store = InMemoryStore()
    assert DatabasePersistence(store.uow_factory, shared=True).update_interval <= 0.2
    assert DatabasePersistence(store.uow_factory).update_interval == 2.0
