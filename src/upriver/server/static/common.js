// Small helpers shared by the pages; the pages know no game, only payloads.
"use strict";
const $ = (sel) => document.querySelector(sel);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

async function api(method, path, body) {
  const res = await fetch(path, {
    method, headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => ({ error: `${res.status} ${res.statusText}` }));
  if (!res.ok) throw new Error(data.error || `${res.status} ${res.statusText}`);
  return data;
}

// Seat links live only in the browsers that created or joined a game (the server cannot show
// them again): one map per game, seat -> link.
function seatLinks(gameId) {
  try { return JSON.parse(localStorage.getItem(`upriver-links-${gameId}`)) || {}; }
  catch { return {}; }
}

function rememberSeatLink(gameId, seat, url) {
  localStorage.setItem(`upriver-links-${gameId}`, JSON.stringify({ ...seatLinks(gameId), [seat]: url }));
}

function seatLabel(seats, i) {
  const s = seats[i];
  return s ? `${s.name}` : `seat ${i}`;
}

// A person's name in the page: isolated, so a right-to-left name cannot turn its line around,
// and cut with an ellipsis by the style sheet when long.
// With the seat's colour on its board, where the page knows it (a dot before the name).
function nameEl(seats, i) {
  const name = el("bdi", { class: "name", title: seatLabel(seats, i) }, seatLabel(seats, i));
  const colour = seats[i] && seats[i].colour;
  if (!colour) return name;
  return el("span", { class: "seat-name" },
    el("span", { class: "seat-dot", style: `background: ${colour}`, "aria-hidden": "true" }), name);
}

// The final score breakdown: one column per seat (then per automated opponent of a solo
// game), one row per category, then the total.
function scoreTable(payload) {
  const opponents = payload.opponents || [];
  const beaten = payload.winners.length === 0;  // no seat won: an opponent did
  const cats = [];
  for (const b of [...payload.breakdown, ...opponents.map((o) => o.breakdown)]) {
    for (const k of Object.keys(b)) if (!cats.includes(k)) cats.push(k);
  }
  const head = el("tr", {}, el("th", {}, ""), ...payload.seats.map((s, i) =>
    el("th", { class: payload.winners.includes(i) ? "winner" : null }, nameEl(payload.seats, i))),
    ...opponents.map((o) => el("th", { class: beaten ? "winner opponent" : "opponent" }, o.name)));
  const rows = cats.map((c) => el("tr", {}, el("td", {}, c),
    ...[...payload.breakdown, ...opponents.map((o) => o.breakdown)].map((b) => el("td", {}, b[c] ?? ""))));
  const total = el("tr", { class: "total" }, el("th", {}, "total"),
    ...payload.scores.map((v, i) => el("th", { class: payload.winners.includes(i) ? "winner" : null }, v)),
    ...opponents.map((o) => el("th", { class: beaten ? "winner" : null }, o.score)));
  return el("div", { class: "table-wrap" }, el("table", { id: "score-table" }, head, ...rows, total));
}

// Who won, in words (the names as elements, with their colours).
function winnersText(payload) {
  if (!payload.winners.length && (payload.opponents || []).length) {
    return [`the opponent (${payload.opponents.map((o) => o.name).join(", ")}) wins`];
  }
  const out = [];
  payload.winners.forEach((w, k) => out.push(...(k ? [" and "] : []), nameEl(payload.seats, w)));
  return [...out, payload.winners.length > 1 ? " share the win" : " wins"];
}

// Log lines: [seat, decision] pairs numbered in order, or entries [seat, decision, number]
// where an automated opponent's steps ("opponent", no number) sit between the decisions.
function logList(log, seats, opponent = "The opponent", colour = null) {
  return log.map(([who, action, n], i) => who === "opponent"
    ? el("li", { class: "opponent" }, opponentEl(opponent, colour), `: ${action}`)
    : el("li", { value: n ?? i + 1 }, nameEl(seats, who), `: ${action}`));
}

// A solo game's automated opponent, named as a seat is, in its colour on the board.
function opponentEl(name, colour) {
  return el("span", { class: "seat-name" },
    el("span", { class: "seat-dot", style: `background: ${colour || "#777"}`, "aria-hidden": "true" }),
    el("bdi", { class: "name" }, name));
}
