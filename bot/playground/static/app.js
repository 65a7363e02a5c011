// TradeCircle playground: a Telegram-like page over the local fake Bot API.
// Vanilla ES2020, no dependencies. Bot and user text only ever becomes DOM text nodes.
"use strict";

(() => {
  // ---- State ----
  const state = {
    world: null,          // last GET /api/world
    chatData: null,       // last GET /api/chat
    viewer: null,         // selected person id
    chat: "bot",          // "bot" or a group id (number)
    renderedKey: null,    // "viewer:chat" whose messages are in the DOM
    stickToBottom: true,  // scroll to the end on the next render
    unpicked: new Set(),  // people unticked in the "New group" member list
  };
  const $ = (selector) => document.querySelector(selector);
  let resolveReady;
  window.playground = { ready: new Promise((resolve) => { resolveReady = resolve; }) };

  // ---- HTTP helpers: errors become Error(message) from {"error": ...} ----
  async function api(method, path, body) {
    const options = { method, headers: {} };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const response = await fetch(path, options);
    const text = await response.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch (_) { /* not JSON */ }
    if (!response.ok) throw new Error(data?.error || `${response.status} ${response.statusText}`);
    return data;
  }
  const post = (path, body) => api("POST", path, body);

  // Run a user action; any error is shown in the toast, then the world is refreshed.
  async function act(fn) {
    try {
      return await fn();
    } catch (error) {
      toast(error.message || String(error));
      return undefined;
    } finally {
      requestRefresh();
    }
  }

  // ---- Small DOM helpers ----
  function el(tag, props = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "className") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key === "dataset") Object.assign(node.dataset, value);
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child !== null && child !== undefined && child !== false) {
        node.append(child instanceof Node ? child : String(child));
      }
    }
    return node;
  }

  // ---- People helpers: colours, initials, language tags ----
  const AVATAR_COLOURS = [
    ["#ff885e", "#ff516a"], ["#ffcd6a", "#ffa85c"], ["#82b1ff", "#665fff"], ["#a0de7e", "#54cb68"],
    ["#53edd6", "#28c9b7"], ["#72d5fd", "#2a9ef1"], ["#e0a2f3", "#d669ed"],
  ];
  const NAME_COLOURS = ["#e0533d", "#d9851c", "#8a5ad5", "#2e9c3e", "#0d9aa6", "#3d72ed", "#c5489f"];
  const colourIndex = (id) => Math.abs(Number(id) || 0) % 7;
  const avatarBackground = (id) => {
    const [top, bottom] = AVATAR_COLOURS[colourIndex(id)];
    return `linear-gradient(${top}, ${bottom})`;
  };
  function initials(name) {
    const words = String(name || "?").trim().split(/\s+/).filter(Boolean);
    const first = (word) => Array.from(word)[0] || "";
    if (!words.length) return "?";
    const isLatin = /^[A-Za-z]/.test(words[0]);
    return (first(words[0]) + (isLatin && words.length > 1 ? first(words[1]) : "")).toUpperCase();
  }
  function avatar(id, name, className = "avatar") {
    const node = el("span", { className, text: initials(name), "aria-hidden": "true" });
    node.style.background = avatarBackground(id);
    return node;
  }
  function langTag(code) {
    const c = String(code || "").toLowerCase();
    if (!c) return null;
    if (c.startsWith("zh-hant") || c === "zh-tw" || c === "zh-hk") return "繁";
    if (c.startsWith("zh")) return "简";
    if (c.startsWith("en")) return "EN";
    return c.slice(0, 2).toUpperCase();
  }
  const person = (id) => state.world?.people.find((p) => p.id === id) || null;
  const firstName = (name) => String(name || "").trim().split(/\s+/)[0] || "?";

  // ---- Toast and alert (callback answers and errors) ----
  let toastTimer = null;
  function toast(text) {
    const box = $("#toast");
    box.textContent = text;
    box.hidden = false;
    box.style.animation = "none";
    void box.offsetWidth; // restart the pop-in animation
    box.style.animation = "";
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { box.hidden = true; }, 2500);
  }
  function showAlert(text) {
    $("#alert-text").textContent = text;
    $("#alert").hidden = false;
    $("#alert-ok").focus();
  }
  const closeAlert = () => { $("#alert").hidden = true; };

  // ---- Refresh loop: at most one in flight, one more if changes arrived meanwhile ----
  let refreshing = null;
  let refreshAgain = false;
  function requestRefresh() {
    if (refreshing) { refreshAgain = true; return refreshing; }
    refreshing = (async () => {
      do {
        refreshAgain = false;
        try { await refreshOnce(); } catch (error) { console.error(error); setLive(false); }
      } while (refreshAgain);
    })().finally(() => { refreshing = null; });
    return refreshing;
  }

  async function refreshOnce() {
    const world = await api("GET", "/api/world");
    state.world = world;
    chooseSelection();
    const viewer = state.viewer;
    const chat = state.chat;
    let chatData = state.chatData;
    if (viewer !== null) {
      const query = new URLSearchParams({ viewer: String(viewer), chat: String(chat) });
      try {
        chatData = await api("GET", `/api/chat?${query}`);
      } catch (error) {
        toast(error.message); // keep the world usable even if this chat cannot be read
      }
    }
    if (viewer !== state.viewer || chat !== state.chat) { refreshAgain = true; return; }
    state.chatData = chatData;
    render();
    document.body.dataset.version = String(world.version);
    resolveReady();
  }

  // Keep the viewer and chat valid for the current world; default to the first person + bot.
  function chooseSelection() {
    const { people } = state.world;
    if (!people.length) { state.viewer = null; return; }
    if (!person(state.viewer)) { state.viewer = people[0].id; state.chat = "bot"; }
    if (state.chat !== "bot" && !viewerGroups().some((g) => g.id === state.chat)) state.chat = "bot";
  }
  const viewerGroups = () => state.world.groups.filter((g) => g.members.includes(state.viewer));

  function select(viewer, chat) {
    if (viewer === state.viewer && chat === state.chat) return;
    const viewerChanged = viewer !== state.viewer;
    state.viewer = viewer;
    state.chat = chat;
    // A person just added is not in the world we hold yet: the next refresh knows them.
    if (state.world && person(viewer)) chooseSelection();
    closeMenus();
    if (viewerChanged) $("#rename-input").value = person(viewer)?.name || "";
    $("#messages").replaceChildren();
    state.renderedKey = null;
    state.chatData = null;
    if (state.world) { renderPeople(); renderTabs(); renderWorld(); }
    requestRefresh();
  }

  // ---- Live updates (Server-Sent Events) ----
  function setLive(on) {
    const dot = $("#live-dot");
    dot.className = `live-dot ${on ? "on" : "off"}`;
    dot.title = on ? "Live" : "Disconnected: retrying…";
  }
  function connectEvents() {
    const source = new EventSource("/api/events");
    source.addEventListener("open", () => { setLive(true); requestRefresh(); });
    source.addEventListener("error", () => setLive(false));
    // A change that lands while a refresh is in flight queues exactly one more refresh.
    source.addEventListener("change", () => requestRefresh());
  }

  // ---- Render: everything ----
  function render() {
    renderPeople();
    renderWorld();
    renderTabs();
    renderHeader();
    renderMessages();
    renderNotice();
  }

  // ---- Render: people list (a strip of avatars on narrow screens) ----
  function renderPeople() {
    const items = state.world.people.map((p) => {
      const tag = langTag(p.language_code);
      const button = el("button", {
        type: "button",
        className: `person${p.id === state.viewer ? " selected" : ""}`,
        dataset: { person: p.id },
        title: p.about ? `${p.name}: ${p.about}` : p.name,
        "aria-pressed": String(p.id === state.viewer),
        onclick: () => select(p.id, state.chat),
      },
      avatar(p.id, p.name),
      el("span", { className: "person-first", text: firstName(p.name) }),
      p.blocked ? el("span", { className: "strip-badge", text: "🚫", title: "blocked the bot" }) : null,
      el("span", { className: "person-text" },
        el("span", { className: "person-line" },
          el("span", { className: "person-name", text: p.name }),
          tag ? el("span", { className: "lang-tag", text: tag, title: p.language_code }) : null,
          p.blocked ? el("span", { className: "blocked-badge", text: "blocked" }) : null),
        el("span", { className: "person-about", text: p.about || "\u00a0" })));
      return el("li", {}, button);
    });
    const strip = $("#people-list");
    strip.replaceChildren(...items);
    // On the narrow strip, scroll the selected avatar into view (without moving the page)
    const selected = $(".person.selected");
    if (selected && strip.scrollWidth > strip.clientWidth) {
      const box = strip.getBoundingClientRect();
      const item = selected.getBoundingClientRect();
      if (item.left < box.left) strip.scrollLeft -= box.left - item.left + 8;
      else if (item.right > box.right) strip.scrollLeft += item.right - box.right + 8;
    }
  }

  // ---- Render: world panel (only the parts that change; typed input is kept) ----
  function renderWorld() {
    const { world } = state;
    const me = person(state.viewer);
    $("#clock-offset").textContent = `Bot clock: ${formatOffset(world.clock.offset_seconds)}`;
    const now = new Date(world.clock.now);
    $("#clock-now").textContent = isNaN(now) ? "" : now.toLocaleString(undefined, {
      weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit",
    });
    $("#selected-title").textContent = me ? `As ${me.name}` : "Selected person";
    const renameInput = $("#rename-input");
    if (me && !renameInput.value && document.activeElement !== renameInput) renameInput.value = me.name;
    const block = $("#block-button");
    block.disabled = !me;
    block.textContent = me?.blocked ? `✅ Unblock ${world.bot.first_name}` : `🚫 Block ${world.bot.first_name}`;
    block.className = me?.blocked ? "wide" : "wide danger";
    $("#privacy-toggle").checked = Boolean(world.privacy_mode);
    $("#group-list").replaceChildren(...world.groups.map(groupItem));
    $("#new-group-members").replaceChildren(...world.people.map((p) => el("label", {},
      el("input", {
        type: "checkbox", dataset: { member: p.id }, checked: !state.unpicked.has(p.id),
        onchange: (e) => (e.target.checked ? state.unpicked.delete(p.id) : state.unpicked.add(p.id)),
      }),
      p.name)));
  }

  const STATUS_LABELS = { left: "Bot not in group", member: "Bot is member", administrator: "Bot is admin" };
  function groupItem(group) {
    const names = group.members.map((id) => person(id)?.name).filter(Boolean);
    const action = (label, name, className) => el("button", {
      type: "button", className, text: label, dataset: { groupAction: name },
      onclick: () => groupBotAction(group, name),
    });
    const buttons = group.bot_status === "left"
      ? [action("Add bot", "add")]
      : [group.bot_status === "administrator" ? action("Make member", "member") : action("Make admin", "admin"),
        action("Remove bot", "remove", "danger")];
    return el("li", { className: "group-item", dataset: { group: group.id } },
      el("div", { className: "group-item-head" },
        el("span", { className: "group-title", text: `👥 ${group.title}` }),
        el("span", { className: `status-badge ${group.bot_status}`, text: STATUS_LABELS[group.bot_status] || group.bot_status })),
      el("div", { className: "group-meta", text: names.join(", ") || "no members" }),
      el("div", { className: "button-row" }, buttons));
  }

  // The acting person is the viewer when they are a member, else the group's first member.
  function groupBotAction(group, action) {
    const by = group.members.includes(state.viewer) ? state.viewer : group.members[0];
    return act(() => post(`/api/groups/${group.id}/bot`, { by, action }));
  }

  function formatOffset(seconds) {
    const total = Math.max(0, Math.round(Number(seconds) || 0));
    const d = Math.floor(total / 86400);
    const h = Math.floor((total % 86400) / 3600);
    const m = Math.floor((total % 3600) / 60);
    const parts = [];
    if (d) parts.push(`${d} d`);
    if (h || (!d && !m)) parts.push(`${h} h`);
    if (m) parts.push(`${m} min`);
    return `+${parts.join(" ")}`;
  }

  // ---- Render: chat tabs, chat header, notice bar ----
  function renderTabs() {
    const tab = (key, label) => el("button", {
      type: "button", className: `chat-tab${String(state.chat) === String(key) ? " active" : ""}`,
      dataset: { chat: key }, text: label,
      "aria-current": String(state.chat) === String(key) ? "page" : null,
      onclick: () => select(state.viewer, key === "bot" ? "bot" : Number(key)),
    });
    $("#chat-tabs").replaceChildren(
      tab("bot", `🤖 ${state.world.bot.first_name}`),
      ...viewerGroups().map((g) => tab(g.id, `👥 ${g.title}`)));
  }

  function renderHeader() {
    const { world, chatData } = state;
    const group = currentGroup();
    const setAvatar = (id, name) => {
      const node = avatar(id, name);
      node.id = "chat-avatar";
      $("#chat-avatar").replaceWith(node);
    };
    if (state.chat === "bot") {
      setAvatar(world.bot.id, world.bot.first_name);
      $("#chat-title").textContent = world.bot.first_name;
      $("#chat-subtitle").textContent = chatData?.short_description || `@${world.bot.username} · bot`;
    } else if (group) {
      setAvatar(group.id, group.title);
      $("#chat-title").textContent = group.title;
      const count = group.members.length;
      $("#chat-subtitle").textContent = `${count} member${count === 1 ? "" : "s"} · ${STATUS_LABELS[group.bot_status] || ""}`;
    }
  }
  const currentGroup = () => state.world.groups.find((g) => g.id === state.chat) || null;

  // A bar above the composer when the bot cannot take part (blocked, or not in the group).
  function renderNotice() {
    const bar = $("#notice-bar");
    const me = person(state.viewer);
    const group = currentGroup();
    const botName = state.world.bot.first_name;
    if (state.chat === "bot" && me?.blocked) {
      bar.replaceChildren(`You blocked ${botName}.`, el("button", {
        type: "button", text: "Unblock", onclick: () => setBlocked(false),
      }));
      bar.hidden = false;
    } else if (group && group.bot_status === "left") {
      bar.replaceChildren(`${botName} is not in this group.`, el("button", {
        type: "button", text: "Add bot", onclick: () => groupBotAction(group, "add"),
      }));
      bar.hidden = false;
    } else {
      bar.hidden = true;
    }
  }

  // ---- Render: messages, keyed by message_id so edits update in place ----
  function renderMessages() {
    const box = $("#messages");
    const data = state.chatData;
    if (!data) return;
    const key = `${state.viewer}:${state.chat}`;
    if (state.renderedKey !== key) { box.replaceChildren(); state.stickToBottom = true; }
    state.renderedKey = key;
    const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 48;
    const old = new Map([...box.children].map((node) => [node.dataset.key, node]));
    const reuse = (nodeKey, signature, build) => {
      const existing = old.get(nodeKey);
      if (existing && existing._signature === signature) return existing;
      const node = build();
      node.dataset.key = nodeKey;
      node._signature = signature;
      return node;
    };
    const wanted = [];
    const messages = data.messages || [];
    if (!messages.length && state.chat === "bot") {
      wanted.push(reuse("intro", data.description || "", () => introCard(data.description)));
    }
    let lastDay = null;
    let lastSender = null;
    for (const message of messages) {
      const day = new Date(message.date * 1000).toDateString();
      if (day !== lastDay) {
        wanted.push(reuse(`day:${day}`, day, () => dateSeparator(message.date)));
        lastDay = day;
        lastSender = null;
      }
      const sender = message.service ? null : message.from?.id ?? null;
      const first = sender !== lastSender;
      lastSender = sender;
      const signature = JSON.stringify([message, first]);
      wanted.push(reuse(`m:${message.message_id}`, signature, () => messageNode(message, first)));
    }
    // What the bot holds back for this person's quiet hours: said by the playground, not the bot
    if (data.note) wanted.push(reuse("note", data.note, () => noteNode(data.note)));
    wanted.forEach((node, index) => {
      if (box.children[index] !== node) box.insertBefore(node, box.children[index] || null);
    });
    while (box.children.length > wanted.length) box.lastElementChild.remove();
    if (atBottom || state.stickToBottom) box.scrollTop = box.scrollHeight;
    state.stickToBottom = false;
  }

  function introCard(description) {
    return el("div", { id: "bot-intro", className: "bot-intro" },
      el("h3", { text: "What can this bot do?" }),
      el("p", { text: description || "" }),
      el("button", { id: "start-button", type: "button", text: "START", onclick: () => sendText("/start") }));
  }

  // Building an Intl formatter is slow: one of each, made once.
  const TIME_FORMAT = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", hour12: false });

  function dateSeparator(date) {
    const d = new Date(date * 1000);
    const now = new Date(state.world?.clock?.now ?? Date.now());  // the bot's clock, as dates are
    const sameYear = d.getFullYear() === (isNaN(now) ? new Date() : now).getFullYear();
    const label = d.toLocaleDateString(undefined, { day: "numeric", month: "long", year: sameYear ? undefined : "numeric" });
    return el("div", { className: "date-sep" }, el("span", { className: "date-pill", text: label }));
  }

  function noteNode(text) {
    return el("div", { className: "message service playground-note", title: "Shown by the playground only" },
      el("span", { className: "service-pill", text: `🌙 ${text}` }));
  }

  function messageNode(message, first) {
    if (message.service) {
      return el("div", { className: "message service", dataset: { messageId: message.message_id } },
        el("span", { className: "service-pill", text: message.service }));
    }
    const from = message.from || {};
    const fromBot = Boolean(from.is_bot) || from.id === state.world.bot.id;
    const fromMe = !fromBot && from.id === state.viewer;
    const side = fromBot ? "from-bot" : fromMe ? "from-me" : "from-other";
    const showName = first && !fromMe && state.chat !== "bot";
    const time = TIME_FORMAT.format(new Date(message.date * 1000));
    const bubble = el("div", { className: `bubble${message.edit_date ? " edited" : ""}` },
      showName ? nameLabel(from) : null,
      message.contact ? contactCard(message.contact) : null,
      message.photo ? photoNode(message.photo) : null,
      typeof message.text === "string" ? renderText(message.text, message.entities || []) : null,
      typeof message.caption === "string" ? renderText(message.caption, message.caption_entities || []) : null,
      el("span", { className: "meta", text: message.edit_date ? `edited ${time}` : time }));
    return el("div", {
      className: `message ${side}${first ? " first" : ""}`, dataset: { messageId: message.message_id },
    }, el("div", { className: "message-body" }, bubble, inlineKeyboard(message)));
  }

  // A photo message's largest size, as a Telegram client shows it above the caption.
  function photoNode(sizes) {
    const largest = sizes[sizes.length - 1];
    const box = $("#messages");
    const img = el("img", {
      className: "photo", alt: "Photo",
      src: `/api/photos/${encodeURIComponent(largest.file_id)}`,
    });
    // a picture that arrives after the chat was scrolled down keeps it at the bottom
    const atBottom = () => box.scrollHeight - box.scrollTop - box.clientHeight < 48 + img.clientHeight;
    img.addEventListener("load", () => { if (atBottom()) box.scrollTop = box.scrollHeight; });
    return img;
  }

  function nameLabel(from) {
    const node = el("div", { className: "sender", text: [from.first_name, from.last_name].filter(Boolean).join(" ") });
    node.style.color = NAME_COLOURS[colourIndex(from.id)];
    return node;
  }

  function contactCard(contact) {
    const name = [contact.first_name, contact.last_name].filter(Boolean).join(" ");
    return el("div", { className: "contact-card" },
      el("span", { className: "contact-icon", text: "📞", "aria-hidden": "true" }),
      el("div", {},
        el("div", { className: "contact-name", text: name || "Contact" }),
        el("div", { className: "contact-phone", text: contact.phone_number })));
  }

  // ---- Text + MessageEntity -> DOM (offsets are UTF-16, like JS string indices) ----
  function renderText(text, entities) {
    const sorted = entities
      .filter((e) => e && e.length > 0 && e.offset >= 0 && e.offset < text.length)
      .sort((a, b) => a.offset - b.offset || b.length - a.length);
    const root = el("div", { className: "message-text" });
    appendRange(root, text, 0, text.length, sorted);
    return root;
  }

  // Append text[start, end) to parent; entities are sorted and start within the range.
  function appendRange(parent, text, start, end, entities) {
    let position = start;
    let i = 0;
    while (i < entities.length) {
      const entity = entities[i];
      const from = Math.max(entity.offset, position);
      const to = Math.min(entity.offset + entity.length, end);
      const inner = [];
      i += 1;
      while (i < entities.length && entities[i].offset < to) inner.push(entities[i++]);
      if (from >= to) continue; // overlapped by an earlier entity: skip it
      if (from > position) parent.append(text.slice(position, from));
      const node = entityNode(entity, text.slice(from, to));
      appendRange(node.content || node, text, from, to, inner);
      parent.append(node);
      position = to;
    }
    if (position < end) parent.append(text.slice(position, end));
  }

  const safeHttp = (url) => /^https?:\/\//i.test(url) ? url : null;
  function entityNode(entity, slice) {
    switch (entity.type) {
      case "bold": return el("strong");
      case "italic": return el("em");
      case "underline": return el("u");
      case "strikethrough": return el("s");
      case "code": return el("code");
      case "pre": {
        const code = el("code", { className: entity.language ? `language-${entity.language}` : null });
        const pre = el("pre", {}, code);
        pre.content = code;
        return pre;
      }
      case "blockquote": case "expandable_blockquote": return el("blockquote");
      case "spoiler": return el("span", {
        className: "spoiler", title: "Spoiler: click to reveal",
        onclick: (e) => e.currentTarget.classList.add("revealed"),
      });
      case "url": return link(safeHttp(slice) || (/^[\w.-]+\.[a-z]{2,}(\/|$)/i.test(slice) ? `https://${slice}` : null));
      case "text_link": {
        const match = /^tg:\/\/user\?id=(\d+)$/.exec(entity.url || "");
        return match ? profileChip(Number(match[1]), slice) : link(safeHttp(entity.url || ""));
      }
      case "text_mention": return profileChip(entity.user?.id, slice, entity.user);
      case "email": return el("a", { href: `mailto:${slice}` });
      case "phone_number": return el("a", { href: `tel:${slice.replace(/[^\d+]/g, "")}` });
      case "mention": case "hashtag": case "cashtag": return el("span", { className: "link-like" });
      case "bot_command": return el("span", {
        className: "bot-command", title: `Send ${slice}`, onclick: () => sendText(slice),
      });
      default: return el("span");
    }
  }
  function link(url) {
    return url ? el("a", { href: url, target: "_blank", rel: "noopener noreferrer" }) : el("span", { className: "link-like" });
  }

  // A text_mention as Telegram's clickable name: a pill with a tiny avatar.
  function profileChip(id, slice, user) {
    const known = person(id);
    const name = known?.name || [user?.first_name, user?.last_name].filter(Boolean).join(" ") || slice;
    const chip = el("span", {
      className: "profile-chip", title: `Telegram profile of ${name}`, dataset: { userId: id },
      onclick: () => toast(`In Telegram this opens the profile of ${name}.`),
    }, el("span", { className: "chip-avatar", dataset: { initials: initials(name) }, "aria-hidden": "true" }));
    chip.firstChild.style.background = avatarBackground(id); // initials via CSS: not part of the text
    const label = el("span", { className: "chip-label" });
    chip.append(label);
    chip.content = label;
    return chip;
  }

  // ---- Inline keyboards: callback buttons wait for the bot's answer ----
  function inlineKeyboard(message) {
    const rows = message.reply_markup?.inline_keyboard;
    if (!Array.isArray(rows) || !rows.length) return null;
    return el("div", { className: "inline-keyboard" }, rows.map((row) => el("div", { className: "keyboard-row" },
      row.map((b) => el("button", {
        type: "button", text: b.text,
        className: b.url ? "url-button" : null,
        dataset: b.callback_data !== undefined ? { callback: b.callback_data } : b.url ? { url: b.url } : {},
        onclick: (e) => pressButton(e.currentTarget, message, b),
      })))));
  }

  async function pressButton(button, message, spec) {
    if (spec.url) {
      const url = safeHttp(spec.url);
      if (url) window.open(url, "_blank", "noopener");
      else toast(`Telegram would open ${spec.url}`);
      return;
    }
    if (spec.callback_data === undefined) { toast("This kind of button is not simulated here."); return; }
    if (button.classList.contains("pending")) return;
    button.classList.add("pending");
    button.disabled = true;
    try {
      const result = await post("/api/press", {
        viewer: state.viewer, chat: state.chat, message_id: message.message_id, data: spec.callback_data,
      });
      const answer = result?.answer;
      if (answer?.text) (answer.show_alert ? showAlert : toast)(answer.text);
    } catch (error) {
      toast(error.message);
    } finally {
      button.classList.remove("pending");
      button.disabled = false;
      requestRefresh();
    }
  }

  // ---- Composer: send text, auto-grow, Enter to send ----
  async function sendText(text) {
    if (!text.trim() || state.viewer === null) return false;
    closeMenus();
    state.stickToBottom = true;
    const sent = await act(() => post("/api/send", { viewer: state.viewer, chat: state.chat, text }));
    return sent !== undefined;
  }

  async function submitComposer(event) {
    event?.preventDefault();
    const input = $("#composer-input");
    const text = input.value;
    if (!text.trim()) return;
    input.value = "";
    autoGrow();
    if (!(await sendText(text)) && !input.value) { input.value = text; autoGrow(); }
    input.focus();
  }

  // The chosen picture goes as a photo, the message box's words as its caption.
  async function sendPhoto(file) {
    if (!file || state.viewer === null) return;
    closeMenus();
    const input = $("#composer-input");
    const form = new FormData();
    form.append("viewer", String(state.viewer));
    form.append("chat", String(state.chat));
    form.append("caption", input.value);
    form.append("photo", file, file.name);
    state.stickToBottom = true;
    const sent = await act(async () => {
      const response = await fetch("/api/photo", { method: "POST", body: form });
      const data = await response.json().catch(() => null);
      if (!response.ok) throw new Error(data?.error || `${response.status} ${response.statusText}`);
      return data;
    });
    if (sent !== undefined) { input.value = ""; autoGrow(); }
    $("#photo-input").value = "";
  }

  function autoGrow() {
    const input = $("#composer-input");
    const box = $("#messages");
    const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 48;
    input.style.height = "auto";
    const line = 22;
    const max = line * 5 + 16;
    input.style.height = `${Math.min(Math.max(input.scrollHeight, line + 16), max)}px`;
    input.style.overflowY = input.scrollHeight > max ? "auto" : "hidden";
    if (atBottom) box.scrollTop = box.scrollHeight;
  }

  // ---- Composer helpers: the command menu and the phone form ----
  function toggleCommandMenu() {
    const menu = $("#command-menu");
    if (!menu.hidden) { closeMenus(); return; }
    closeMenus();
    const commands = state.chatData?.commands || [];
    menu.replaceChildren(...(commands.length ? commands.map((c) => el("button", {
      type: "button", role: "menuitem", dataset: { command: c.command }, onclick: () => sendText(`/${c.command}`),
    }, el("span", { className: "cmd", text: `/${c.command}` }), el("span", { className: "desc", text: ` — ${c.description}` })))
      : [el("div", { className: "empty", text: "The bot has no commands here." })]));
    menu.hidden = false;
    $("#menu-button").setAttribute("aria-expanded", "true");
  }

  function openPhoneForm() {
    closeMenus();
    if (state.chat !== "bot") select(state.viewer, "bot");
    const input = $("#phone-input");
    input.value = plausiblePhone(person(state.viewer));
    $("#phone-form").hidden = false;
    input.focus();
    input.select();
  }

  // A fictional but well-formed number, stable per person.
  function plausiblePhone(p) {
    const id = Math.abs(Number(p?.id) || 0);
    const digits = (n) => String(id * 7919 % 10 ** n).padStart(n, "0");
    const lang = String(p?.language_code || "").toLowerCase();
    if (lang.startsWith("zh-hant")) return `+852 9${digits(3)} ${digits(4)}`;
    if (lang.startsWith("en")) return `+44 7700 900${digits(3)}`;
    return `+86 138 0013 ${digits(4)}`;
  }

  async function submitPhone(event) {
    event.preventDefault();
    const phone = $("#phone-input").value.trim();
    if (!phone) return;
    state.stickToBottom = true;
    const done = await act(() => post("/api/share-phone", { viewer: state.viewer, phone }));
    if (done !== undefined) $("#phone-form").hidden = true;
  }

  function closeMenus() {
    $("#command-menu").hidden = true;
    $("#menu-button").setAttribute("aria-expanded", "false");
    $("#phone-form").hidden = true;
  }

  // ---- World actions ----
  const setBlocked = (blocked) => act(() => post(`/api/people/${state.viewer}/block`, { blocked }));

  async function addPerson(event) {
    event.preventDefault();
    const name = $("#new-person-name").value.trim();
    if (!name) return;
    const created = await act(() => post("/api/people", { name, language_code: $("#new-person-lang").value }));
    if (created?.id !== undefined) {
      $("#new-person-name").value = "";
      setWorldOpen(false); // on a phone: show their empty chat
      select(created.id, "bot");
    }
  }

  async function renamePerson(event) {
    event.preventDefault();
    const name = $("#rename-input").value.trim();
    if (name && state.viewer !== null) await act(() => api("PATCH", `/api/people/${state.viewer}`, { name }));
  }

  async function createGroup(event) {
    event.preventDefault();
    const title = $("#new-group-title").value.trim();
    if (!title) return;
    const members = state.world.people.map((p) => p.id).filter((id) => !state.unpicked.has(id));
    const group = await act(() => post("/api/groups", { title, members, by: state.viewer }));
    if (group?.id !== undefined) {
      $("#new-group-title").value = "";
      if (members.includes(state.viewer)) select(state.viewer, group.id);
    }
  }

  function setWorldOpen(open) {
    document.body.classList.toggle("world-open", open);
    $("#sheet-backdrop").hidden = !open;
    $("#world-button").setAttribute("aria-expanded", String(open));
  }

  // ---- Event wiring and start ----
  function wire() {
    $("#composer").addEventListener("submit", submitComposer);
    const input = $("#composer-input");
    input.addEventListener("input", autoGrow);
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && !e.shiftKey && !e.isComposing && e.keyCode !== 229) submitComposer(e);
    });
    $("#menu-button").addEventListener("click", toggleCommandMenu);
    $("#share-phone-button").addEventListener("click", openPhoneForm);
    $("#photo-button").addEventListener("click", () => $("#photo-input").click());
    $("#photo-input").addEventListener("change", (e) => sendPhoto(e.target.files[0]));
    $("#phone-form").addEventListener("submit", submitPhone);
    $("#phone-cancel").addEventListener("click", closeMenus);
    $("#alert-ok").addEventListener("click", closeAlert);
    $("#add-person-form").addEventListener("submit", addPerson);
    $("#rename-form").addEventListener("submit", renamePerson);
    $("#new-group-form").addEventListener("submit", createGroup);
    $("#block-button").addEventListener("click", () => setBlocked(!person(state.viewer)?.blocked));
    $("#privacy-toggle").addEventListener("change", (e) => act(() => post("/api/privacy", { enabled: e.target.checked })));
    for (const button of document.querySelectorAll("[data-advance]")) {
      button.addEventListener("click", () => act(() => post("/api/clock", { seconds: Number(button.dataset.advance) })));
    }
    $("#world-collapse").addEventListener("click", () => {
      const collapsed = $("#world").classList.toggle("collapsed");
      $("#world-collapse").setAttribute("aria-expanded", String(!collapsed));
    });
    $("#world-button").addEventListener("click", () => setWorldOpen(!document.body.classList.contains("world-open")));
    $("#world-close").addEventListener("click", () => setWorldOpen(false));
    $("#sheet-backdrop").addEventListener("click", () => setWorldOpen(false));
    document.addEventListener("keydown", (e) => {
      if (e.key !== "Escape") return;
      if (!$("#alert").hidden) closeAlert();
      else { closeMenus(); setWorldOpen(false); }
    });
    document.addEventListener("click", (e) => {
      const menu = $("#command-menu");
      if (!menu.hidden && !menu.contains(e.target) && !$("#menu-button").contains(e.target)) {
        menu.hidden = true;
        $("#menu-button").setAttribute("aria-expanded", "false");
      }
    });
  }

  function start() {
    wire();
    autoGrow();
    requestRefresh();
    if (window.EventSource) connectEvents();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
