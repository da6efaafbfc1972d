// A game page: draws what the server sends for this seat, and sends clicks back as actions.
// It knows no game: the board is the server's drawing, each target names its action, and the
// pieces name themselves (data-piece) and their look (data-state), so what changed can shine.
"use strict";
const gameId = location.pathname.split("/")[2];
const params = new URLSearchParams(location.search);
const seat = params.has("seat") ? Number(params.get("seat")) : null;
const token = params.get("token");
const hostToken = localStorage.getItem(`upriver-host-${gameId}`);
// The server keeps only a hash of each seat's secret: this browser keeps the link it joined by.
if (seat !== null && token) rememberSeatLink(gameId, seat, location.href);

const STEP_MS = 300;  // the shortest time another seat's decision stays on screen
// On a touch screen: every target at least this many CSS pixels (the board is zoomed and
// panned in its own box), and a first tap shows a piece, a second plays it.
const TOUCH = matchMedia("(pointer: coarse)").matches;
const MIN_TARGET_PX = 33;
const MAX_ZOOM = 8;
let zoom = 1;  // only grows, so the board does not change size between decisions
let armed = null;  // the action whose piece was tapped once
let current = null;
let socket = null;
let busy = false;
let sentPly = null;  // the decision number of this page's own action on its way
let queue = [];  // updates waiting to be shown, one decision at a time
let lastShown = 0;
let baseline = null;  // the pieces' looks right after this seat's last decision
let mineUpTo = 0;  // log length right after this seat's last decision

// The header's line: whose turn, or who won; seats named with their colours.
function status(p) {
  if (p.over) return ["Game over: ", ...winnersText(p)];
  if (p.status === "abandoned") return ["Abandoned: a person ran out of time"];
  if (p.to_move === seat && p.legal.length) return ["Your turn"];
  if (p.thinking !== null && p.thinking !== undefined) return [nameEl(p.seats, p.thinking), " is thinking…"];
  return [nameEl(p.seats, p.to_move), " to move"];
}

function pieceStates() {
  const states = new Map();
  for (const node of document.querySelectorAll("#board [data-piece]")) states.set(node.dataset.piece, node.dataset.state);
  return states;
}

function markChanges() {
  if (!baseline) return;
  for (const node of document.querySelectorAll("#board [data-piece]")) {
    const before = baseline.get(node.dataset.piece);
    if (before !== node.dataset.state) node.classList.add("changed");
  }
}

function render(p) {
  const previous = current;
  p.seats.forEach((s, i) => { s.colour = (p.colours || [])[i]; });
  current = p;
  lastShown = performance.now();
  document.title = `${p.legal.length ? "● Your turn: " : ""}${p.name}: upriver`;
  $("#title").replaceChildren(p.name + (seat === null ? " (watching)" : " · you: "),
    ...(seat === null ? [] : [nameEl(p.seats, seat)]));
  $("#status").replaceChildren(...status(p));
  $("#status").classList.toggle("your-turn", p.to_move === seat && p.legal.length > 0);
  const board = $("#board");
  board.innerHTML = p.svg;
  board.dataset.ply = p.ply;
  armed = null;
  fitForTouch(p);
  // What changed since this seat's last decision (for a spectator: since the last update).
  const ownResult = seat !== null && sentPly !== null && p.ply === sentPly + 1
    && previous && previous.to_move === seat;
  if (ownResult || !baseline) {
    baseline = pieceStates();
    mineUpTo = p.log.length;
  } else {
    markChanges();
    if (seat === null) baseline = pieceStates();
  }
  drawActions(p);
  $("#undo").disabled = !p.can_undo;
  $("#undo").hidden = seat === null;
  drawLog(logEntries(p), p.seats, opponentName(p), p.opponent_colour);
  drawRecent(p);
  $("#events").replaceChildren(...p.events.map((e) => el("li", { "data-ply": e.ply },
    `Decision ${e.ply}: ${e.text}`)));
  $("#events-box").hidden = p.events.length === 0;
  drawSeats(p);
  drawClock();
  drawRematch(p);
  $("#final").hidden = !p.over;
  if (p.over) {
    $("#scores").replaceChildren(scoreTable(p));
    $("#replay-link").href = `/games/${gameId}/replay` + (token ? `?token=${encodeURIComponent(token)}` : "");
  }
}

