"""Model codes: letter-led runs of letters and digits (ln46a550, gbu421w6, kdl26m4000) that
name one product. Written with hyphens or slashes they are still one code, and trailing
colour or region letters (ec-st65zzbpu, wn511b) do not make another model: a code also
stands for its stem (ecst65, wn511). A code with a hyphenated suffix stands for the code
before it too (gs716t-200 for gs716t, qt426-5 for qt426). A word and its number ("iphone 14", iphone14) name a
model too, more loosely: `named_models`."""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.domain.vocabulary.dictionary import english_vocabulary

# A model code names one product; a size or grade (180gsm, 304, m6) does not.
MODEL_CODE = re.compile(r"^[a-z](?=.*\d)[a-z0-9]{4,}$")
# lc-52se94u, mdr-ex35lp/vb: parts joined when the whole is a model code.
SPLIT_CODE = re.compile(r"(?<![a-z0-9])[a-z][a-z0-9]{0,11}(?:[-/][a-z0-9]{1,12}){1,3}(?![a-z0-9])")

# An English word glued to a number (iphone14, mate60, audition2) is the word and the
# number, as "iPhone 14" is; both spellings also give the word "iphone 14" (named_models).
# Letters that are no word (npfh100, kdl26m4000) stay a model code.
GLUED_NUMBER = re.compile(r"(?<![a-z0-9])([a-z]{3,})(\d{1,4})([a-z]{3,})?(?![a-z0-9.])")
_NAME = re.compile(r"^[a-z]{3,}$")
# Words that a number follows without making a model of them ("size 10", "class 4").
_WORDS_BEFORE_A_NUMBER = (
    "size no number version ver pack set class series grade level type day days year "
    "years month months week weeks hour hours page pages inch item items lot lots box "
    "boxes case cases piece pieces unit units part parts step steps room rooms floor gen "
    "generation edition vol volume phase row the and for with from"
)
_NOT_A_NAME = frozenset(_WORDS_BEFORE_A_NUMBER.split())


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
    base = first.split("-")[0]
    if head == joined and base != joined and is_model_code(base):
        words.append(base)  # gs716t-200, qt426-5: a variant of gs716t, qt426
    return " ".join(words)


def join_code_part(part: str) -> str:
    joined = part.replace("-", "")
    return joined if is_model_code(joined) else part


def unglue(match: re.Match[str]) -> str:
    """For `GLUED_NUMBER.sub`: "iphone14" -> "iphone 14", "iphone14promax" -> "iphone 14
    promax", when the leading letters are a word."""
    word, number, rest = match.groups()
    if word not in english_vocabulary():
        return match.group(0)
    return f"{word} {number} {rest}" if rest else f"{word} {number}"


def named_models(tokens: tuple[str, ...], is_stopword: Callable[[str], bool]) -> list[str]:
    """A name followed by its number is one more word, "iphone 14" (blank kept, so it is
    not taken for a model code such as ln46a550: "iphone 4" is said of cases and mounts as
    well as of phones): the same model meets however it is spaced (iphone14 is split
    before), and its number conflicts with another one's (identity.py)."""
    out = []
    for name, number in zip(tokens, tokens[1:], strict=False):
        if (
            number.isdigit()
            and len(number) <= 4
            and _NAME.match(name)
            and name not in _NOT_A_NAME
            and not is_stopword(name)
        ):
            out.append(f"{name} {number}")
    return out
