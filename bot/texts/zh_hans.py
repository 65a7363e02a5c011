"""简体中文文本（Telegram HTML；花括号内为占位符）。"""

TEXTS: dict[str, str] = {
    "bot.description": (
        "TradeCircle 帮小商家找到买家和供应商。\n\n"
        "• 用平常的话写出你卖什么或要买什么，我整理成一张卡片。\n"
        "• 我把供应和求购配对，并告诉双方为什么合适。\n"
        "• 双方都同意后才交换联系方式。\n\n"
        "点“开始”，然后写例如：“出售 304不锈钢保温杯 500ml 起订1000个 12元/个”。"
    ),
    "bot.short_description": "用平常的话发布供应或求购，我帮你找到对方。",
    # foundation
    "start.welcome": (
        "👋 {name}，你好！我是 <b>TradeCircle</b>，帮你找买家和供应商。\n"
        "直接用平常的话发一句就行：\n"
        "• 出售：<code>出售 304不锈钢保温杯 500ml 起订1000个 12元/个 义乌发货</code>\n"
        "• 求购：<code>求购保温杯5000只，10元以内</code>\n"
        "我会整理成卡片，点一下就发布。更多见 /help。"
    ),
    "help.text": (
        "<b>怎么用</b>\n"
        "像在生意群里一样写出售或求购信息，我会整理成卡片。\n"
        "• 出售：<code>供应 LED灯泡 9W 每箱100个 单价3.5元</code>\n"
        "• 求购：<code>求购 M6不锈钢螺丝 2万个 宁波FOB 0.02美元/个</code>\n\n"
        "<b>命令</b>\n"
        "/offer – 一步步发布供应\n"
        "/need – 一步步发布求购\n"
        "/my – 我的信息\n"
        "/search – 搜索在售和求购信息\n"
        "/trust – 信用记录：你的，/trust @用户名，或回复某条消息发送 /trust\n"
        "/rate – 评价交易伙伴：/rate @用户名\n"
        "/verify – 登记企业信息（L2）\n"
        "/profile – 公司资料\n"
        "/settings – 提醒、每周摘要、时区\n"
        "/forget – 删除我的全部数据\n"
        "/language – 切换语言\n"
        "/cancel – 取消当前操作"
    ),
    "language.choose": "请选择语言：",
    "language.set": "✅ 已切换为简体中文。",
    "cancel.done": "已取消，没有做任何更改。",
    "cancel.nothing": "现在没有可取消的操作。随时可以发出售或求购信息。",
    "error.generic": "😕 抱歉，我们这边出了点问题，请稍后再试。",
    "error.admin_report": "⚠️ 处理更新时出错：\n<pre>{error}</pre>",
    "rate_limit.slow_down": "✋ 你发得太快了，我跳过了一部分。请等几秒再继续。",
    "button.expired": "这个按钮已过期，请重新开始。",
    "button.not_yours": "这个按钮不是给你的。",
    "button.done": "好了。",
    "cmd.start": "开始，看看怎么用",
    "cmd.help": "命令和示例",
    "cmd.offer": "一步步发布供应",
    "cmd.need": "一步步发布求购",
    "cmd.my": "我的信息",
    "cmd.search": "搜索在售和求购信息",
    "cmd.profile": "公司资料",
    "cmd.language": "切换语言",
    "cmd.cancel": "取消当前操作",
    # posting
    "post.edit_ignored": "✏️ 修改已发出的消息不会改动帖子。要改帖子，请按卡片上的 ✏️ 修改（你的帖子：/my）。",
    "post.too_many_open": "你已有 {limit} 条公开的帖子，已达上限。请先撤下不再需要的（/my），再发布这一条。",
    "post.not_a_post": (
        "我可以帮你卖货或找货。请用你想做的事开头，例如：\n"
        "• <code>出售 ...</code> / <code>供应 ...</code>\n"
        "• <code>求购 ...</code> / <code>采购 ...</code>\n"
        "也可以用 /offer 或 /need，我一步步问你。"
    ),
    "post.empty": "这条消息里没有文字。请写下你要卖或要买的东西。",
    "post.garbled": "这段文字像是乱码（编码不对？）。请重新输入或再复制一次。",
    "post.ask_kind": "<b>{product}</b>：你是要出售，还是要求购？",
    "post.ask_product": "是什么产品？请回复产品名称，例如 <code>保温杯</code>。",
    "post.photo_words": "📷 照片已收到。这是什么？用一句话写上供求信息，照片会一起发布，例如 <code>出售 304不锈钢保温杯 起订1000个 12元/个</code> 或 <code>求购保温杯5000只</code>。",
    "post.confirm_hint": "请核对，然后点 <b>发布</b>。",
    "post.published": "✅ 已发布，有效期到 {date}。有匹配时我会通知你。",
    "post.cancelled": "已放弃，没有发布。",
    "post.edit_choose": "要修改哪一项？",
    "post.edit_ask": "请发送新的{field}。",
    "post.question_dropped": "这条看起来是一条新信息，之前那条的{field}没有修改。新信息如下：",
    "conversation.left": "这条看起来是一条新信息，之前的问题已结束。新信息如下：",
    "post.edited": "已更新：",
    "post.not_open": "这条信息已经关闭，不能再修改。",
    "post.not_found": "找不到这条信息了。",
    "post.closed_deal": "🤝 已标记为成交，恭喜！",
    "post.withdrawn": "已撤下，不再展示给任何人。",
    "post.renewed": "🔄 已续期到 {date}。",
    "post.expired_notice": "⌛ 你的信息 <b>{product}</b> 已过期。在 /my 里点“续期”即可重新开放。",
    "problem.price.zero": "价格不能为 0。请重新发送价格，例如 <code>12元/个</code>。",
    "problem.price.absurd": "这个价格看起来不对，请检查后重新发送。",
    "problem.quantity.absurd": "这个数量看起来不对，请检查后重新发送。",
    "problem.quantity.zero": "数量必须大于 0。",
    "problem.product.missing": "请告诉我产品名称。",
    "problem.value.unreadable": "没看懂，请再试一次，例如 {example}",
    # card
    "card.offer": "🟢 <b>供应</b>",
    "card.need": "🔵 <b>求购</b>",
    "card.product": "📦 {value}",
    "card.specs": "🔧 {value}",
    "card.quantity": "🔢 数量：{value}",
    "card.moq": "📏 起订量：{value}",
    "card.price": "💰 单价：{value}",
    "card.place": "📍 发货地：{value}",
    "card.destination": "🚚 送达：{value}",
    "card.trade_term": "📄 贸易条款：{value}",
    "card.validity": "⏳ 有效期：{value}",
    "card.keywords": "🏷 {value}",
    "card.contacts_hidden": "🔒 联系方式在双方同意前保密。",
    "card.photo_kept": "📷 附照片：匹配到的买家和卖家会连同卡片一起看到。",
    "card.original_language": "（原文为{language}）",
    "card.status": "状态：{status}",
    "price.negotiable": "面议",
    "price.max": "{value}以内",
    "price.min": "{value}起",
    "validity.days": "{days}天",
    "validity.until": "到 {date}",
    "status.draft": "草稿",
    "status.open": "开放中",
    "status.deal": "已成交",
    "status.withdrawn": "已撤下",
    "status.expired": "已过期",
    "language.name.zh-Hans": "简体中文",
    "language.name.zh-Hant": "繁体中文",
    "language.name.en": "英文",
    # buttons
    "btn.i_sell": "🟢 我要出售",
    "btn.i_need": "🔵 我要求购",
    "btn.publish": "✅ 发布",
    "btn.edit": "✏️ 修改",
    "btn.cancel": "✖️ 取消",
    "btn.skip": "跳过 ⏭",
    "btn.back": "⬅️ 返回",
    "btn.deal": "🤝 已成交",
    "btn.withdraw": "🗑 撤下",
    "btn.renew": "🔄 续期",
    "btn.prev": "◀️",
    "btn.next": "▶️",
    "field.product": "产品",
    "field.quantity": "数量",
    "field.moq": "起订量",
    "field.price": "价格",
    "field.keywords": "关键词（最多3个）",
    "field.place": "地点",
    # guided flows
    "flow.offer.ask_product": "📦 你要卖什么？（产品名称和规格）",
    "flow.need.ask_product": "📦 你要买什么？（产品名称和规格）",
    "flow.ask_quantity": "🔢 多少？例如 <code>5000个</code> 或 <code>起订1000</code>",
    "flow.ask_price": "💰 单价？例如 <code>12元/个</code>、<code>$1.5</code>、<code>面议</code>",
    "flow.ask_place": "📍 在哪里？例如 <code>义乌</code>、<code>宁波FOB</code>",
    "flow.timeout": "⌛ 等待超时，之前的回答没有发布。用 /offer 或 /need 重新开始。",
    # my posts
    "my.empty": "你没有开放中的信息。发一条出售或求购吧。",
    "my.header": "<b>我的信息</b>（{page}/{pages}）",
    # profile
    "profile.show": "<b>公司资料</b>\n🏢 {company}\n📍 {region}\n📦 {products}\n🏷 {keywords}",
    "profile.none": "—",
    "profile.ask_company": "🏢 公司名称？（可跳过）",
    "profile.ask_region": "📍 所在地区或城市？",
    "profile.ask_products": "📦 主营产品？",
    "profile.ask_keywords": "🏷 最多 8 个关键词，用逗号分开：",
    "profile.too_many_keywords": "关键词最多 8 个，你发了 {count} 个。",
    "profile.saved": "✅ 资料已保存。",
    "profile.timeout": "⌛ 等待超时，资料没有修改。用 /profile 重新填写。",
    # matching
    "alert.offer_for_you": "🔔 <b>有供应商匹配你的求购</b>",
    "alert.need_for_you": "🔔 <b>有买家匹配你的供应</b>",
    "alert.why": "💡 {reasons}",
    "trust.new_verified": "🛡 新会员 · 手机已验证",
    "trust.level.0": "身份未验证",
    "trust.level.1": "✅ L1 手机已验证",
    "trust.level.2": "☑️ L2 登记号格式有效",
    "trust.level.3": "✅ L3 已获担保",
    "trust.deals": "与{partners}家独立合作方确认成交{deals}笔",
    "trust.deals_uncounted": "成交仅与新账号或封闭小圈子：不计入",
    "trust.repeat": "{count}家回头客",
    "trust.since": "{month}加入",
    "trust.rating": "{rating}★（{count}条）",
    "trust.few_ratings": "计入的评价{count}条{received}，尚不足以评分",
    "trust.ratings_received": "，共收到{total}条",
    "trust.card_title": "🛡 <b>信用记录</b>",
    "trust.card_own_title": "🛡 <b>你的信用记录</b>",
    "trust.card.level": "{level}\n<i>L1：通过 Telegram 按钮分享了手机号。L2：企业登记号格式有效（中国为校验码正确），企业本身未经核验；另一个账号也提交过的登记号，须经成熟交易圈管理员解决争议后才算。L3：两个成熟交易圈的管理员担保（机器人在群里满30天，至少10位有实际交易的成员在群里发过信息）。</i>",
    "trust.card.level_hint": "点 📎 分享手机号即可达到 L1。",
    "trust.card.level_since": "{date}记录。",
    "verify.usage": "发送 <code>/verify</code> 加企业登记号：中国的18位统一社会信用代码（<code>/verify 91350100M000100Y43</code>），其他国家为国家代码加号码（<code>/verify GB 12345678</code>）。核验后你的记录显示 L2；号码本身不会公开。",
    "verify.bad_code": "这个统一社会信用代码校验不通过（最后一位校验码不符）。请从营业执照上重新复制。",
    "verify.done": "☑️ 统一社会信用代码已记录，校验码正确：你的记录现在显示 L2。企业本身尚未有人核验，你的名片上也如实说明。",
    "verify.done_format": "☑️ 登记号已记录（仅核对格式）：你的记录现在显示 L2。企业本身尚未有人核验，你的名片上也如实说明。",
    "verify.unknown_country": "没有代码为 {country} 的国家。请先写两位字母的国家代码，例如 <code>/verify GB 12345678</code> 或 <code>/verify DE HRB 123456</code>。",
    "verify.already": "你的企业登记已经在记录中了。",
    "verify.disputed": "⚠️ 另一个账号在你之前提交过这个登记号。你的提交已记录并标为<b>有争议</b>；除非成熟交易圈的管理员已判给对方，对方的记录也标为有争议。有争议的登记号不显示 L2。如果这家企业是你的，请认识你的成熟交易圈管理员在群里回复你的一条消息，发送 <code>/circle settle</code>。",
    "admin.registration_disputed": "🔍 登记号有争议：{country} {number} 由账号 {members} 提交。成熟交易圈的管理员解决（/circle settle）之前，双方都不显示 L2。",
    "admin.registration_claimed_again": "🔍 登记号再次被提交：{country} {number} 已判给账号 {winner}，又由账号 {members} 提交。最新的提交标为有争议；原判定不变。",
    "admin.registration_settled": "✅ 登记号争议已解决：交易圈 {circle}（{title}；管理员 {admin}）确认 {country} {number} 属于账号 {winner}。账号 {members} 的记录已显示。",
    "cmd.verify": "企业认证（L2）",
    "trust.card.deals": "🤝 与{partners}家独立合作方确认成交{deals}笔 · 回头客：{repeat}家\n<i>只有双方都确认的交易才计入，与同一合作方最多计3笔。独立合作方：账号满30天，且交易不限于此会员周围12个账号以内的封闭小圈子。</i>",
    "trust.card.disputed": "⚠️ 登记号有争议：另一账号提交了相同号码。在成熟交易圈的管理员裁定前，双方都没有L2。",
    "trust.card.confirmed_by": "🏘 企业由「{circle}」的管理员确认。",
    "trust.card.vouched_in": "🏘 担保来自以下交易圈的管理员：{circles}",
    "trust.card.others": "\n<i>与新账号、或只在彼此之间交易的账号的成交不计入。</i>",
    "alert.first_by_record": "🏅 凭信用记录排在前面：与{partners}家独立合作方确认成交{deals}笔",
    "trust.card.rating": "⭐ 评分：{rating}★（计入的评价{count}条{received}）\n<i>只有确认成交的双方能评价；近期评价和可信评价人权重更高。每位评价人只计最新一条，评价时账号未满7天的不计；新账号或只在彼此之间交易的账号合计只算一条。</i>",
    "trust.card.few": "⭐ 计入的评价：{count}条{received}；满3条才显示评分\n<i>只有确认成交的双方能评价。每位评价人只计最新一条，评价时账号未满7天的不计；新账号或只在彼此之间交易的账号合计只算一条。</i>",
    "trust.card.since": "📅 {date}加入",
    "trust.card.footer": "这里的一切都不能花钱买。双方同意交换联系方式之前，名字不公开。",
    "trust.usage": "/trust 查看你自己的记录；/trust @用户名，或回复对方的消息发送 /trust，查看他人的记录。",
    "trust.unknown_user": "我不认识 @{username}：对方还没有用过 TradeCircle。",
    "btn.trust": "🛡 信用记录",
    "cmd.trust": "信用记录",
    "alert.too_good": "⚠️ 价格比同类报价低40%以上。请问清细节，切勿向新的收款账户预付。",
    "alert.too_good_short": "⚠️ 价格比同类低40%以上，切勿预付",
    "trust.card.complaints": "⚠️ 投诉：{count}条 · 已回应：{answered}条{latest}\n<i>交换过联系方式的交易方可以反映问题；被反映的一方可回应一次。</i>",
    "trust.card.no_complaints": "⚠️ 投诉：无\n<i>交换过联系方式的交易方可以反映问题；被反映的一方可回应一次。</i>",
    "trust.card.latest_complaint": "\n最近：{reason}",
    "trust.card.latest_answer": " · 回应：“{text}”",
    "trust.complaints": "投诉{count}条",
    "trust.no_complaints": "无投诉",
    "trust.replies": "约{hours}小时内回复",
    "trust.card.replies": "⏱ 回复联系请求约需{hours}小时（中位数）· {share}在24小时内\n<i>根据别人向该会员发出的联系请求。</i>",
    "trust.card.comment": "\n最近评语：“{text}”",
    "alert.trust_new": "🛡 新会员：暂无交易记录",
    "reason.brand": "同品牌：{name}",
    "reason.concept": "同品类：{name}",
    "reason.meaning": "同一产品：{need} ≈ {offer}（意思相近）",
    "reason.spec": "都是{name}",
    "reason.term": "共同词：{term}",
    "reason.moq": "起订{moq} ≤ 需求{quantity}{unit}",
    "reason.price": "报价{offer} ≤ 预算{budget}/{unit}",
    "reason.fresh": "{hours}小时前发布",
    "reason.fresh_now": "刚刚发布",
    "btn.contact": "🤝 联系",
    "btn.dismiss": "🙅 不相关",
    "btn.accept": "✅ 同意",
    "btn.decline": "✖️ 拒绝",
    "match.dismissed": "收到，以后会少推荐这类信息。",
    "contact.sent": "📨 已发出请求。对方同意后你会收到联系方式。",
    "contact.sent_too_good": "📨 已发出请求。对方同意后你会收到联系方式。\n⚠️ 价格比同类报价低40%以上，切勿向新的收款账户预付。",
    "contact.too_many_today": "你今天已经向 {limit} 人请求联系方式，已达每日上限。请明天再试。",
    "contact.already_sent": "你已经发过请求，正在等对方回复。",
    "contact.already_in_touch": "🤝 你们已经交换过联系方式，没有再发请求。对方的联系方式已再次发到聊天里。",
    "contact.incoming": (
        "📨 <b>有人想联系你</b>，关于你的信息 <b>{product}</b>。\n"
        "{trust}\n对方的信息：\n{card}\n\n同意后双方交换联系方式；在此之前双方都看不到对方的资料。"
    ),
    "contact.incoming_plain": (
        "📨 <b>有人想联系你</b>，关于你的信息 <b>{product}</b>。\n"
        "{trust}\n\n同意后双方交换联系方式；在此之前双方都看不到对方的资料。"
    ),
    "contact.card": "🤝 <b>{product} 的联系方式</b>\n{name}{username}{profile}{phone}\n{trust}\n👆 点名字即可直接聊天。",
    "contact.profile": "\n{details} <i>（对方自述）</i>",
    "contact.company": "🏢 {company}",
    "contact.region": "📍 {region}",
    "contact.phone": "\n📞 {phone}",
    "contact.username": "（@{username}）",
    "contact.declined": "对方婉拒了关于 <b>{product}</b> 的联系请求。还会有其他匹配。",
    "contact.declined_you": "已拒绝，对方看不到你的资料。",
    "contact.declined_known": "已拒绝。你们之前交换过联系方式，对方仍保留你当时分享的资料。",
    "contact.accepted_you": "✅ 已同意，联系方式正在发给你们双方。",
    "contact.own_post": "这是你自己的信息。",
    "contact.gone": "这条信息已经关闭。",
    "contact.phone_saved": "📞 已保存。只有你同意的联系请求才会看到你的号码。",
    "contact.phone_not_yours": "请分享你自己的联系方式（📎 → 联系人 → 自己）。",
    # search
    "search.usage": "你想找什么？例如 <code>/search 保温杯</code> 或 <code>/search vacuum flask</code>",
    "search.empty": "还没有与 <b>{query}</b> 匹配的信息。发一条求购，有了我会通知你。",
    "search.header": "🔎 <b>{query}</b>（{page}/{pages}）",
    "search.photo": "看照片",
    "trust.follow_through": "跟进{done}/{asked}",
    "trust.card.follow_through": "🔁 跟进：{asked}次交换联系方式中，{done}次告知了结果 · 虚假询盘投诉：{fake}\n<i>交换联系方式几天后，买卖双方都会被问到是否成交。</i>",
    "trust.card.last_active": "🕒 最近活跃：{date}",
    "trust.unknown_person": "对方还没用过 TradeCircle，暂无记录。",
    "trust.hidden_sender": "{name} 在转发消息中隐藏了账号，无法确认是谁。请向对方要 @用户名，再发送 /trust @用户名。",
}
