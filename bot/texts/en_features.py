"""English texts of a post's features: customisation, certifications and samples on its
card ("Custom logo · OEM · CE · Samples"), and in the reasons of a match."""

TEXTS: dict[str, str] = {
    "card.features": "🏭 {value}",
    "card.features_asked": "🏭 Asks for: {value}",
    "feature.logo": "Custom logo",
    "feature.custom": "Made to order",
    "feature.oem": "OEM",
    "feature.odm": "ODM",
    "feature.samples": "Samples",
    "feature.free_samples": "Free samples",
    "feature.cert": "{code}",
    "reason.feature": "as asked: {names}",
}
