"""Company profiles: name, region, main products and up to 8 keywords (which feed matching)."""

from __future__ import annotations

import re

from bot.domain.matching.rows import product_term
from bot.domain.matching.terms import query_terms
from bot.domain.models import CompanyProfile
from bot.services.errors import UserFacingError
from bot.services.ports import UnitOfWork, UowFactory

MAX_KEYWORDS = 8
MAX_FIELD = 80
_SPLIT = re.compile(r"[,，、;；\n]+")


def parse_keywords(text: str) -> tuple[str, ...]:
    words = tuple(dict.fromkeys(w.strip()[:30] for w in _SPLIT.split(text) if w.strip()))
    if len(words) > MAX_KEYWORDS:
        raise UserFacingError("profile.too_many_keywords", count=len(words))
    return words


async def get(uow_factory: UowFactory, user_id: int) -> CompanyProfile:
    async with uow_factory() as uow:
        return await uow.profiles.get(user_id) or CompanyProfile(user_id=user_id)


async def save(uow_factory: UowFactory, user_id: int, answers: dict[str, str]) -> CompanyProfile:
    """Keep what was answered; a skipped question keeps the old value."""
    async with uow_factory() as uow:
        profile = await write(uow, user_id, answers)
        await uow.commit()
        return profile


async def write(uow: UnitOfWork, user_id: int, answers: dict[str, str]) -> CompanyProfile:
    """`save` in the caller's transaction."""
    profile = await uow.profiles.get(user_id) or CompanyProfile(user_id=user_id)
    if answers.get("company"):
        profile.company_name = answers["company"].strip()[:MAX_FIELD]
    if answers.get("region"):
        profile.region = answers["region"].strip()[:MAX_FIELD]
    if answers.get("products"):
        profile.main_products = answers["products"].strip()[: MAX_FIELD * 2]
    if answers.get("keywords"):
        profile.keywords = parse_keywords(answers["keywords"])
    await uow.profiles.save(profile)
    await uow.leads.set_profile_products(user_id, products_named(profile))
    return profile


def products_named(profile: CompanyProfile) -> list[str]:
    """The products a profile's keywords and main products name, as comparable posts key
    a product (`rows.product_term`): what brings its owner needs' leads."""
    words = (*profile.keywords, *_SPLIT.split(profile.main_products))
    keys = (product_term(query_terms(word.strip())) for word in words if word.strip())
    return list(dict.fromkeys(key for key in keys if key is not None))
