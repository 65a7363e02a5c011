"""The dense index saved to files and loaded at start-up (issue 34), so that a process
does not rebuild its graph from the stored vectors: about 3,000 posts a second, six
minutes at a million (docs/meaning.md).

The files are a cache; the database stays the record. `save` writes each part of the
dense index (`DenseIndex.save`) and then `saved.json`: the encoder, the dimensions and the
index's revision (`index_sync`: every change to a post is logged under the next one, and the
dense index holds no vector older than the changes up to it) with the process that made that
change, which tells this database from a reset or restored one (the file is removed first,
so a save cut short leaves no index to trust). `load` takes the saved parts only when this encoder
made them, then lets go of what they may hold wrongly: posts no longer open, and posts
changed since the save's revision (an edit, a close; no clock is compared). Those wait in
`MatchingIndex.unencoded`, and the usual round loads or makes their vectors
(`meaning.load_vectors`, `encode_new`). When the change log no longer reaches back to the
save (housekeeping purged it), nothing saved is trusted.
"""

from __future__ import annotations

import asyncio
import json
import logging
from datetime import datetime, timedelta
from pathlib import Path

from bot.services.matching import index_sync
from bot.services.matching.indexing import MatchingIndex
from bot.services.ports import Clock, UowFactory

log = logging.getLogger(__name__)

META = "saved.json"
BATCH = 1000  # logged changes read at a time
SAVE_EVERY = timedelta(minutes=10)  # the background process saves this often, if changed


def save(index: MatchingIndex, folder: Path, now: datetime, origin: str | None = None) -> int:
    """Write the dense index to `folder`; returns how many posts it holds. `origin`: the
    process that made the change of the index's revision, which tells this database's
    change log from another's. Runs on the event loop's thread, which alone changes the
    index (at a million posts, about half a second)."""
    meta = folder / META
    meta.unlink(missing_ok=True)
    changes, revision = index.dense.changes, index.revision
    counts = index.dense.save(folder)
    text = json.dumps(
        {
            "model": index.encoder.name,
            "dim": index.encoder.dim,
            "revision": revision,
            "origin": origin,
            "saved_at": now.isoformat(),  # for people reading it
            "parts": counts,
        }
    )
    meta.with_suffix(".tmp").write_text(text, "utf-8")
    meta.with_suffix(".tmp").replace(meta)
    index.saved_changes = changes
    return sum(counts.values())


async def save_if_changed(
    uow_factory: UowFactory, clock: Clock, index: MatchingIndex, folder: Path
) -> int:
    """Bring the index up to the change log (so its revision covers this process's own
    changes too), then `save` it when the dense index changed since the last save; returns
    how many posts it wrote (0 when it did not)."""
    await index_sync.catch_up_now(uow_factory, clock, index)
    if index.dense.changes == index.saved_changes:
        return 0
    origin = await _origin_of(uow_factory, clock, index.revision)
    return save(index, folder, clock.now(), origin)


async def load(uow_factory: UowFactory, clock: Clock, index: MatchingIndex, folder: Path) -> int:
    """Put the saved dense index of `folder` in `index` (after the engine is rebuilt, before
    vectors are loaded), less what it may hold wrongly; returns how many posts it kept."""
    meta = _meta(folder, index)
    if meta is None:
        return 0
    try:
        await asyncio.to_thread(index.dense.load, folder, list(meta["parts"]))
    except (OSError, ValueError, RuntimeError) as error:
        log.warning("saved dense index not used (%s): rebuilt from the stored vectors", error)
        index.dense.clear()
        return 0
    changed = await _changed_since(uow_factory, clock, int(meta["revision"]), meta.get("origin"))
    if changed is None:
        log.warning("saved dense index not of this database's change log: not used")
        index.dense.clear()
        return 0
    held = index.dense.keys()
    wrong = [key for key in held if key in changed or key not in index.unencoded]
    index.dense.remove(wrong)
    kept = set(held).difference(wrong)
    index.unencoded.difference_update(kept)
    index.saved_changes = index.dense.changes
    return len(kept)


async def _changed_since(
    uow_factory: UowFactory, clock: Clock, revision: int, origin: str | None
) -> set[int] | None:
    """The posts changed after `revision`, read from the change of `revision` itself on;
    None when the log is not the one the save named (that change made by another process:
    a reset or restored database) or no longer reaches back to it (purged)."""
    changed: set[int] = set()
    after, first = max(revision - 1, 0), True
    async with uow_factory() as uow:
        while True:
            changes = await uow.index_changes.since(after, clock.now(), BATCH)
            if first:
                if changes and changes[0].revision != max(revision, 1):
                    return None  # purged past the save
                if revision and (not changes or changes[0].origin != origin):
                    return None  # another database's log
                first = False
            changed.update(c.post_id for c in changes if c.post_id and c.revision > revision)
            if len(changes) < BATCH:
                return changed
            after = changes[-1].revision


async def _origin_of(uow_factory: UowFactory, clock: Clock, revision: int) -> str | None:
    """The process that made the change of `revision`; None when there is none."""
    if revision <= 0:
        return None
    async with uow_factory() as uow:
        changes = await uow.index_changes.since(revision - 1, clock.now(), 1)
    return changes[0].origin if changes and changes[0].revision == revision else None


def _meta(folder: Path, index: MatchingIndex) -> dict | None:  # type: ignore[type-arg]
    try:
        meta = json.loads((folder / META).read_text("utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(meta, dict) or not isinstance(meta.get("revision"), int):
        return None
    if meta.get("model") != index.encoder.name or meta.get("dim") != index.encoder.dim:
        log.info("saved dense index made by another encoder: rebuilt from the stored vectors")
        return None
    return dict(meta)