// Done and pass stay buttons; every other decision is made on the board, and all of them are
// also listed (a fallback for those who prefer a list, and for screen readers).
function drawActions(p) {
  const onBoard = new Set([...document.querySelectorAll("#board [data-action]")].map((t) => t.dataset.action));
  const passes = p.legal.filter((a) => !onBoard.has(a));
  $("#passes").replaceChildren(...passes.map((a) =>
    el("button", { class: "action pass primary", "data-action": a, onclick: () => send(a) }, a)));
  if (!p.legal.length) {
    const why = p.over ? "The game is over." : seat === null ? "You are watching."
      : "Waiting for the other players.";
    $("#passes").append(el("span", { class: "muted" }, why));
  } else if (!passes.length) {
    $("#passes").append(el("span", { class: "muted" }, "Choose on the board (highlighted)."));
  }
  const list = $("#all-actions");
  list.hidden = !p.legal.length;
  $("#all-actions-list").replaceChildren(...p.legal.filter((a) => onBoard.has(a)).map((a) =>
    el("button", { class: "action", "data-action": a, onclick: () => send(a) }, a)));
}

// The log's entries: [seat, decision, its number] for each decision, each followed by what an
// automated opponent (a solo game's AI board) did with it, ["opponent", step, null].
function logEntries(p) {
  const steps = p.opponent_log || [];
  const out = [];
  let k = 0;
  p.log.forEach(([who, action], i) => {
    out.push([who, action, i + 1]);
    for (; k < steps.length && steps[k][0] <= i + 1; k++) out.push(["opponent", steps[k][1], null]);
  });
  return out;
}

function opponentName(p) {
  const names = p.opponent_names || [];
  return names.length ? `The opponent (${names.join(", ")})` : "The opponent";
}

// Another seat's run of decisions since this seat's last one, and the opponent's steps, a
// line per seat and turn.
function drawRecent(p) {
  const lines = [];
  const add = (who, action) => {
    const last = lines[lines.length - 1];
    if (last && last.seat === who) last.actions.push(action);
    else lines.push({ seat: who, actions: [action] });
  };
  let n = 0;  // the decision the entries so far came with
  for (const [who, action, number] of logEntries(p)) {
    if (number !== null) n = number;
    if (who === "opponent" ? n >= mineUpTo && n > 0 : n > mineUpTo && who !== seat) add(who, action);
  }
  $("#recent").replaceChildren(...lines.slice(-6).map((l) =>
    el("li", { class: l.seat === "opponent" ? "opponent" : null },
      l.seat === "opponent" ? opponentEl(opponentName(p), p.opponent_colour)
        : nameEl(p.seats, l.seat), ": ",
      l.actions.join(" · "))));
  $("#recent-box").hidden = lines.length === 0 || seat === null;
}

function drawSeats(p) {
  $("#seats").replaceChildren(...p.seats.map((s, i) => {
    const item = el("li", { class: i === p.to_move ? "to-move" : null }, nameEl(p.seats, i),
      s.kind === "bot" ? "" : " (person)", i === seat ? " · you" : "",
      i === p.to_move ? " · to move" : "", p.thinking === i ? " · thinking…" : "", " ");
    const open = !p.over && p.status !== "abandoned";
    const mayHand = open && s.kind === "human" && (hostToken || i === seat);
    if (mayHand) item.append(el("button", { class: "hand-to-bot", "data-seat": i,
      onclick: () => handToBot(i) }, i === seat ? "Leave: a bot plays for me" : "Hand to a bot"));
    if (s.away) item.append(" · away: a bot plays for now");
    if (open && s.away && i === seat) item.append(" ", el("button", { class: "come-back primary",
      onclick: comeBack }, "Take my seat back"));
    return item;
  }));
}

