"""The company profile as shown by /profile."""

from __future__ import annotations

from bot.domain.models import CompanyProfile, Lang
from bot.texts import Html, plain, t


def profile_card(profile: CompanyProfile, lang: Lang) -> Html:
    none = plain(lang, "profile.none")
    return t(
        lang,
        "profile.show",
        company=profile.company_name or none,
        region=profile.region or none,
        products=profile.main_products or none,
        keywords=", ".join(profile.keywords) or none,
    )


def profile_saved(profile: CompanyProfile, lang: Lang) -> Html:
    return Html(f"{t(lang, 'profile.saved')}\n\n{profile_card(profile, lang)}")
