"""繁體中文：交易圈（issue 12）。"""

TEXTS: dict[str, str] = {
    "circle.greeting": "👋 大家好，<b>{title}</b>！我是 TradeCircle。像平時一樣在群裡發供應或求購（<code>出售……</code> / <code>求購……</code>，或 #供應 / #求購），我來匹配，並私下通知雙方。想收到匹配，請先和我私聊一次：{link}",
    "circle.privacy": "⚠️ <b>致管理員：</b>Telegram 的隱私模式下，我在群裡只能看到命令和回覆我的訊息，看不到成員發的資訊。解決辦法：在 @BotFather 傳送 /setprivacy，選擇 @{bot}，選 Disable，然後把我移出群再重新加入；或者把我設為管理員。在此之前，請用 <code>/offer@{bot} ……</code> 或 <code>/need@{bot} ……</code> 發布。",
    "circle.offer_noted": "✅ 已記下供應：<b>{product}</b>。匹配結果會私聊通知：{link}",
    "circle.need_noted": "✅ 已記下求購：<b>{product}</b>。匹配結果會私聊通知：{link}",
    "circle.post_usage": "請在命令後寫上內容，例如 <code>/offer@{bot} 304不鏽鋼保溫杯 起訂1000個 12元/個</code>。",
}
