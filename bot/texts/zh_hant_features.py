"""繁體中文：貼文的附加服務與資質（訂製、認證、樣品），見於卡片（「可定製logo · OEM · CE認證 ·
可提供樣品」）和配對理由。"""

TEXTS: dict[str, str] = {
    "card.features": "🏭 {value}",
    "card.features_asked": "🏭 要求：{value}",
    "feature.logo": "可定製logo",
    "feature.custom": "可定製",
    "feature.oem": "OEM",
    "feature.odm": "ODM",
    "feature.samples": "可提供樣品",
    "feature.free_samples": "免費樣品",
    "feature.cert": "{code}認證",
    "reason.feature": "符合要求：{names}",
}
