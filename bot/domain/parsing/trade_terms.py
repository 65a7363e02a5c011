"""Trade terms (FOB, CIF, EXW ...): which one a message names, and whether it hands the
goods over where they ship from (FOB) or where they go (CIF)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.domain.parsing._work import Work

_TERMS = {
    "fob": "FOB",
    "cif": "CIF",
    "cfr": "CFR",
    "c&f": "CFR",
    "cnf": "CFR",
    "exw": "EXW",
    "ex-works": "EXW",
    "ex works": "EXW",
    "fca": "FCA",
    "fas": "FAS",
    "cpt": "CPT",
    "cip": "CIP",
    "dap": "DAP",
    "dpu": "DPU",
    "ddp": "DDP",
    "ddu": "DDU",
}
_ORIGIN_TERMS = {"FOB", "EXW", "FCA", "FAS"}
_TERM_RE = re.compile(
    r"(?<![a-z])(fob|cif|cfr|c&f|cnf|exw|ex-works|ex works|fca|fas|cpt|cip|dap|dpu|ddp|ddu)"
    r"(?![a-z])"
)


@dataclass(frozen=True, slots=True)
class TradeTerm:
    name: str  # FOB, CIF, ...
    start: int  # where it is written in the work text
    end: int

    @property
    def at_origin(self) -> bool:
        """FOB, EXW ...: the place it names is where the goods are handed over to ship."""
        return self.name in _ORIGIN_TERMS


def extract_trade_term(work: Work) -> TradeTerm | None:
    """The first trade term, consumed."""
    for m in work.finditer(_TERM_RE):
        work.consume(m.start(), m.end())
        return TradeTerm(_TERMS[m.group(1)], m.start(), m.end())
    return None