// The log mostly grows: add the new lines; after an undo, or once a simultaneous step is
// revealed (hidden lines replaced by what each seat chose), redraw it.
let shownLog = [];
function drawLog(entries, seats, opponent, colour) {
  const n = shownLog.length;
  const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];
  const list = $("#log");
  if (n <= entries.length && shownLog.every((line, i) => same(line, entries[i]))) {
    list.append(...logList(entries.slice(n), seats, opponent, colour));
  } else {
    list.replaceChildren(...logList(entries, seats, opponent, colour));
  }
  shownLog = entries;
  list.scrollTop = list.scrollHeight;
}

function showError(err) { $("#error").textContent = err ? err.message || String(err) : ""; }

async function post(path, body, ply) {
  if (busy || offline()) return;
  busy = true;
  showError(null);
  sentPly = ply;
  try {
    const p = await api("POST", path, body);
    // The socket brings the same position to every page; without it, draw the answer here.
    if (!socket || socket.readyState !== WebSocket.OPEN) show(p);
  } catch (err) {
    // A race lost to an update this page already shows is nothing to worry about.
    if (!(err.message.startsWith("stale") && current && current.ply > ply)) showError(err);
  } finally {
    busy = false;
  }
}

const send = (action) => post(`/api/games/${gameId}/actions`,
  { seat, token, action, ply: current.ply }, current.ply);
const undo = () => post(`/api/games/${gameId}/undo`, { seat, token, ply: current.ply }, current.ply);

// The turn timer: the time left of the turn under way, and after a warning, of the grace.
function drawClock() {
  const p = current;
  const box = $("#clock");
  const end = p && p.clock && p.clock.deadline && !p.over ? Date.parse(p.clock.deadline) : null;
  box.hidden = end === null;
  if (end === null) return;
  const left = Math.max(0, Math.round((end - Date.now()) / 1000));
  const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  const who = p.to_move === seat ? "you" : seatLabel(p.seats, p.to_move);
  const then = p.clock.on_timeout === "abandon" ? "the game is abandoned" : `a bot plays for ${who}`;
  box.textContent = p.clock.warned ? `Time is up: in ${time} ${then}` : `${time} left`;
  box.classList.toggle("warned", p.clock.warned);
}
setInterval(drawClock, 1000);

// Once the game is over (or abandoned), its table may play again: same seats, same links.
function drawRematch(p) {
  const box = $("#rematch-box");
  box.hidden = !(p.over || p.status === "abandoned") || (seat === null && !hostToken);
  if (box.hidden) return;
  if (p.rematch && hostToken) localStorage.setItem(`upriver-host-${p.rematch}`, hostToken);
  if (p.rematch) {
    box.replaceChildren(el("a", { id: "rematch-link", href: rematchUrl(p.rematch) },
      "Your table plays again: join the rematch"));
  } else {
    box.replaceChildren(el("button", { id: "rematch", class: "primary", onclick: askRematch },
      "Play again with the same seats"));
  }
}

function rematchUrl(id) {
  return seat === null ? `/games/${id}` : `/games/${id}?seat=${seat}&token=${encodeURIComponent(token)}`;
}

async function askRematch() {
  showError(null);
  try {
    const made = await api("POST", `/api/games/${gameId}/rematch`, { token: seat === null ? hostToken : token });
    location.href = rematchUrl(made.id);
  } catch (err) { showError(err); }
}

async function comeBack() {
  showError(null);
  try {
    show(await api("POST", `/api/games/${gameId}/seats/${seat}/back`, { token }));
  } catch (err) { showError(err); }
}

async function handToBot(i) {
  const who = seatLabel(current.seats, i);
  const question = i === seat ? "Leave the game? A bot will play your seat from now on, and you cannot take it back."
    : `Hand ${who}'s seat to a bot? This cannot be taken back.`;
  if (!window.confirm(question)) return;
  showError(null);
  try {
    await api("POST", `/api/games/${gameId}/seats/${i}/bot`, { token: i === seat ? token : hostToken, agent: "medium" });
  } catch (err) { showError(err); }
}

// Updates are shown one decision at a time: another seat's run of decisions plays out step by
// step; this page's own decision, and a long backlog, are shown at once.
function show(p) {
  queue.push(p);
  pump();
}

