"""The crowd of everyday goods (`data/crowd.tsv`) a post's nearest by meaning must stand out
from (`dense.support`): a small market's 20th nearest is far from anything. Each part's
crowd is written as that part's posts would be, encoded once a process and asked, as
`dense.unit_rows`, with `dense.cosines` in every meaning pass."""

from __future__ import annotations

from functools import cache
from pathlib import Path

CROWD_PATH = Path(__file__).parent / "data" / "crowd.tsv"
CROWD_FORMS = {  # each good as a post of that part would say it
    "offer/han": "出售 {} 起订500个",
    "need/han": "求购 {} 1000个",
    "offer/latin": "Selling {}, MOQ 500 pcs",
    "need/latin": "Looking for {}, 1000 pcs",
}


@cache
def crowd_texts(part_name: str) -> tuple[str, ...]:
    """The crowd of everyday goods (`data/crowd.tsv`) as posts of a part would be written."""
    rows = [
        line.split("\t")
        for line in CROWD_PATH.read_text("utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    form = CROWD_FORMS[part_name]
    return tuple(form.format(zh if part_name.endswith("/han") else en) for zh, en in rows)
