// The game page: the start screen, the WebSocket to the server (which keeps the game and
// checks every move), choosing a move by taps, drags or the keyboard, and the game's tools.
"use strict";
const $ = id => document.getElementById(id);
let ws = null, S = null, L = null, hello = null, pendingRoom = null;
const ui = { selected: null, prefix: [], ambiguous: null, must: [], dots: [], steps: [], shownPaths: [], hint: null, cursor: null, flipped: false, showNames: false };
let hintCache = null, drag = null, lastOpponent = null;

function send(msg) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg)); }
function say(text, info) { const m = $("msg"); m.textContent = text || ""; m.className = info ? "info" : ""; }

function connect() {
  ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws");
  ws.onopen = () => say("");
  ws.onmessage = ev => { try { onMessage(JSON.parse(ev.data)); } catch (e) { console.error(e); } };
  ws.onclose = () => { say(t("disconnected")); setTimeout(connect, 1500); };
}

function onMessage(m) {
  if (m.t === "hello") return onHello(m);
  if (m.t === "state") return onState(m);
  if (m.t === "illegal") return onIllegal(m);
  if (m.t === "hint") return onHint(m);
  if (m.t === "room") return onRoom(m);
  if (m.t === "error") return onError(m);
}

function onHello(m) {
  const first = !hello;
  hello = m;
  if (first) fillVariants(m);
  const params = new URLSearchParams(location.search);
  const room = params.get("room") || (loadJSON("dama.room") || {}).code;
  const saved = loadJSON("dama.game");
  if (room) {
    const r = loadJSON("dama.room");
    send({ t: "join_room", code: room, token: r && r.code === room ? r.token : null });
  } else if (saved) {
    send({ t: "resume", variant: saved.variant, level: saved.level, colour: saved.colour, moves: saved.moves, fen: saved.fen || null });
  } else if (!S) {
    showStart();
  }
}

function onError(m) {
  if (m.code === "resume") { localStorage.removeItem("dama.game"); showStart(); return say(t("resumeFailed") + " " + m.text); }
  if (m.code === "no_room" || m.code === "full" || (m.code === "rate" && !S)) {
    localStorage.removeItem("dama.room");
    if (new URLSearchParams(location.search).get("room")) history.replaceState(null, "", "/");
    if (!S) showStart();
  }
  say(m.code === "busy" ? t("busy") + " (" + m.text + ")" : m.text);
}

function loadJSON(key) { try { return JSON.parse(localStorage.getItem(key)); } catch (e) { return null; } }

function fillVariants(m) {
  const sel = $("variant");
  sel.textContent = "";
  for (const v of m.variants) { const o = document.createElement("option"); o.value = v; o.textContent = variantName(v); sel.appendChild(o); }
  sel.value = localStorage.getItem("dama.variant") || m.variant;
  const levels = $("levels");
  levels.textContent = "";
  const chosen = localStorage.getItem("dama.level") || "3";
  for (let i = 1; i <= 5; i++) {
    const lab = document.createElement("label");
    const inp = document.createElement("input");
    Object.assign(inp, { type: "radio", name: "level", value: String(i), checked: String(i) === chosen });
    lab.append(inp, " " + i);
    lab.title = t("levelN", { n: i });
    levels.appendChild(lab);
  }
}

function showStart() { $("start").hidden = false; $("game").hidden = true; S = null; }
function chosenLevel() { const r = document.querySelector("input[name=level]:checked"); return r ? Number(r.value) : 3; }

function onState(m) {
  const fresh = !S || S.board.variant !== m.board.variant || m.ply !== S.ply || (S.over == null) !== (m.over == null);
  S = m;
  $("start").hidden = true; $("game").hidden = false;
  L = layout(S.board, (S.you === "white") !== ui.flipped);
  if (fresh) { resetChoice(); if (!hintCache || hintCache.ply !== S.ply) ui.hint = null; }
  if (!S.room) {
    localStorage.setItem("dama.game", JSON.stringify({ variant: S.board.variant, level: S.level, colour: S.you, moves: S.history, fen: S.fen }));
    localStorage.removeItem("dama.room");
  } else {
    localStorage.setItem("dama.room", JSON.stringify({ code: S.room.code, token: S.room.token }));
    localStorage.removeItem("dama.game");
  }
  ui.must = S.moves.some(mv => mv.cap.length) ? [...new Set(S.moves.map(mv => mv.path[0]))] : [];
  render();
}

