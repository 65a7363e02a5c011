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
