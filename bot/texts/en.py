"""English texts (Telegram HTML; placeholders in braces)."""

TEXTS: dict[str, str] = {
    "bot.description": (
        "TradeCircle puts small sellers and buyers in touch.\n\n"
        "• Write what you sell or need in your own words: I turn it into a card.\n"
        "• I match offers with needs and tell both sides why they fit.\n"
        "• Contacts are exchanged only when both agree.\n\n"
        'Press Start, then write e.g. "Selling vacuum flasks 500ml, MOQ 1000, $1.8".'
    ),
    "bot.short_description": "Post what you sell or need in plain words; I find the other side.",
    # foundation
    "start.welcome": (
        "👋 Hi {name}! I am <b>TradeCircle</b>: I put sellers and buyers in touch.\n"
        "Just write what you sell or need, in your own words:\n"
        "• <code>Selling 304 steel vacuum flasks 500ml, MOQ 1000 pcs, $1.6/pc, Yiwu</code>\n"
        "• <code>Looking for vacuum flasks, 5k pcs, under $1.5</code>\n"
        "I show you a card; one tap publishes it. /help for more."
    ),
    "help.text": (
        "<b>How it works</b>\n"
        "Write an offer or a need as you would in a trade group; I turn it into a card.\n"
        "• Offer: <code>Selling LED bulbs 9W, 100 pcs per carton, $0.5/pc</code>\n"
        "• Need: <code>WTB 20k pcs M6 stainless screws, FOB Ningbo, USD 0.02/pc</code>\n\n"
        "<b>Commands</b>\n"
        "/offer – post an offer step by step\n"
        "/need – post a need step by step\n"
        "/my – your posts\n"
        "/search – search open posts\n"
        "/trust – trust records: yours, /trust @username, or reply /trust to a message\n"
        "/rate – rate a deal partner: /rate @username\n"
        "/verify – add your business registration (L2)\n"
        "/profile – your company profile\n"
        "/settings – reminders, weekly digest, time zone\n"
        "/forget – delete all your data\n"
        "/language – change language\n"
        "/cancel – stop what you are doing"
    ),
    "language.choose": "Choose your language:",
    "language.set": "✅ Language set to English.",
    "cancel.done": "Cancelled. Nothing was changed.",
    "cancel.nothing": "There is nothing to cancel. Write an offer or a need any time.",
    "error.generic": "😕 Sorry, something went wrong on our side. Please try again in a moment.",
    "error.admin_report": "⚠️ Error while handling an update:\n<pre>{error}</pre>",
    "rate_limit.slow_down": "✋ You are sending faster than I can follow, so I skipped some of it. Wait a few seconds, then go on.",
    "button.expired": "This button has expired. Please start again.",
    "button.not_yours": "This button is not for you.",
    "button.done": "Done.",
    "cmd.start": "Start and see how it works",
    "cmd.help": "Commands and examples",
    "cmd.offer": "Post an offer step by step",
    "cmd.need": "Post a need step by step",
    "cmd.my": "Your posts",
    "cmd.search": "Search open posts",
    "cmd.profile": "Your company profile",
    "cmd.language": "Change language",
    "cmd.cancel": "Stop what you are doing",
    # posting
    "post.edit_ignored": "✏️ Editing a message does not change its post. To change a post, press ✏️ Edit on its card (your posts: /my).",
    "post.too_many_open": "You have {limit} open posts, the most one member may have. Withdraw one you no longer need (/my), then publish this one.",
    "post.not_a_post": (
        "I can help you sell or buy. Start with what you want, for example:\n"
        "• <code>Selling ...</code> / <code>出售 ...</code>\n"
        "• <code>Looking for ...</code> / <code>求购 ...</code>\n"
        "Or use /offer or /need and I will ask step by step."
    ),
    "post.empty": "I could not find any words in that message. Write what you sell or need.",
    "post.garbled": (
        "This text looks garbled (wrong encoding?). Please type it again or copy it once more."
    ),
    "post.ask_kind": "<b>{product}</b>: are you selling it or looking for it?",
    "post.ask_product": "What product is it? Reply with its name, e.g. <code>vacuum flask</code>.",
    "post.photo_words": "📷 Photo kept. What is it? Write the post in one line and the photo goes with it, e.g. <code>Selling vacuum flasks 500ml, MOQ 1000 pcs, $1.6/pc</code> or <code>Looking for vacuum flasks, 5000 pcs</code>.",
    "post.confirm_hint": "Check it and tap <b>Publish</b>.",
    "list.read_offer": "📋 <b>{count} offers from your list</b>: each gets its own card, so each meets its own buyers.",
    "list.read_need": "📋 <b>{count} needs from your list</b>: each gets its own card, so each meets its own sellers.",
    "list.more": "{more} more lines were not read: send them in another message (10 products a message at most).",
    "list.hint": "Check them and tap <b>Publish all {count}</b>, or open each card to change it first.",
    "list.published": "✅ Published {count}. They stay open until {date}; I will tell you about matches.",
    "list.shown": "The cards are below: publish or change each one.",
    "list.cancelled": "Discarded. Nothing was published.",
    "post.published": "✅ Published. It stays open until {date}. I will tell you about matches.",
    "post.cancelled": "Discarded. Nothing was published.",
    "post.edit_choose": "What do you want to change?",
    "post.edit_ask": "Send the new {field}.",
    "post.question_dropped": "That reads as a new post, so I left the {field} of your earlier post unchanged. Here is the new one:",
    "conversation.left": "That reads as a new post, so I stopped the earlier questions. Here is the new one:",
    "post.edited": "Updated:",
    "post.not_open": "This post is no longer open, so it cannot be changed.",
    "post.not_found": "I cannot find that post any more.",
    "post.closed_deal": "🤝 Closed as a deal. Congratulations!",
    "post.withdrawn": "Withdrawn. It is no longer shown to anyone.",
    "post.renewed": "🔄 Renewed until {date}.",
    "post.expired_notice": (
        "⌛ Your post <b>{product}</b> has expired. Use /my to find it and tap Renew to reopen it."
    ),
    "problem.price.zero": "The price cannot be 0. Send the price again, e.g. <code>12元/个</code>.",
    "problem.price.absurd": "That price looks wrong. Please check it and send it again.",
    "problem.quantity.absurd": "That quantity looks wrong. Please check it and send it again.",
    "problem.quantity.zero": "The quantity must be more than 0.",
    "problem.product.missing": "Please tell me the product name.",
    "problem.value.unreadable": "I could not read that. Please try again, e.g. {example}",
    # card
    "card.offer": "🟢 <b>OFFER</b>",
    "card.need": "🔵 <b>NEED</b>",
    "card.product": "📦 {value}",
    "card.specs": "🔧 {value}",
    "card.quantity": "🔢 Quantity: {value}",
    "card.moq": "📏 MOQ: {value}",
    "card.price": "💰 Price: {value}",
    "card.place": "📍 From: {value}",
    "card.destination": "🚚 To: {value}",
    "card.trade_term": "📄 Terms: {value}",
    "card.validity": "⏳ Valid: {value}",
    "card.keywords": "🏷 {value}",
    "card.contacts_hidden": "🔒 Contact details kept private until both sides agree.",
    "card.photo_kept": "📷 With your photo: the buyers and sellers it matches see it with the card.",
    "card.original_language": "(written in {language})",
    "card.status": "Status: {status}",
    "price.negotiable": "negotiable",
    "price.max": "up to {value}",
    "price.min": "from {value}",
    "validity.days": "{days} days",
    "validity.until": "until {date}",
    "status.draft": "draft",
    "status.open": "open",
    "status.deal": "deal done",
    "status.withdrawn": "withdrawn",
    "status.expired": "expired",
    "language.name.zh-Hans": "Simplified Chinese",
    "language.name.zh-Hant": "Traditional Chinese",
    "language.name.en": "English",
    # buttons
    "btn.i_sell": "🟢 I sell it",
    "btn.i_need": "🔵 I need it",
    "btn.publish": "✅ Publish",
    "btn.publish_all": "✅ Publish all {count}",
    "btn.list_cards": "📝 One by one",
    "btn.discard_all": "✖️ Cancel all",
    "btn.edit": "✏️ Edit",
    "btn.cancel": "✖️ Cancel",
    "btn.skip": "Skip ⏭",
    "btn.back": "⬅️ Back",
    "btn.deal": "🤝 Deal done",
    "btn.withdraw": "🗑 Withdraw",
    "btn.renew": "🔄 Renew",
    "btn.prev": "◀️",
    "btn.next": "▶️",
    "field.product": "Product",
    "field.quantity": "Quantity",
    "field.moq": "MOQ",
    "field.price": "Price",
    "field.keywords": "Keywords (up to 3)",
    "field.place": "Place",
    # guided flows
    "flow.offer.ask_product": "📦 What do you sell? (product name and specs)",
    "flow.need.ask_product": "📦 What do you need? (product name and specs)",
    "flow.ask_quantity": "🔢 How many? e.g. <code>5000 pcs</code> or <code>MOQ 1000</code>",
    "flow.ask_price": "💰 Unit price? e.g. <code>12元/个</code>, <code>$1.5</code>, <code>negotiable</code>",
    "flow.ask_place": "📍 Where? e.g. <code>Yiwu</code>, <code>FOB Ningbo</code>",
    "flow.timeout": "⌛ I stopped waiting. Your answers so far were not published; /offer or /need to start again.",
    # my posts
    "my.empty": "You have no open posts. Write an offer or a need to post one.",
    "my.header": "<b>Your posts</b> ({page}/{pages})",
    # profile
    "profile.show": (
        "<b>Company profile</b>\n🏢 {company}\n📍 {region}\n📦 {products}\n🏷 {keywords}"
    ),
    "profile.none": "—",
    "profile.ask_company": "🏢 Company name? (or Skip)",
    "profile.ask_region": "📍 Region or city?",
    "profile.ask_products": "📦 Main products?",
    "profile.ask_keywords": "🏷 Up to 8 keywords, separated by commas:",
    "profile.too_many_keywords": "At most 8 keywords, please. You sent {count}.",
    "profile.saved": "✅ Profile saved.",
    "profile.timeout": "⌛ I stopped waiting. Your profile is as it was; /profile to change it.",
    # matching
    "alert.offer_for_you": "🔔 <b>A supplier for your need</b>",
    "alert.need_for_you": "🔔 <b>A buyer for your offer</b>",
    "alert.why": "💡 {reasons}",
    "trust.new_verified": "🛡 New member · phone verified",
    "trust.level.0": "identity not verified",
    "trust.level.1": "✅ L1 phone verified",
    "trust.level.2": "☑️ L2 registration number valid in form",
    "trust.level.3": "✅ L3 vouched for",
    "trust.deals": "{deals} confirmed deals with {partners} independent partners",
    "trust.deals_uncounted": "confirmed deals only with new accounts or a closed group: not counted",
    "trust.repeat": "returning partners: {count}",
    "trust.since": "member since {month}",
    "trust.rating": "{rating}★ ({count})",
    "trust.few_ratings": "ratings that count: {count}{received}, not enough yet",
    "trust.ratings_received": " ({total} received)",
    "trust.card_title": "🛡 <b>Trust record</b>",
    "trust.card_own_title": "🛡 <b>Your trust record</b>",
    "trust.card.level": "{level}\n<i>L1: a phone number shared with Telegram's button. L2: a business registration number valid in form (for China, its check character); the business itself is not checked, and a number another account also gave counts only once an established circle's admins settle it. L3: vouched for by the admins of two established trade circles (the bot in each for 30 days or more, 10 or more members who trade posting there).</i>",
    "trust.card.level_hint": "Tap 📎 and share your phone number to reach L1.",
    "trust.card.level_since": "Recorded on {date}.",
    "verify.usage": "Send <code>/verify</code> and your business registration: China's 18-character unified social credit code (<code>/verify 91350100M000100Y43</code>), or a country code and the number elsewhere (<code>/verify GB 12345678</code>). It raises your record to L2; the number itself is never shown.",
    "verify.bad_code": "That unified social credit code does not check out (its last character does not match). Please copy it again from the business licence.",
    "verify.done": "☑️ Credit code recorded, its check character valid: your record now shows L2. Nobody has checked the business itself, and your card says so.",
    "verify.done_format": "☑️ Registration number recorded (its form only was checked): your record now shows L2. Nobody has checked the business itself, and your card says so.",
    "verify.unknown_country": "There is no country with the code {country}. Write the two-letter country code first, for example <code>/verify GB 12345678</code> or <code>/verify DE HRB 123456</code>.",
    "verify.already": "Your business registration is already on your record.",
    "verify.disputed": "⚠️ Another account gave this registration number before you. Your claim is recorded and marked <b>disputed</b>, and so is theirs unless an established circle's admins already settled it for them: a disputed number gives no L2. If the business is yours, ask an admin of an established trade circle that knows you to reply to one of your messages there with <code>/circle settle</code>.",
    "admin.registration_disputed": "🔍 Registration number disputed: {country} {number} was given by accounts {members}. Neither shows L2 until an established circle's admins settle it (/circle settle).",
    "admin.registration_claimed_again": "🔍 Registration number claimed again: {country} {number}, settled for account {winner}, was given by accounts {members}. The newest claim is disputed; the settlement stands.",
    "admin.registration_settled": "✅ Registration number settled: {country} {number} is account {winner}'s, say the admins of circle {circle} ({title}; admin {admin}). Records of accounts {members} show it.",
    "cmd.verify": "Verify your business (L2)",
    "trust.card.deals": "🤝 {deals} confirmed deals with {partners} independent partners · returning: {repeat}\n<i>Only deals both sides confirmed count, at most 3 with one partner. A partner is independent when their account is 30 days old or more and they trade beyond a closed group of 12 accounts around this member.</i>",
    "trust.card.disputed": "⚠️ Registration number disputed: another account gave the same number. Neither has L2 until the admins of an established circle settle it.",
    "trust.card.confirmed_by": "🏘 Business confirmed by the admins of {circle}.",
    "trust.card.vouched_in": "🏘 Vouched for by admins of: {circles}",
    "trust.card.others": "\n<i>Deals with new accounts, or with accounts that deal only among themselves, are not counted.</i>",
    "alert.first_by_record": "🏅 First for its record: {deals} confirmed deals with {partners} independent partners",
    "trust.card.rating": "⭐ Rating: {rating}★ from {count} ratings that count{received}\n<i>Only partners of confirmed deals rate; recent ratings and proven raters weigh more. One rating counts per rater, their latest, and none from an account under 7 days old when it rated; raters with new accounts, or who deal only among themselves, count together as one.</i>",
    "trust.card.few": "⭐ Ratings that count: {count}{received}; a score shows from 3\n<i>Only partners of confirmed deals rate. One rating counts per rater, their latest, and none from an account under 7 days old when it rated; raters with new accounts, or who deal only among themselves, count together as one.</i>",
    "trust.card.since": "📅 Member since {date}",
    "trust.card.footer": "Nothing here can be bought. Names stay private until both sides agree to exchange contacts.",
    "trust.usage": "/trust shows your own record; /trust @username, or /trust as a reply to their message, shows someone's.",
    "trust.unknown_user": "I do not know @{username}: they have not used TradeCircle yet.",
    "btn.trust": "🛡 Trust record",
    "cmd.trust": "Trust records",
    "alert.too_good": "⚠️ Priced 40% or more under similar offers. Ask for details and never pay in advance to new bank details.",
    "alert.too_good_short": "⚠️ priced 40%+ under similar offers: never pay in advance",
    "trust.card.complaints": "⚠️ Complaints: {count} · answered: {answered}{latest}\n<i>Partners of a contact exchange can report a problem; the member may answer once.</i>",
    "trust.card.no_complaints": "⚠️ Complaints: none\n<i>Partners of a contact exchange can report a problem; the member may answer once.</i>",
    "trust.card.latest_complaint": "\nLatest: {reason}",
    "trust.card.latest_answer": " · answer: “{text}”",
    "trust.complaints": "complaints: {count}",
    "trust.no_complaints": "no complaints",
    "trust.replies": "replies in ~{hours} h",
    "trust.card.replies": "⏱ Answers contact requests in ~{hours} h (median) · {share} within 24 h\n<i>From the requests made to this member.</i>",
    "trust.card.comment": "\nLatest comment: “{text}”",
    "alert.trust_new": "🛡 New member: no trade record yet",
    "reason.brand": "same brand: {name}",
    "reason.concept": "same product: {name}",
    "reason.meaning": "same product: {need} ≈ {offer} (similar meaning)",
    "reason.spec": "both {name}",
    "reason.term": "shared word: {term}",
    "reason.moq": "MOQ {moq} ≤ need {quantity} {unit}",
    "reason.price": "price {offer} ≤ budget {budget} / {unit}",
    "reason.fresh": "posted {hours} h ago",
    "reason.fresh_now": "just posted",
    "btn.contact": "🤝 Contact",
    "btn.dismiss": "🙅 Not relevant",
    "btn.accept": "✅ Accept",
    "btn.decline": "✖️ Decline",
    "match.dismissed": "Noted. You will see fewer matches like this.",
    "contact.sent": "📨 Request sent. You get their contact as soon as they accept.",
    "contact.sent_too_good": "📨 Request sent. You get their contact as soon as they accept.\n⚠️ Priced 40% or more under similar offers: never pay in advance to new bank details.",
    "contact.too_many_today": "You have asked {limit} people for their contacts today, the most for one day. Try again tomorrow.",
    "contact.already_sent": "You already asked; waiting for their answer.",
    "contact.already_in_touch": "🤝 You two have already exchanged contacts, so no new request went out. Their contact card is in the chat again.",
    "contact.incoming": (
        "📨 <b>Someone wants to contact you</b> about your post <b>{product}</b>.\n"
        "{trust}\nTheir post:\n{card}\n\nAccept to exchange contacts; until then neither side "
        "sees the other's details."
    ),
    "contact.incoming_plain": (
        "📨 <b>Someone wants to contact you</b> about your post <b>{product}</b>.\n"
        "{trust}\n\nAccept to exchange contacts; until then neither side sees the other's details."
    ),
    "contact.card": "🤝 <b>Contact for {product}</b>\n{name}{username}{profile}{phone}\n{trust}\n👆 Tap the name to open a chat.",
    "contact.profile": "\n{details} <i>(their own words)</i>",
    "contact.company": "🏢 {company}",
    "contact.region": "📍 {region}",
    "contact.phone": "\n📞 {phone}",
    "contact.username": " (@{username})",
    "contact.declined": "The other side declined the contact request for <b>{product}</b>. Other matches will follow.",
    "contact.declined_you": "Declined. They will not see your details.",
    "contact.declined_known": "Declined. You had already exchanged contacts before; they keep what you shared then.",
    "contact.accepted_you": "✅ Accepted. Contact details are on their way to both of you.",
    "contact.own_post": "This is your own post.",
    "contact.gone": "This post is no longer open.",
    "contact.phone_saved": "📞 Saved. Your number is shared only with people whose contact request you accept.",
    "contact.phone_not_yours": "Please share your own contact (the 📎 menu → Contact → yourself).",
    # search
    "search.usage": "What are you looking for? e.g. <code>/search 保温杯</code> or <code>/search vacuum flask</code>",
    "search.empty": "No open posts match <b>{query}</b> yet. Post a need and I will alert you when one appears.",
    "search.header": "🔎 <b>{query}</b> ({page}/{pages})",
    "search.photo": "See the photo",
    "trust.follow_through": "follows up {done}/{asked}",
    "trust.card.follow_through": "🔁 Follow-through: said what came of {done} of {asked} contact exchanges · fake-inquiry reports: {fake}\n<i>Buyers and sellers alike are asked a few days after exchanging contacts whether a deal came of it.</i>",
    "trust.card.last_active": "🕒 Last active: {date}",
    "trust.unknown_person": "They have not used TradeCircle yet, so they have no record.",
    "trust.hidden_sender": "{name} hides their account in forwarded messages, so I cannot tell who they are. Ask for their @username and use /trust @username.",
}
