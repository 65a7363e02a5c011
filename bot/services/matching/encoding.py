"""Texts encoded into int8 sentence vectors on the index's encoder thread
(`MatchingIndex.encoding`), so the event loop never waits for the encoder."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import numpy as np

from bot.domain.matching.dense import quantize
from bot.services.matching.indexing import MatchingIndex


async def encode(index: MatchingIndex, texts: Sequence[str]) -> np.ndarray:
    """int8 vectors of `texts`, made on the encoder's thread."""
    loop = asyncio.get_running_loop()
    vectors = await loop.run_in_executor(index.encoding, index.encoder.encode, list(texts))
    return quantize(vectors)


async def encode_query(index: MatchingIndex, words: str) -> np.ndarray:
    return (await encode(index, [words]))[0]
