"""Guided posting (/offer, /need): answers to one question at a time become a ParsedPost."""

from __future__ import annotations

import dataclasses

from bot.domain.language import detect_language
from bot.domain.models import Intent, ParsedPost, PostKind
from bot.domain.parsing import parse_post
from bot.services.posting.post_edits import apply_edit
from bot.services.posting.posts import reject_problems

QUESTIONS = ("product", "quantity", "price", "place")
APPLIED = ("product", "quantity", "place", "price")  # the place first: 元 in 台中 is NT$


def check_answer(kind: PostKind, answers: dict[str, str], question: str, value: str) -> None:
    """Raise a UserFacingError when `value` cannot answer `question`; nothing is kept then."""
    compose(kind, {**answers, question: value})


def compose(kind: PostKind, answers: dict[str, str], home_region: str = "") -> ParsedPost:
    """Apply the answers in order; skipped questions are simply absent. `home_region`: the
    writer's, for a bare 元 when no place is answered (`posts.writer_region`)."""
    text = " ".join(answers.values())
    parsed = ParsedPost(intent=Intent(kind.value), language=detect_language(text))
    for question in APPLIED:
        value = answers.get(question)
        if not value:
            continue
        if question == "quantity":
            parsed = _quantity(parsed, value)
        else:
            parsed = apply_edit(parsed, question, value, home_region)
    return parsed


def _quantity(parsed: ParsedPost, value: str) -> ParsedPost:
    """ "5000个" is a quantity, "起订1000" / "MOQ 1000" a minimum order."""
    fragment = parse_post(value)
    if fragment.moq is None and fragment.quantity is None:
        return apply_edit(parsed, "quantity", value)
    changed = dataclasses.replace(
        parsed, quantity=fragment.quantity or parsed.quantity, moq=fragment.moq or parsed.moq
    )
    reject_problems(changed)  # as for a whole message: an absurd amount is refused
    return changed


def raw_text(answers: dict[str, str]) -> str:
    return " · ".join(v for q in QUESTIONS if (v := answers.get(q)))