function pump() {
  while (queue.length) {
    const next = queue[0];
    const own = sentPly !== null && next.ply === sentPly + 1;
    const wait = STEP_MS - (performance.now() - lastShown);
    if (current && next.ply > current.ply && !own && queue.length < 5 && wait > 0 && current.ply > 0) {
      setTimeout(pump, wait);
      return;
    }
    queue.shift();
    render(next);
  }
}

function offline() { return document.body.classList.contains("offline"); }

function setOnline(on) {
  document.body.classList.toggle("offline", !on);
  $("#connection").hidden = on;
  for (const b of document.querySelectorAll("#actions button, #undo, .hand-to-bot")) {
    if (!on) b.disabled = true;
  }
  if (on && current) { $("#undo").disabled = !current.can_undo; drawActions(current); drawSeats(current); }
}

function connect() {
  const query = seat === null ? "" : `?seat=${seat}&token=${encodeURIComponent(token)}`;
  socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/games/${gameId}/live${query}`);
  socket.onopen = () => setOnline(true);
  socket.onmessage = (m) => {
    const p = JSON.parse(m.data);
    if (p.error) showError(new Error(p.error));
    else { setOnline(true); show(p); }
  };
  socket.onclose = (e) => {
    if (e.code >= 4000) return;  // refused: a wrong token or an unknown game
    setOnline(false);
    setTimeout(connect, 1000);
  };
}

// On a touch screen the board is drawn large enough that the smallest target is a finger's
// width, and the person pans it in its box; on their turn, a target is brought into view.
function fitForTouch(p) {
  if (!TOUCH) return;
  const board = $("#board");
  const root = board.firstElementChild;
  if (!root) return;
  root.style.width = "";
  let needed = 1;
  for (const t of board.querySelectorAll(".target")) {
    const r = t.getBoundingClientRect();
    const side = Math.min(r.width, r.height);
    if (side > 0) needed = Math.max(needed, MIN_TARGET_PX / side);
  }
  zoom = Math.min(MAX_ZOOM, Math.max(zoom, needed));
  if (zoom > 1) root.style.width = `${Math.ceil(root.getBoundingClientRect().width * zoom)}px`;
  if (p.to_move !== seat || !p.legal.length) return;
  const box = board.getBoundingClientRect();
  const targets = [...board.querySelectorAll(".target")];
  const seen = targets.some((t) => {
    const r = t.getBoundingClientRect();
    return r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
  });
  if (!seen && targets.length) targets[0].scrollIntoView({ block: "nearest", inline: "nearest" });
}

// A first tap on a touch screen shows the piece and what it would do; a second plays it.
function arm(target) {
  for (const node of document.querySelectorAll("#board .armed")) node.classList.remove("armed");
  target.classList.add("armed");
  armed = target.dataset.action;
  const tip = target.querySelector("title");
  $("#info").textContent = `${tip ? `${tip.textContent} · ` : ""}Tap again to play: ${armed}`;
}

// Every piece explains itself (its <title>): when pointed at, and when tapped on a phone.
function explain(e) {
  let node = e.target;
  while (node && node !== e.currentTarget) {
    const tip = node.querySelector(":scope > title, :scope > rect > title, :scope > circle > title");
    if (tip) { $("#info").textContent = tip.textContent; return; }
    node = node.parentNode;
  }
}
// (A touch screen has no hover: the mouse events it makes up must not hide a tap's message.)
$("#board").addEventListener("mouseover", (e) => { if (!TOUCH) explain(e); });
$("#board").addEventListener("click", (e) => {
  explain(e);
  const target = e.target.closest("[data-action]");
  if (!target || !current || !current.legal.includes(target.dataset.action)) {
    armed = null;
    for (const node of document.querySelectorAll("#board .armed")) node.classList.remove("armed");
    return;
  }
  if (TOUCH && armed !== target.dataset.action) { arm(target); return; }
  send(target.dataset.action);
});
document.body.classList.toggle("touch", TOUCH);
$("#board").addEventListener("keydown", (e) => {
  const target = e.target.closest("[data-action]");
  if (target && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); send(target.dataset.action); }
});
$("#undo").addEventListener("click", undo);
connect();
