"""PTB persistence kept in our database (not a pickle file): user_data (the last /search's
words) survives a restart, and in webhook mode, where any worker may take a person's next
update, it is read again before each of their updates and written within 0.2 s of a change.

Values must be JSON: flows keep plain dicts, strings and numbers in user_data.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from copy import deepcopy
from typing import Any

from telegram.ext import BasePersistence, PersistenceInput
from telegram.ext._utils.types import CDCData, ConversationDict, ConversationKey

from bot.services.ports import UnitOfWork

USER_DATA = "user_data"
FLUSH_INTERVAL = 2.0  # seconds; PTB writes changed data in the background this often
SHARED_FLUSH_INTERVAL = 0.2  # the same when another worker may take the person's next update


class DatabasePersistence(BasePersistence[dict[Any, Any], dict[Any, Any], dict[Any, Any]]):
    def __init__(self, uow_factory: Callable[[], UnitOfWork], *, shared: bool = False) -> None:
        """`shared`: other processes may handle this person's next update (webhook mode),
        so a person's user_data is read again before each of their updates and written
        soon after a change."""
        super().__init__(
            store_data=PersistenceInput(
                bot_data=False, chat_data=False, user_data=True, callback_data=False
            ),
            update_interval=SHARED_FLUSH_INTERVAL if shared else FLUSH_INTERVAL,
        )
        self._uow_factory = uow_factory
        self._shared = shared
        # What the database holds, as JSON: PTB hands back every user an update touched,
        # changed or not, and a transaction per user per update for nothing is costly.
        self._stored: dict[tuple[str, str], str] = {}

    async def _load(self, namespace: str) -> dict[str, Any]:
        async with self._uow_factory() as uow:
            loaded = await uow.persistence.load(namespace)
        self._stored.update(((namespace, k), _json(v)) for k, v in loaded.items())
        return loaded

    async def _save(self, namespace: str, key: str, value: Any | None) -> None:
        stored = _json(value)
        if self._stored.get((namespace, key), _json(None)) == stored:
            return
        async with self._uow_factory() as uow:
            await uow.persistence.save(namespace, key, value)
            await uow.commit()
        self._stored[(namespace, key)] = stored

    async def get_user_data(self) -> dict[int, dict[Any, Any]]:
        return {int(k): dict(v) for k, v in (await self._load(USER_DATA)).items()}

    async def update_user_data(self, user_id: int, data: dict[Any, Any]) -> None:
        await self._save(USER_DATA, str(user_id), deepcopy(data) if data else None)

    async def drop_user_data(self, user_id: int) -> None:
        await self._save(USER_DATA, str(user_id), None)

    async def refresh_user_data(self, user_id: int, user_data: dict[Any, Any]) -> None:
        """As another worker may have left it (webhook mode); polling has one worker."""
        if not self._shared:
            return
        async with self._uow_factory() as uow:
            stored = await uow.persistence.load_one(USER_DATA, str(user_id))
        self._stored[(USER_DATA, str(user_id))] = _json(stored)
        user_data.clear()
        user_data.update(stored or {})

    async def get_conversations(self, name: str) -> ConversationDict:
        stored = await self._load(f"conversation:{name}")
        return {tuple(json.loads(key)): state for key, state in stored.items()}

    async def update_conversation(
        self, name: str, key: ConversationKey, new_state: object | None
    ) -> None:
        await self._save(f"conversation:{name}", json.dumps(list(key)), new_state)

    # chat_data, bot_data and callback_data are not stored (see store_data above).
    async def get_chat_data(self) -> dict[int, dict[Any, Any]]:
        return {}

    async def update_chat_data(self, chat_id: int, data: dict[Any, Any]) -> None:
        return None

    async def drop_chat_data(self, chat_id: int) -> None:
        return None

    async def refresh_chat_data(self, chat_id: int, chat_data: dict[Any, Any]) -> None:
        return None

    async def get_bot_data(self) -> dict[Any, Any]:
        return {}

    async def update_bot_data(self, data: dict[Any, Any]) -> None:
        return None

    async def refresh_bot_data(self, bot_data: dict[Any, Any]) -> None:
        return None

    async def get_callback_data(self) -> CDCData | None:
        return None

    async def update_callback_data(self, data: CDCData) -> None:
        return None

    async def flush(self) -> None:
        """Every write is committed as it happens."""


def _json(value: Any | None) -> str:
    return json.dumps(value, sort_keys=True, default=str) if value else "null"
