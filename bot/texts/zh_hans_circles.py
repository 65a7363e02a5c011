"""简体中文：交易圈（issue 12）。"""

TEXTS: dict[str, str] = {
    "circle.greeting": "👋 大家好，<b>{title}</b>！我是 TradeCircle。像平时一样在群里发供应或求购（<code>出售……</code> / <code>求购……</code>，或 #供应 / #求购），我来匹配，并私下通知双方。想收到匹配，请先和我私聊一次：{link}",
    "circle.privacy": "⚠️ <b>致管理员：</b>Telegram 的隐私模式下，我在群里只能看到命令和回复我的消息，看不到成员发的信息。解决办法：在 @BotFather 发送 /setprivacy，选择 @{bot}，选 Disable，然后把我移出群再重新加入；或者把我设为管理员。在此之前，请用 <code>/offer@{bot} ……</code> 或 <code>/need@{bot} ……</code> 发布。",
    "circle.offer_noted": "✅ 已记下供应：<b>{product}</b>。匹配结果会私聊通知：{link}",
    "circle.need_noted": "✅ 已记下求购：<b>{product}</b>。匹配结果会私聊通知：{link}",
    "circle.post_usage": "请在命令后写上内容，例如 <code>/offer@{bot} 304不锈钢保温杯 起订1000个 12元/个</code>。",
}