function myTurn() { return S && S.moves.length > 0; }

function statusText() {
  if (!S) return "";
  const side = t("side_" + S.side);
  if (S.over) {
    const o = S.over, loser = o.winner === "white" ? "black" : "white";
    const who = o.cause === "resigned" ? t("side_" + loser) : (o.cause === "crowned" ? t("side_" + (o.winner || "white")) : t("side_" + S.side));
    const reason = t("c_" + o.cause, { side: cap(who), text: o.text });
    const res = o.winner == null ? t("draw") : (o.winner === S.you ? t("youWin") : t("youLose"));
    return res + " " + reason + " (" + o.result + ")";
  }
  if (S.room && !S.started) return t("waitFriend");
  if (S.thinking) return t("thinking");
  if (myTurn()) return t("yourTurn", { side }) + (ui.must.length ? " " + t("mustCapture") : "");
  return t("theirTurn", { side });
}
function cap(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

function render() {
  if (!S) return;
  $("status").textContent = statusText();
  $("board").setAttribute("aria-label", t("board") + ": " + variantName(S.board.variant));
  drawBoard($("board"), S, ui, L);
  const solo = !S.room;
  $("hint").hidden = !solo; $("undo").hidden = !solo;
  $("hint").disabled = !myTurn();
  $("undo").disabled = !S.history.length;
  $("resign").disabled = !myTurn();
  $("pdn").value = S.pdn;
  $("download").href = "data:application/x-portable-game-notation;charset=utf-8," + encodeURIComponent(S.pdn);
  renderCounters();
  renderRoom();
}

function renderCounters() {
  const c = S.counters, list = $("counters");
  list.textContent = "";
  const items = [];
  if (c.repetition[1] > 0) items.push(t("rep", { seen: c.repetition[0], needed: c.repetition[1] }));
  if (c.quiet[1] > 0) items.push(t(c.man_move_resets ? "quiet" : "quietCap", { n: c.quiet[0], limit: c.quiet[1] }));
  if (c.endgame) items.push(t("endgame", c.endgame));
  else if (c.repetition[1] > 0 || c.quiet[1] > 0) items.push(t("noEndgame"));
  if (!items.length) items.push(t("noRules"));
  for (const s of items) { const li = document.createElement("li"); li.textContent = s; list.appendChild(li); }
}

function renderRoom() {
  const r = S.room;
  $("room").hidden = !r;
  if (!r) return;
  $("room-code").textContent = r.code.slice(0, 5) + "-" + r.code.slice(5);
  $("opponent").textContent = "(" + t(r.opponent, { s: r.seconds_left }) + ")";
  $("invite").hidden = S.started;
  if (r.opponent === "away" && r.seconds_left > 0) {
    clearTimeout(renderRoom.timer);
    renderRoom.timer = setTimeout(() => { if (S && S.room && S.room.opponent === "away" && S.room.seconds_left > 1) { S.room.seconds_left--; renderRoom(); } }, 1000);
  }
}

function onRoom(m) {
  pendingRoom = m;
  $("qr").src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(m.qr);
  $("qr").alt = m.link;
  $("room-link").href = m.link;
  $("room-link").textContent = m.link;
  history.replaceState(null, "", "/?room=" + m.code);
}

// --- choosing a move ---------------------------------------------------------------

function resetChoice() {
  ui.selected = null; ui.prefix = []; ui.ambiguous = null; ui.dots = []; ui.steps = []; ui.shownPaths = [];
}

function startsWith(path, prefix) { return prefix.every((n, i) => path[i] === n); }
function sameMove(a, b) { return a.path[a.path.length - 1] === b.path[b.path.length - 1] && a.cap.length === b.cap.length && a.cap.every(c => b.cap.includes(c)); }
function last(p) { return p[p.length - 1]; }
function ownPiece(n) { const p = S.pieces.find(p => p[0] === n); return p && p[1] === S.you[0]; }

function select(n) {
  resetChoice();
  ui.selected = n; ui.prefix = [n];
  refreshMarks();
}

function refreshMarks() {
  const cands = S.moves.filter(m => startsWith(m.path, ui.prefix));
  ui.shownPaths = cands;
  ui.dots = [...new Set(cands.map(m => last(m.path)))];
  ui.steps = [];
  if (ui.ambiguous != null) {
    const k = ui.prefix.length;
    ui.steps = [...new Set(cands.filter(m => last(m.path) === ui.ambiguous && m.path.length > k + 1).map(m => m.path[k]))];
    ui.dots = ui.dots.filter(d => d !== ui.ambiguous);
  }
}

function tapSquare(n) {
  if (!S) return;
  if (S.over) return;
  if (!myTurn()) { say(t("notYourTurn")); return; }
  if (ui.prefix.length === 0 || (ui.prefix.length === 1 && n !== ui.selected && ownPiece(n))) {
    if (!ownPiece(n)) { say(t("selectPiece")); return; }
    say(""); select(n); render(); return;
  }
  if (ui.prefix.length === 1 && n === ui.selected) {
    const removal = S.moves.find(m => m.path.length === 2 && m.path[0] === n && m.path[1] === n);
    if (removal) return play(removal.path);
    resetChoice(); render(); return;
  }
  const k = ui.prefix.length;
  const cands = S.moves.filter(m => startsWith(m.path, ui.prefix));
  const finals = cands.filter(m => last(m.path) === n && m.path.length > k);
  const distinct = finals.filter((m, i) => finals.findIndex(o => sameMove(o, m)) === i);
  const through = cands.filter(m => m.path.length > k + 1 && m.path[k] === n);
  if (distinct.length === 1 && through.every(m => sameMove(m, distinct[0]))) return play(finals[0].path);
  if (distinct.length > 1) { ui.ambiguous = n; refreshMarks(); say(t("twoPaths"), true); render(); return; }
  if (through.length) { ui.prefix.push(n); ui.ambiguous = null; refreshMarks(); render(); return; }
  // not a legal move: the server says why
  send({ t: "move", path: ui.prefix.concat([n]) });
}

function play(path) {
  send({ t: "move", path });
  resetChoice();
  ui.hint = null;
  say("");
  render();
}

function onIllegal(m) {
  say(t("illegal", { why: reason(m.text) }));
  const from = m.from;
  resetChoice();
  render();
  const g = document.querySelector(`[data-piece="${from}"]`);
  if (g) { g.classList.remove("shake"); void g.getBBox(); g.classList.add("shake"); }
}

function onHint(m) {
  if (!S || m.ply !== S.ply || !m.path) return;
  hintCache = { ply: m.ply, path: m.path };
  ui.hint = { path: m.path, whole: false };
  say(t("hintPiece"), true);
  render();
}

// --- input: pointer and keyboard ----------------------------------------------------

function onPointerDown(ev) {
  if (!L) return;
  const c = cellAt($("board"), L, ev);
  if (!c || !c.sq) return;
  ui.cursor = null;
  drag = { from: c.sq.n, moved: false, x: ev.clientX, y: ev.clientY, wasSelected: ui.selected === c.sq.n };
  tapSquare(c.sq.n);
}

function onPointerMove(ev) {
  if (!drag) return;
  if (Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) > 10) drag.moved = true;
  const g = document.querySelector(`[data-piece="${drag.from}"]`);
  if (g && drag.moved && ui.selected === drag.from) {
    const r = $("board").getBoundingClientRect(), k = L.w * CELL / r.width;
    g.setAttribute("transform", `translate(${(ev.clientX - drag.x) * k} ${(ev.clientY - drag.y) * k})`);
  }
}

