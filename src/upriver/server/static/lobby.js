// The lobby: create a game from the catalog, list games in progress and finished.
"use strict";
let catalog = null;

function optionRow(name, opt) {
  const select = el("select", { id: `opt-${name}`, "data-option": name, title: opt.help,
    onchange: showUsableOptions });
  for (const c of opt.choices) {
    select.append(el("option", { value: JSON.stringify(c), selected: c === opt.default }, String(c)));
  }
  return el("div", { class: "row", "data-row": name },
    el("label", { for: `opt-${name}` }, name.replaceAll("_", " ")), select, " ",
    el("span", { class: "muted help" }, opt.help));
}

// An option that needs others set (2022 rules need edition 2022) shows only once they are,
// and one for other player counts (solo's AI board) only at those counts.
function showUsableOptions() {
  const info = catalog.games[$("#game").value];
  const chosen = (name) => JSON.parse($(`#opt-${name}`).value);
  const players = Number($("#players").value);
  for (const [name, opt] of Object.entries(info.options)) {
    const usable = Object.entries(opt.requires).every(([k, v]) => !(k in info.options) || chosen(k) === v)
      && (!opt.players || opt.players.includes(players));
    const row = document.querySelector(`[data-row="${name}"]`);
    row.hidden = !usable;
    if (!usable) $(`#opt-${name}`).value = JSON.stringify(opt.default);
  }
}

function seatRow(i) {
  const name = el("input", { id: `name-${i}`, "data-name": i, maxlength: 40, size: 16,
    placeholder: `Seat ${i}`, "aria-label": `name for seat ${i}` });
  const kind = el("select", { id: `seat-${i}`, "data-seat": i,
    onchange: () => { name.hidden = kind.value !== "human"; } },
    el("option", { value: "human" }, "Human"),
    ...Object.entries(catalog.bots).map(([level, bot]) =>
      el("option", { value: level, selected: i > 0 && level === "medium" }, `${bot.label} (${level})`)));
  name.hidden = kind.value !== "human";
  return el("div", { class: "row" }, el("label", { for: `seat-${i}` }, `Seat ${i}`), kind, " ", name);
}

function drawForm() {
  const info = catalog.games[$("#game").value];
  const players = $("#players");
  const keep = Number(players.value) || Math.max(...info.players);
  players.replaceChildren(...info.players.map((n) => el("option", { value: n, selected: n === keep }, n)));
  $("#options").replaceChildren(...Object.entries(info.options).map(([n, o]) => optionRow(n, o)));
  showUsableOptions();
  drawSeats();
}

function drawSeats() {
  const n = Number($("#players").value);
  $("#seats").replaceChildren(...Array.from({ length: n }, (_, i) => seatRow(i)));
}

async function create(event) {
  event.preventDefault();
  $("#error").textContent = "";
  const gameId = $("#game").value;
  const info = catalog.games[gameId];
  const options = {};
  for (const s of document.querySelectorAll("[data-option]")) {
    const value = JSON.parse(s.value);
    if (value !== info.options[s.dataset.option].default) options[s.dataset.option] = value;
  }
  const seats = [...document.querySelectorAll("select[data-seat]")].map((s, i) =>
    s.value === "human" ? { kind: "human", name: $(`#name-${i}`).value.trim() }
      : { kind: "bot", agent: s.value });
  const [onTimeout, level] = $("#on-timeout").value.split(":");
  const timer = $("#turn-time").value
    ? { seconds: Number($("#turn-time").value), on_timeout: onTimeout, level: level || "medium" } : null;
  try {
    const made = await api("POST", "/api/games", {
      game: gameId, players: Number($("#players").value), options, seats, timer });
    localStorage.setItem(`upriver-host-${made.id}`, made.host_token);
    const links = made.seats.filter((s) => s.token).map((s) => {
      const url = `${location.origin}/games/${made.id}?seat=${s.seat}&token=${s.token}`;
      rememberSeatLink(made.id, s.seat, url);
      return el("li", {}, el("a", { href: url, class: "seat-link", "data-seat": s.seat },
        `Play ${s.name}`), " ", el("code", {}, url));
    });
    links.push(el("li", {}, el("a", { href: `/games/${made.id}`, class: "watch-link" }, "Watch")));
    $("#seat-links").replaceChildren(...links);
    $("#created").hidden = false;
    refresh();
  } catch (err) {
    $("#error").textContent = err.message;
  }
}

function gameRow(g) {
  const who = g.seats.map((s) => s.kind === "bot" ? `${s.name}` : s.name).join(", ");
  const state = g.status === "abandoned" ? "abandoned: a person ran out of time"
    : g.status === "over"
    ? `winner${g.result.winners.length > 1 ? "s" : ""}: ${g.result.winners.map((w) => g.seats[w].name).join(", ")} (${g.result.scores.join(" / ")})`
    : `decision ${g.ply + 1}, ${g.seats[g.to_move]?.name ?? ""} to move`;
  const links = [el("a", { href: `/games/${g.id}` }, "watch")];
  if (g.status === "over") links.push(el("a", { href: `/games/${g.id}/replay` }, "replay"));
  return el("tr", { "data-game": g.id }, el("td", {}, g.name), el("td", {}, who),
    el("td", {}, state), el("td", {}, ...links));
}

// The games this browser keeps seat links for, newest first, with a link per seat it holds.
function yourRow(g, links) {
  const seats = Object.entries(links).sort(([a], [b]) => Number(a) - Number(b)).map(([i, url]) =>
    el("a", { href: url, class: "your-seat", "data-seat": i }, "play ", nameEl(g.seats, Number(i))));
  const state = g.status === "playing" ? `decision ${g.ply + 1}` : g.status;
  return el("tr", { "data-game": g.id }, el("td", {}, g.name), el("td", {}, state),
    el("td", {}, ...seats.flatMap((a, k) => k ? [" ", a] : [a])));
}

// Every seat link this browser keeps, for the server to say which games they are (private
// ones included): the newest 150 at most.
function heldLinks() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith("upriver-links-")) continue;
    const id = key.slice("upriver-links-".length);
    for (const [s, url] of Object.entries(seatLinks(id))) {
      const t = new URL(url, location.origin).searchParams.get("token");
      if (t) out.push({ id, seat: Number(s), token: t });
    }
  }
  return out.slice(-150);
}

async function refresh() {
  const { games } = await api("GET", "/api/games");
  $("#playing").replaceChildren(...games.filter((g) => g.status !== "over").map(gameRow));
  $("#finished").replaceChildren(...games.filter((g) => g.status === "over").map(gameRow));
  const links = heldLinks();
  const yours = links.length ? (await api("POST", "/api/my-games", { seats: links })).games : [];
  const running = yours.filter((g) => g.status === "playing");
  $("#yours").replaceChildren(...[...running, ...yours.filter((g) => g.status !== "playing")]
    .map((g) => yourRow(g, seatLinks(g.id))));
  $("#yours-box").hidden = yours.length === 0;
}

(async () => {
  catalog = await api("GET", "/api/catalog");
  $("#game").replaceChildren(...Object.entries(catalog.games).map(([id, g]) =>
    el("option", { value: id, selected: id === "twelve-rivers" }, g.name)));
  $("#game").addEventListener("change", drawForm);
  $("#players").addEventListener("change", () => { drawSeats(); showUsableOptions(); });
  $("#new-game").addEventListener("submit", create);
  $("#turn-time").addEventListener("change", () => { $("#timeout-row").hidden = !$("#turn-time").value; });
  drawForm();
  refresh();
  setInterval(refresh, 5000);
})();
