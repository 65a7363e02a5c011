"""English texts of trade circles (issue 12)."""

TEXTS: dict[str, str] = {
    "circle.greeting": "👋 Hello, <b>{title}</b>! I am TradeCircle. Post what you sell or need here as you always do (<code>Selling …</code> / <code>Looking for …</code>, or #offer / #need); I match posts and tell each side privately. To get your matches, start a chat with me once: {link}",
    "circle.privacy": "⚠️ <b>For the admins:</b> Telegram's privacy mode lets me see only commands and replies to me here, not members' posts. To fix it: in @BotFather send /setprivacy, choose @{bot}, pick Disable, then remove me and add me again; or make me an admin. Until then, post with <code>/offer@{bot} …</code> or <code>/need@{bot} …</code>.",
    "circle.offer_noted": "✅ Offer noted: <b>{product}</b>. Matches come privately: {link}",
    "circle.need_noted": "✅ Need noted: <b>{product}</b>. Matches come privately: {link}",
    "circle.post_usage": "Write the post after the command, e.g. <code>/offer@{bot} LED bulbs 9W, MOQ 100 pcs, $0.5/pc</code>.",
}
