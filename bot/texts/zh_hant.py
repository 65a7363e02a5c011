"""繁體中文文字（Telegram HTML；大括號內為佔位符）。"""

TEXTS: dict[str, str] = {
    "bot.description": (
        "TradeCircle 幫小商家找到買家和供應商。\n\n"
        "• 用平常的話寫出你賣什麼或要買什麼，我整理成一張卡片。\n"
        "• 我把供應和求購配對，並告訴雙方為什麼合適。\n"
        "• 雙方都同意後才交換聯絡方式。\n\n"
        "點「開始」，然後寫例如：「供應 LED燈泡 9W 每箱100個 單價3.5元」。"
    ),
    "bot.short_description": "用平常的話發布供應或求購，我幫你找到對方。",
    # foundation
    "start.welcome": (
        "👋 {name}，你好！我是 <b>TradeCircle</b>，幫你找買家和供應商。\n"
        "直接用平常的話發一句就行：\n"
        "• 出售：<code>出售 304不鏽鋼保溫杯 500ml 起訂1000個 12元/個 義烏發貨</code>\n"
        "• 求購：<code>求購保溫杯5000只，10元以內</code>\n"
        "我會整理成卡片，點一下就發布。更多見 /help。"
    ),
    "help.text": (
        "<b>怎麼用</b>\n"
        "像在生意群裡一樣寫出售或求購資訊，我會整理成卡片。\n"
        "• 出售：<code>供應 LED燈泡 9W 每箱100個 單價3.5元</code>\n"
        "• 求購：<code>求購 M6不鏽鋼螺絲 2萬個 寧波FOB 0.02美元/個</code>\n\n"
        "<b>命令</b>\n"
        "/offer – 一步步發布供應\n"
        "/need – 一步步發布求購\n"
        "/my – 我的資訊\n"
        "/search – 搜尋在售和求購資訊\n"
        "/trust – 信用記錄：你的，/trust @使用者名稱，或回覆某則訊息發送 /trust\n"
        "/rate – 評價交易夥伴：/rate @使用者名稱\n"
        "/verify – 登記企業資訊（L2）\n"
        "/profile – 公司資料\n"
        "/settings – 提醒、每週摘要、時區\n"
        "/forget – 刪除我的全部資料\n"
        "/language – 切換語言\n"
        "/cancel – 取消當前操作"
    ),
    "language.choose": "請選擇語言：",
    "language.set": "✅ 已切換為繁體中文。",
    "cancel.done": "已取消，沒有做任何更改。",
    "cancel.nothing": "現在沒有可取消的操作。隨時可以發出售或求購資訊。",
    "error.generic": "😕 抱歉，我們這邊出了點問題，請稍後再試。",
    "error.admin_report": "⚠️ 處理更新時出錯：\n<pre>{error}</pre>",
    "rate_limit.slow_down": "✋ 你發得太快了，我跳過了一部分。請等幾秒再繼續。",
    "button.expired": "這個按鈕已過期，請重新開始。",
    "button.not_yours": "這個按鈕不是給你的。",
    "button.done": "好了。",
    "cmd.start": "開始，看看怎麼用",
    "cmd.help": "命令和示例",
    "cmd.offer": "一步步發布供應",
    "cmd.need": "一步步發布求購",
    "cmd.my": "我的資訊",
    "cmd.search": "搜尋在售和求購資訊",
    "cmd.profile": "公司資料",
    "cmd.language": "切換語言",
    "cmd.cancel": "取消當前操作",
    # posting
    "post.edit_ignored": "✏️ 修改已發出的訊息不會改動貼文。要改貼文，請按卡片上的 ✏️ 修改（你的貼文：/my）。",
    "post.too_many_open": "你已有 {limit} 則公開的貼文，已達上限。請先撤下不再需要的（/my），再發布這一則。",
    "post.not_a_post": (
        "我可以幫你賣貨或找貨。請用你想做的事開頭，例如：\n"
        "• <code>出售 ...</code> / <code>供應 ...</code>\n"
        "• <code>求購 ...</code> / <code>採購 ...</code>\n"
        "也可以用 /offer 或 /need，我一步步問你。"
    ),
    "post.empty": "這條訊息裡沒有文字。請寫下你要賣或要買的東西。",
    "post.garbled": "這段文字像是亂碼（編碼不對？）。請重新輸入或再複製一次。",
    "post.ask_kind": "<b>{product}</b>：你是要出售，還是要求購？",
    "post.ask_product": "是什麼產品？請回覆產品名稱，例如 <code>保溫杯</code>。",
    "post.photo_words": "📷 照片已收到。這是什麼？用一句話寫上供求資訊，照片會一起發布，例如 <code>出售 304不鏽鋼保溫杯 起訂1000個 12元/個</code> 或 <code>求購保溫杯5000隻</code>。",
    "post.confirm_hint": "請核對，然後點 <b>發布</b>。",
    "post.published": "✅ 已發布，有效期到 {date}。有匹配時我會通知你。",
    "post.cancelled": "已放棄，沒有發布。",
    "post.edit_choose": "要修改哪一項？",
    "post.edit_ask": "請傳送新的{field}。",
    "post.question_dropped": "這則看起來是一則新資訊，之前那則的{field}沒有修改。新資訊如下：",
    "conversation.left": "這則看起來是一則新資訊，之前的問題已結束。新資訊如下：",
    "post.edited": "已更新：",
    "post.not_open": "這條資訊已經關閉，不能再修改。",
    "post.not_found": "找不到這條資訊了。",
    "post.closed_deal": "🤝 已標記為成交，恭喜！",
    "post.withdrawn": "已撤下，不再展示給任何人。",
    "post.renewed": "🔄 已續期到 {date}。",
    "post.expired_notice": "⌛ 你的資訊 <b>{product}</b> 已過期。在 /my 裡點“續期”即可重新開放。",
    "problem.price.zero": "價格不能為 0。請重新發送價格，例如 <code>12元/個</code>。",
    "problem.price.absurd": "這個價格看起來不對，請檢查後重新發送。",
    "problem.quantity.absurd": "這個數量看起來不對，請檢查後重新發送。",
    "problem.quantity.zero": "數量必須大於 0。",
    "problem.product.missing": "請告訴我產品名稱。",
    "problem.value.unreadable": "沒看懂，請再試一次，例如 {example}",
    # card
    "card.offer": "🟢 <b>供應</b>",
    "card.need": "🔵 <b>求購</b>",
    "card.product": "📦 {value}",
    "card.specs": "🔧 {value}",
    "card.quantity": "🔢 數量：{value}",
    "card.moq": "📏 起訂量：{value}",
    "card.price": "💰 單價：{value}",
    "card.place": "📍 發貨地：{value}",
    "card.destination": "🚚 送達：{value}",
    "card.trade_term": "📄 貿易條款：{value}",
    "card.validity": "⏳ 有效期：{value}",
    "card.keywords": "🏷 {value}",
    "card.contacts_hidden": "🔒 聯絡方式在雙方同意前保密。",
    "card.photo_kept": "📷 附照片：配對到的買家和賣家會連同卡片一起看到。",
    "card.original_language": "（原文為{language}）",
    "card.status": "狀態：{status}",
    "price.negotiable": "面議",
    "price.max": "{value}以內",
    "price.min": "{value}起",
    "validity.days": "{days}天",
    "validity.until": "到 {date}",
    "status.draft": "草稿",
    "status.open": "開放中",
    "status.deal": "已成交",
    "status.withdrawn": "已撤下",
    "status.expired": "已過期",
    "language.name.zh-Hans": "簡體中文",
    "language.name.zh-Hant": "繁體中文",
    "language.name.en": "英文",
    # buttons
    "btn.i_sell": "🟢 我要出售",
    "btn.i_need": "🔵 我要求購",
    "btn.publish": "✅ 發布",
    "btn.edit": "✏️ 修改",
    "btn.cancel": "✖️ 取消",
    "btn.skip": "跳過 ⏭",
    "btn.back": "⬅️ 返回",
    "btn.deal": "🤝 已成交",
    "btn.withdraw": "🗑 撤下",
    "btn.renew": "🔄 續期",
    "btn.prev": "◀️",
    "btn.next": "▶️",
    "field.product": "產品",
    "field.quantity": "數量",
    "field.moq": "起訂量",
    "field.price": "價格",
    "field.keywords": "關鍵詞（最多3個）",
    "field.place": "地點",
    # guided flows
    "flow.offer.ask_product": "📦 你要賣什麼？（產品名稱和規格）",
    "flow.need.ask_product": "📦 你要買什麼？（產品名稱和規格）",
    "flow.ask_quantity": "🔢 多少？例如 <code>5000個</code> 或 <code>起訂1000</code>",
    "flow.ask_price": "💰 單價？例如 <code>12元/個</code>、<code>$1.5</code>、<code>面議</code>",
    "flow.ask_place": "📍 在哪裡？例如 <code>義烏</code>、<code>寧波FOB</code>",
    "flow.timeout": "⌛ 等待超時，之前的回答沒有發布。用 /offer 或 /need 重新開始。",
    # my posts
    "my.empty": "你沒有開放中的資訊。發一條出售或求購吧。",
    "my.header": "<b>我的資訊</b>（{page}/{pages}）",
    # profile
    "profile.show": "<b>公司資料</b>\n🏢 {company}\n📍 {region}\n📦 {products}\n🏷 {keywords}",
    "profile.none": "—",
    "profile.ask_company": "🏢 公司名稱？（可跳過）",
    "profile.ask_region": "📍 所在地區或城市？",
    "profile.ask_products": "📦 主營產品？",
    "profile.ask_keywords": "🏷 最多 8 個關鍵詞，用逗號分開：",
    "profile.too_many_keywords": "關鍵詞最多 8 個，你發了 {count} 個。",
    "profile.saved": "✅ 資料已儲存。",
    "profile.timeout": "⌛ 等待逾時，資料沒有修改。用 /profile 重新填寫。",
    # matching
    "alert.offer_for_you": "🔔 <b>有供應商匹配你的求購</b>",
    "alert.need_for_you": "🔔 <b>有買家匹配你的供應</b>",
    "alert.why": "💡 {reasons}",
    "trust.new_verified": "🛡 新會員 · 手機已驗證",
    "trust.level.0": "身分未驗證",
    "trust.level.1": "✅ L1 手機已驗證",
    "trust.level.2": "☑️ L2 登記號格式有效",
    "trust.level.3": "✅ L3 已獲擔保",
    "trust.deals": "與{partners}家獨立合作方確認成交{deals}筆",
    "trust.deals_uncounted": "成交僅與新帳號或封閉小圈子：不計入",
    "trust.repeat": "{count}家回頭客",
    "trust.since": "{month}加入",
    "trust.rating": "{rating}★（{count}則）",
    "trust.few_ratings": "計入的評價{count}則{received}，尚不足以評分",
    "trust.ratings_received": "，共收到{total}則",
    "trust.card_title": "🛡 <b>信用記錄</b>",
    "trust.card_own_title": "🛡 <b>你的信用記錄</b>",
    "trust.card.level": "{level}\n<i>L1：透過 Telegram 按鈕分享了手機號碼。L2：企業登記號格式有效（中國為檢查碼正確），企業本身未經核驗；另一個帳號也提交過的登記號，須經成熟交易圈管理員解決爭議後才算。L3：兩個成熟交易圈的管理員擔保（機器人在群裡滿30天，至少10位有實際交易的成員在群裡發過資訊）。</i>",
    "trust.card.level_hint": "點 📎 分享手機號碼即可達到 L1。",
    "trust.card.level_since": "{date}記錄。",
    "verify.usage": "傳送 <code>/verify</code> 加企業登記號：中國的18位統一社會信用代碼（<code>/verify 91350100M000100Y43</code>），其他國家為國家代碼加號碼（<code>/verify TW 12345678</code>）。核驗後你的記錄顯示 L2；號碼本身不會公開。",
    "verify.bad_code": "這個統一社會信用代碼校驗不通過（最後一位檢查碼不符）。請從營業執照上重新複製。",
    "verify.done": "☑️ 統一社會信用代碼已記錄，檢查碼正確：你的記錄現在顯示 L2。企業本身尚未有人核驗，你的名片上也如實說明。",
    "verify.done_format": "☑️ 登記號已記錄（僅核對格式）：你的記錄現在顯示 L2。企業本身尚未有人核驗，你的名片上也如實說明。",
    "verify.unknown_country": "沒有代碼為 {country} 的國家。請先寫兩位字母的國家代碼，例如 <code>/verify TW 12345678</code> 或 <code>/verify DE HRB 123456</code>。",
    "verify.already": "你的企業登記已經在記錄中了。",
    "verify.disputed": "⚠️ 另一個帳號在你之前提交過這個登記號。你的提交已記錄並標為<b>有爭議</b>；除非成熟交易圈的管理員已判給對方，對方的記錄也標為有爭議。有爭議的登記號不顯示 L2。如果這家企業是你的，請認識你的成熟交易圈管理員在群裡回覆你的一則訊息，傳送 <code>/circle settle</code>。",
    "admin.registration_disputed": "🔍 登記號有爭議：{country} {number} 由帳號 {members} 提交。成熟交易圈的管理員解決（/circle settle）之前，雙方都不顯示 L2。",
    "admin.registration_claimed_again": "🔍 登記號再次被提交：{country} {number} 已判給帳號 {winner}，又由帳號 {members} 提交。最新的提交標為有爭議；原判定不變。",
    "admin.registration_settled": "✅ 登記號爭議已解決：交易圈 {circle}（{title}；管理員 {admin}）確認 {country} {number} 屬於帳號 {winner}。帳號 {members} 的記錄已顯示。",
    "cmd.verify": "企業認證（L2）",
    "trust.card.deals": "🤝 與{partners}家獨立合作方確認成交{deals}筆 · 回頭客：{repeat}家\n<i>只有雙方都確認的交易才計入，與同一合作方最多計3筆。獨立合作方：帳號滿30天，且交易不限於此會員周圍12個帳號以內的封閉小圈子。</i>",
    "trust.card.disputed": "⚠️ 登記號有爭議：另一帳號提交了相同號碼。在成熟交易圈的管理員裁定前，雙方都沒有L2。",
    "trust.card.confirmed_by": "🏘 企業由「{circle}」的管理員確認。",
    "trust.card.vouched_in": "🏘 擔保來自以下交易圈的管理員：{circles}",
    "trust.card.others": "\n<i>與新帳號、或只在彼此之間交易的帳號的成交不計入。</i>",
    "alert.first_by_record": "🏅 憑信用記錄排在前面：與{partners}家獨立合作方確認成交{deals}筆",
    "trust.card.rating": "⭐ 評分：{rating}★（計入的評價{count}則{received}）\n<i>只有確認成交的雙方能評價；近期評價和可信評價人權重更高。每位評價人只計最新一則，評價時帳號未滿7天的不計；新帳號或只在彼此之間交易的帳號合計只算一則。</i>",
    "trust.card.few": "⭐ 計入的評價：{count}則{received}；滿3則才顯示評分\n<i>只有確認成交的雙方能評價。每位評價人只計最新一則，評價時帳號未滿7天的不計；新帳號或只在彼此之間交易的帳號合計只算一則。</i>",
    "trust.card.since": "📅 {date}加入",
    "trust.card.footer": "這裡的一切都不能花錢買。雙方同意交換聯絡方式之前，名字不公開。",
    "trust.usage": "/trust 查看你自己的記錄；/trust @使用者名稱，或回覆對方的訊息發送 /trust，查看他人的記錄。",
    "trust.unknown_user": "我不認識 @{username}：對方還沒有用過 TradeCircle。",
    "btn.trust": "🛡 信用記錄",
    "cmd.trust": "信用記錄",
    "alert.too_good": "⚠️ 價格比同類報價低40%以上。請問清細節，切勿向新的收款帳戶預付。",
    "alert.too_good_short": "⚠️ 價格比同類低40%以上，切勿預付",
    "trust.card.complaints": "⚠️ 投訴：{count}則 · 已回應：{answered}則{latest}\n<i>交換過聯絡方式的交易方可以反映問題；被反映的一方可回應一次。</i>",
    "trust.card.no_complaints": "⚠️ 投訴：無\n<i>交換過聯絡方式的交易方可以反映問題；被反映的一方可回應一次。</i>",
    "trust.card.latest_complaint": "\n最近：{reason}",
    "trust.card.latest_answer": " · 回應：「{text}」",
    "trust.complaints": "投訴{count}則",
    "trust.no_complaints": "無投訴",
    "trust.replies": "約{hours}小時內回覆",
    "trust.card.replies": "⏱ 回覆聯絡請求約需{hours}小時（中位數）· {share}在24小時內\n<i>根據別人向該會員發出的聯絡請求。</i>",
    "trust.card.comment": "\n最近評語：「{text}」",
    "alert.trust_new": "🛡 新會員：暫無交易記錄",
    "reason.brand": "同品牌：{name}",
    "reason.concept": "同品類：{name}",
    "reason.meaning": "同一產品：{need} ≈ {offer}（意思相近）",
    "reason.spec": "都是{name}",
    "reason.term": "共同詞：{term}",
    "reason.moq": "起訂{moq} ≤ 需求{quantity}{unit}",
    "reason.price": "報價{offer} ≤ 預算{budget}/{unit}",
    "reason.fresh": "{hours}小時前發布",
    "reason.fresh_now": "剛剛發布",
    "btn.contact": "🤝 聯絡",
    "btn.dismiss": "🙅 不相關",
    "btn.accept": "✅ 同意",
    "btn.decline": "✖️ 拒絕",
    "match.dismissed": "收到，以後會少推薦這類資訊。",
    "contact.sent": "📨 已發出請求。對方同意後你會收到聯絡方式。",
    "contact.sent_too_good": "📨 已發出請求。對方同意後你會收到聯絡方式。\n⚠️ 價格比同類報價低40%以上，切勿向新的收款帳戶預付。",
    "contact.too_many_today": "你今天已經向 {limit} 人請求聯絡方式，已達每日上限。請明天再試。",
    "contact.already_sent": "你已經發過請求，正在等對方回覆。",
    "contact.already_in_touch": "🤝 你們已經交換過聯絡方式，沒有再發請求。對方的聯絡方式已再次發到聊天裡。",
    "contact.incoming": (
        "📨 <b>有人想聯絡你</b>，關於你的資訊 <b>{product}</b>。\n"
        "{trust}\n對方的資訊：\n{card}\n\n同意後雙方交換聯絡方式；在此之前雙方都看不到對方的資料。"
    ),
    "contact.incoming_plain": (
        "📨 <b>有人想聯絡你</b>，關於你的資訊 <b>{product}</b>。\n"
        "{trust}\n\n同意後雙方交換聯絡方式；在此之前雙方都看不到對方的資料。"
    ),
    "contact.card": "🤝 <b>{product} 的聯絡方式</b>\n{name}{username}{profile}{phone}\n{trust}\n👆 點名字即可直接聊天。",
    "contact.profile": "\n{details} <i>（對方自述）</i>",
    "contact.company": "🏢 {company}",
    "contact.region": "📍 {region}",
    "contact.phone": "\n📞 {phone}",
    "contact.username": "（@{username}）",
    "contact.declined": "對方婉拒了關於 <b>{product}</b> 的聯絡請求。還會有其他匹配。",
    "contact.declined_you": "已拒絕，對方看不到你的資料。",
    "contact.declined_known": "已拒絕。你們之前交換過聯絡方式，對方仍保留你當時分享的資料。",
    "contact.accepted_you": "✅ 已同意，聯絡方式正在發給你們雙方。",
    "contact.own_post": "這是你自己的資訊。",
    "contact.gone": "這條資訊已經關閉。",
    "contact.phone_saved": "📞 已儲存。只有你同意的聯絡請求才會看到你的號碼。",
    "contact.phone_not_yours": "請分享你自己的聯絡方式（📎 → 聯絡人 → 自己）。",
    # search
    "search.usage": "你想找什麼？例如 <code>/search 保溫杯</code> 或 <code>/search vacuum flask</code>",
    "search.empty": "還沒有與 <b>{query}</b> 匹配的資訊。發一條求購，有了我會通知你。",
    "search.header": "🔎 <b>{query}</b>（{page}/{pages}）",
    "search.photo": "看照片",
    "trust.follow_through": "跟進{done}/{asked}",
    "trust.card.follow_through": "🔁 跟進：{asked}次交換聯絡方式中，{done}次告知了結果 · 虛假詢盤投訴：{fake}\n<i>交換聯絡方式幾天後，買賣雙方都會被問到是否成交。</i>",
    "trust.card.last_active": "🕒 最近活躍：{date}",
    "trust.unknown_person": "對方還沒用過 TradeCircle，暫無記錄。",
    "trust.hidden_sender": "{name} 在轉發訊息中隱藏了帳號，無法確認是誰。請向對方要 @使用者名稱，再發送 /trust @使用者名稱。",
}
