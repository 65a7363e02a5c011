"""The painter: pictures drawn in one worker process of their own (matplotlib holds the
interpreter while it draws; on the event loop, replies would wait). One process, so
pictures take at most one core, started at the first picture and kept; it runs at a lower
priority than the bot. A painter that died is started again at the next picture."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot.pictures import drawing
from bot.pictures.drawing import Drawn, Picture

log = logging.getLogger(__name__)

NICENESS = 10  # the painter yields the cores to the bot's replies


class Painter:
    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._told = False  # the log line of a missing font, once

    async def draw(self, picture: Picture) -> bytes:
        """The picture as PNG bytes, drawn in the painter's process."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_settle,
            )
        try:
            drawn: Drawn = await asyncio.get_running_loop().run_in_executor(
                self._pool, drawing.draw, picture
            )
        except BrokenProcessPool:
            self._pool = None
            raise
        if drawn.latin and not self._told:
            self._told = True
            log.warning(
                "no font with the glyphs of %s here: pictures are labelled in digits and "
                "Latin script (install Debian's fonts-noto-cjk; docs/DEPLOY.md)",
                picture.lang,
            )
        return drawn.png

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _settle() -> None:
    """In the painter's process: a lower priority, and matplotlib and its fonts loaded
    before the first picture is asked for."""
    os.nice(NICENESS)
    drawing.fonts_for("en")
