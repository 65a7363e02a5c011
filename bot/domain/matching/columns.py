"""The structured columns of a side index (index.py): each column's dtype and the value
that means "not stated", and the columns a caller supplies per document (`ROW`)."""

from __future__ import annotations

import numpy as np

from .interner import NONE_ID

# name -> (dtype, the value that means "not stated"); slots past `n` are never read
COLUMNS: dict[str, tuple[type, float | int | bool]] = {
    "post_id": (np.int64, 0),
    "owner": (np.int64, 0),
    "start": (np.int64, 0),  # offset of the doc's terms in the forward buffer
    "dl": (np.int32, 0),  # number of terms
    "price_low": (np.float64, np.nan),  # CNY per base unit
    "price_high": (np.float64, np.nan),
    "price_unit": (np.int32, NONE_ID),
    "qty": (np.float64, np.nan),
    "qty_unit": (np.int32, NONE_ID),
    "moq": (np.float64, np.nan),
    "moq_unit": (np.int32, NONE_ID),
    "loc": (np.int32, NONE_ID),  # offer: ship-from place; need: destination or place
    "region": (np.int32, NONE_ID),
    "trade": (np.int32, NONE_ID),
    "item_type": (np.int32, NONE_ID),  # accessories.py
    "features": (np.int32, NONE_ID),  # the post's feature codes, space-joined (features.py)
    "created": (np.float64, 0.0),
    "expires": (np.float64, np.inf),
    "trust": (np.float32, 0.5),
    "negotiable": (np.bool_, False),
    "alive": (np.bool_, False),
}
# Columns a caller supplies per document, in this order (the rest the index fills in).
ROW = tuple(name for name in COLUMNS if name not in ("start", "dl", "alive"))
