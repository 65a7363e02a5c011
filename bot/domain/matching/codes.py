"""Model codes: letter-led runs of letters and digits (ln46a550, gbu421w6, kdl26m4000) that
name one product. Written with hyphens or slashes they are still one code, and trailing
colour or region letters (ec-st65zzbpu, wn511b) do not make another model: a code also
stands for its stem (ecst65, wn511)."""

from __future__ import annotations

import re

# A model code names one product; a size or grade (180gsm, 304, m6) does not.
MODEL_CODE = re.compile(r"^[a-z](?=.*\d)[a-z0-9]{4,}$")
# lc-52se94u, mdr-ex35lp/vb: parts joined when the whole is a model code.
SPLIT_CODE = re.compile(r"(?<![a-z0-9])[a-z][a-z0-9]{0,11}(?:[-/][a-z0-9]{1,12}){1,3}(?![a-z0-9])")


def is_model_code(term: str) -> bool:
    return MODEL_CODE.match(term) is not None


def code_stem(code: str) -> str | None:
    """The code without trailing letters, when that differs and is still a model code."""
    stem = code.rstrip("abcdefghijklmnopqrstuvwxyz")
    return stem if stem != code and is_model_code(stem) else None


def join_code(match: re.Match[str]) -> str:
    """For `SPLIT_CODE.sub`: hyphenated parts joined when they make a model code; a short
    suffix after a slash joins such a code (mdr-ex35lp/vb); anything else after a slash is
    an alternative (sk-ii/sk2/skii) and stays a word of its own."""
    first, *rest = match.group(0).split("/")
    joined = first.replace("-", "")
    head = joined if is_model_code(joined) else first
    words = [head]
    for part in rest:
        if is_model_code(head) and len(part) <= 3 and "-" not in part:
            words[-1] += part
        else:
            words.append(join_code_part(part))
    return " ".join(words)


def join_code_part(part: str) -> str:
    joined = part.replace("-", "")
    return joined if is_model_code(joined) else part
