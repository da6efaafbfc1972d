// A game page: draws what the server sends for this seat, and sends clicks back as actions.
"use strict";
const gameId = location.pathname.split("/")[2];
const params = new URLSearchParams(location.search);
const seat = params.has("seat") ? Number(params.get("seat")) : null;
const token = params.get("token");
const hostToken = localStorage.getItem(`upriver-host-${gameId}`);
// The server keeps only a hash of each seat's secret: this browser keeps the link it joined by.
if (seat !== null && token) rememberSeatLink(gameId, seat, location.href);
let current = null;
let socket = null;
let busy = false;

function status(p) {
  if (p.over) {
    const names = p.winners.map((w) => seatLabel(p.seats, w)).join(" and ");
    return `Game over: ${names} ${p.winners.length > 1 ? "share the win" : "wins"}`;
  }
  if (p.to_move === seat && p.legal.length) return "Your turn";
  return `${seatLabel(p.seats, p.to_move)} to move`;
}

function render(p) {
  current = p;
  // A mark in the tab's title, so a player in another tab sees their turn come.
  document.title = `${p.legal.length ? "● Your turn: " : ""}${p.name}: upriver`;
  $("#title").textContent = p.name + (seat === null ? " (watching)" : ` (you: ${seatLabel(p.seats, seat)})`);
  $("#status").textContent = status(p);
  const board = $("#board");
  board.innerHTML = p.svg;
  board.dataset.ply = p.ply;
  $("#actions").replaceChildren(...p.legal.map((a) =>
    el("button", { class: "action", "data-action": a, onclick: () => send(a) }, a)));
  if (!p.legal.length) {
    const why = p.over ? "The game is over." : seat === null ? "You are watching." : "Waiting for the other players.";
    $("#actions").append(el("span", { class: "muted" }, why));
  }
  $("#undo").disabled = !p.can_undo;
  $("#undo").hidden = seat === null;
  drawLog(p.log, p.seats);
  $("#events").replaceChildren(...p.events.map((e) => el("li", { "data-ply": e.ply },
    `Decision ${e.ply}: ${e.text}`)));
  $("#events-box").hidden = p.events.length === 0;
  $("#seats").replaceChildren(...p.seats.map((s, i) => {
    const item = el("li", {}, `${s.name}${s.kind === "bot" ? "" : " (human)"}${i === p.to_move ? " — to move" : ""} `);
    const mayHand = !p.over && s.kind === "human" && (hostToken || i === seat);
    if (mayHand) item.append(el("button", { class: "hand-to-bot", "data-seat": i,
      onclick: () => handToBot(i) }, i === seat ? "Leave: a bot plays for me" : "Hand to a bot"));
    return item;
  }));
  $("#final").hidden = !p.over;
  if (p.over) {
    $("#scores").replaceChildren(scoreTable(p));
    $("#replay-link").href = `/games/${gameId}/replay`;
  }
}

// The log mostly grows: add the new lines; after an undo, or once a simultaneous step is
// revealed (hidden lines replaced by what each seat chose), redraw it.
let shownLog = [];
function drawLog(log, seats) {
  const n = shownLog.length;
  const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];
  const list = $("#log");
  if (n <= log.length && shownLog.every((line, i) => same(line, log[i]))) {
    list.append(...logList(log.slice(n), seats).map((item, i) => { item.value = n + i + 1; return item; }));
  } else {
    list.replaceChildren(...logList(log, seats));
  }
  shownLog = log;
  list.scrollTop = list.scrollHeight;
}

function showError(err) { $("#error").textContent = err ? err.message || String(err) : ""; }

async function post(path, body) {
  if (busy) return;
  busy = true;
  showError(null);
  try {
    const p = await api("POST", path, body);
    // The socket brings the same position to every page; without it, draw the answer here.
    if (!socket || socket.readyState !== WebSocket.OPEN) render(p);
  } catch (err) {
    showError(err);
  } finally {
    busy = false;
  }
}

const send = (action) => post(`/api/games/${gameId}/actions`, { seat, token, action, ply: current.ply });
const undo = () => post(`/api/games/${gameId}/undo`, { seat, token, ply: current.ply });

async function handToBot(i) {
  showError(null);
  try {
    await api("POST", `/api/games/${gameId}/seats/${i}/bot`, { token: i === seat ? token : hostToken, agent: "medium" });
  } catch (err) { showError(err); }
}

function connect() {
  const query = seat === null ? "" : `?seat=${seat}&token=${encodeURIComponent(token)}`;
  socket = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/games/${gameId}/live${query}`);
  socket.onmessage = (m) => {
    const p = JSON.parse(m.data);
    if (p.error) showError(new Error(p.error));
    else { if ($("#error").dataset.lost) showError(null); delete $("#error").dataset.lost; render(p); }
  };
  socket.onclose = (e) => {
    if (e.code >= 4000) return;  // refused: a wrong token or an unknown game
    $("#error").textContent = "Connection lost; reconnecting…";
    $("#error").dataset.lost = "1";
    setTimeout(connect, 1000);
  };
}

$("#board").addEventListener("click", (e) => {
  const target = e.target.closest("[data-action]");
  if (target && current && current.legal.includes(target.dataset.action)) send(target.dataset.action);
});
$("#board").addEventListener("keydown", (e) => {
  const target = e.target.closest("[data-action]");
  if (target && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); send(target.dataset.action); }
});
$("#undo").addEventListener("click", undo);
connect();