function onPointerUp(ev) {
  const d = drag;
  drag = null;
  if (!d || !d.moved) return;
  const c = cellAt($("board"), L, ev);
  if (c && c.sq && c.sq.n !== d.from && ui.selected === d.from) tapSquare(c.sq.n);
  else render();
}

function onKey(ev) {
  if (!L) return;
  const moves = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  if (moves[ev.key]) {
    ev.preventDefault();
    const cur = ui.cursor || { sx: Math.floor(L.w / 2), sy: L.h - 1 };
    const [dx, dy] = moves[ev.key];
    ui.cursor = { sx: Math.min(L.w - 1, Math.max(0, cur.sx + dx)), sy: Math.min(L.h - 1, Math.max(0, cur.sy + dy)) };
    announceCursor();
    render();
  } else if (ev.key === "Enter" || ev.key === " ") {
    ev.preventDefault();
    const sq = ui.cursor && L.byCell.get(ui.cursor.sx + "," + ui.cursor.sy);
    if (sq) tapSquare(sq.n);
  } else if (ev.key === "Escape") {
    resetChoice(); say(""); render();
  }
}

function announceCursor() {
  const sq = L.byCell.get(ui.cursor.sx + "," + ui.cursor.sy);
  if (!sq) { $("cursor-info").textContent = ""; return; }
  const p = S.pieces.find(p => p[0] === sq.n);
  const what = p ? t((p[2] ? "king_" : "man_") + p[1]) : t("empty");
  $("cursor-info").textContent = t("cursor", { sq: sq.name, what });
}

