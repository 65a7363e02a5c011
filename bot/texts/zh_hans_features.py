"""简体中文：帖子的附加服务与资质（定制、认证、样品），见于卡片（“可定制logo · OEM · CE认证 ·
可提供样品”）和匹配理由。"""

TEXTS: dict[str, str] = {
    "card.features": "🏭 {value}",
    "card.features_asked": "🏭 要求：{value}",
    "feature.logo": "可定制logo",
    "feature.custom": "可定制",
    "feature.oem": "OEM",
    "feature.odm": "ODM",
    "feature.samples": "可提供样品",
    "feature.free_samples": "免费样品",
    "feature.cert": "{code}认证",
    "reason.feature": "符合要求：{names}",
}