// --- buttons ---------------------------------------------------------------------------

function newGame() {
  const variant = $("variant").value;
  localStorage.setItem("dama.variant", variant);
  localStorage.setItem("dama.level", String(chosenLevel()));
  localStorage.removeItem("dama.game");
  ui.flipped = false; hintCache = null;
  send({ t: "new", variant, level: chosenLevel(), colour: $("colour").value });
}

function wire() {
  $("play-engine").onclick = newGame;
  $("play-friend").onclick = () => { ui.flipped = false; send({ t: "create_room", variant: $("variant").value, level: chosenLevel() }); };
  $("join").onsubmit = ev => { ev.preventDefault(); ui.flipped = false; send({ t: "join_room", code: $("code").value, token: null }); };
  $("hint").onclick = () => {
    if (hintCache && S && hintCache.ply === S.ply && ui.hint) { ui.hint.whole = true; say(t("hintPath"), true); render(); }
    else send({ t: "hint" });
  };
  $("undo").onclick = () => { hintCache = null; send({ t: "undo" }); };
  $("flip").onclick = () => { ui.flipped = !ui.flipped; L = layout(S.board, (S.you === "white") !== ui.flipped); render(); };
  $("resign").onclick = () => { if (confirm(t("confirmResign"))) send({ t: "resign" }); };
  $("new").onclick = () => {
    send({ t: "leave" }); localStorage.removeItem("dama.game"); localStorage.removeItem("dama.room");
    history.replaceState(null, "", "/"); showStart(); say("");
  };
  toggle("counters-btn", "counters");
  toggle("pdn-btn", "pdn-box");
  $("copy").onclick = async () => {
    try { await navigator.clipboard.writeText(S.pdn); } catch (e) { $("pdn").select(); document.execCommand("copy"); }
    say(t("copied"), true);
  };
  const board = $("board");
  board.addEventListener("pointerdown", onPointerDown);
  window.addEventListener("pointermove", onPointerMove);
  window.addEventListener("pointerup", onPointerUp);
  board.addEventListener("keydown", onKey);
  $("lang").onchange = () => { localStorage.setItem("dama.lang", $("lang").value); applyLanguage($("lang").value); render(); };
}

function toggle(button, panel) {
  $(button).onclick = () => {
    const p = $(panel); p.hidden = !p.hidden;
    $(button).setAttribute("aria-expanded", String(!p.hidden));
  };
}

applyLanguage(chooseLanguage());
$("lang").value = LANG;
wire();
connect();
