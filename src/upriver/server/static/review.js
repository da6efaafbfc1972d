// A finished game's review on its replay page: ask for it, follow its progress, draw each
// seat's estimated win chance over the game, list each seat's largest losses, and on a click
// jump the replay to that decision with the bot's choice beside the one taken.
"use strict";
const reviewToken = new URLSearchParams(location.search).get("token");
const reviewQuery = reviewToken ? `?token=${encodeURIComponent(reviewToken)}` : "";
const SEAT_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"];  // where a board has none
const GRADE_SIZE = { best: 2.5, good: 2.5, inaccuracy: 4, mistake: 5, blunder: 6.5 };
const pct = (x) => `${(100 * x).toFixed(1)}%`;
const signed = (x) => `${x >= 0 ? "+" : ""}${x.toFixed(1)}`;
let reviewPoll = null;
let reviewSeats = [];

async function loadReview() {
  try {
    drawReview(await api("GET", `/api/games/${gameId}/review${reviewQuery}`));
  } catch (err) {
    // Not over yet, or private and not ours: the page stays a plain replay.
    $("#review-status").textContent = err.message;
  }
}

function drawReview(r) {
  const waiting = r.status === "queued" || r.status === "running";
  $("#review-ask").hidden = r.status !== "none" && r.status !== "failed";
  $("#review-ask").textContent = r.status === "failed" ? "Try again" : "Review this game";
  $("#review-progress").hidden = !waiting;
  if (waiting) { $("#review-progress").max = r.total || 1; $("#review-progress").value = r.done; }
  $("#review-status").textContent = {
    none: "This game has not been reviewed yet: a search bot judges every decision from what its seat knew.",
    queued: "Waiting for a bot worker…",
    running: `Judging decision ${r.done + 1} of ${r.total}…`,
    done: `Every decision with a choice judged (${r.total}), each with ${r.iters} search iterations. Click a point to see it.`,
    failed: `The review stopped: ${r.note || "a bot worker failed"}.`,
  }[r.status] || r.status;
  reviewSeats = r.seats;
  clearTimeout(reviewPoll);
  if (waiting) reviewPoll = setTimeout(loadReview, 1500);
  if (!r.decisions.length) return;
  drawGraph(r);
  drawLosses(r);
  drawSummary(r);
}

// One line per seat through the win chance after each of its decisions; every judged decision
// is a point, larger the more it lost.
function drawGraph(r) {
  const W = 640, H = 220, L = 36, B = 22, T = 8, R = 8;
  const ns = "http://www.w3.org/2000/svg";
  const x = (ply) => L + (W - L - R) * (ply + 1) / Math.max(1, r.plies);
  const y = (win) => T + (H - T - B) * (1 - win);
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("id", "win-graph");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "estimated win chance of each seat over the game");
  const add = (tag, attrs, parent = svg) => {
    const node = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    parent.append(node);
    return node;
  };
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    add("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: "grid" });
    add("text", { x: L - 4, y: y(v) + 4, "text-anchor": "end", class: "axis" }).textContent = `${v * 100}`;
  }
  add("text", { x: W - R, y: H - 4, "text-anchor": "end", class: "axis" }).textContent = `decision ${r.plies}`;
  r.seats.forEach((seat, s) => {
    const mine = r.decisions.filter((d) => d.seat === s);
    if (!mine.length) return;
    const colour = (r.colours || [])[s] || SEAT_COLOURS[s % SEAT_COLOURS.length];
    add("polyline", { points: mine.map((d) => `${x(d.ply)},${y(d.win)}`).join(" "),
                      fill: "none", stroke: colour, "stroke-width": 1.6 });
    for (const d of mine) {
      const dot = add("circle", { cx: x(d.ply), cy: y(d.win), r: GRADE_SIZE[d.class] || 2.5,
        fill: colour, class: `point ${d.class}`, "data-ply": d.ply, "data-seat": s, tabindex: 0,
        role: "button", "aria-label": `decision ${d.ply + 1}, ${seat.name}: ${d.class}` });
      add("title", {}, dot).textContent = `decision ${d.ply + 1}, ${seat.name}: ${d.class}, win ${pct(d.win)}`;
      dot.addEventListener("click", () => showDecision(d.ply));
      dot.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") showDecision(d.ply); });
    }
  });
  const legend = el("p", { class: "legend" }, ...r.seats.map((seat, s) =>
    el("span", { style: `color: ${SEAT_COLOURS[s % SEAT_COLOURS.length]}` }, "● ", nameEl(r.seats, s), " ")));
  $("#review-graph").replaceChildren(svg, legend);
}

function drawLosses(r) {
  const byPly = new Map(r.decisions.map((d) => [d.ply, d]));
  const lists = r.seats.map((seat, s) => el("div", {}, el("h3", {}, nameEl(r.seats, s)),
    (r.largest[s] || []).length
      ? el("ol", { class: "losses" }, ...r.largest[s].map((ply) => {
          const d = byPly.get(ply);
          return el("li", {}, el("button", { class: "loss", "data-ply": ply, onclick: () => showDecision(ply) },
            `decision ${ply + 1}: −${d.margin_loss.toFixed(1)} points, −${pct(d.loss)} (${d.class})`));
        }))
      : el("p", { class: "muted" }, "no decision lost anything")));
  $("#losses").replaceChildren(...lists);
  $("#losses-box").hidden = false;
}

function drawSummary(r) {
  const grades = ["best", "good", "inaccuracy", "mistake", "blunder"];
  const head = el("tr", {}, el("th", {}, "seat"), el("th", {}, "judged"), el("th", {}, "points lost"),
    el("th", {}, "win chance lost"), ...grades.map((g) => el("th", {}, g)));
  const rows = r.summary.map((row) => el("tr", {}, el("td", {}, nameEl(r.seats, row.seat)),
    el("td", {}, row.decisions), el("td", {}, row.average_margin_loss.toFixed(2)),
    el("td", {}, pct(row.average_loss)), ...grades.map((g) => el("td", {}, row.counts[g]))));
  $("#review-summary").replaceChildren(el("div", { class: "table-wrap" },
    el("table", { id: "review-table" }, head, ...rows)));
}

// What differs between the two boards shines on both: every piece (data-piece) whose look
// (data-state) is not the same on the other board, or is on one board only.
function markDifferences(a, b) {
  const looks = (box) => new Map([...box.querySelectorAll("[data-piece]")].map((n) => [n.dataset.piece, n.dataset.state]));
  const [left, right] = [looks(a), looks(b)];
  for (const [box, other] of [[a, right], [b, left]]) {
    for (const node of box.querySelectorAll("[data-piece]")) {
      if (other.get(node.dataset.piece) !== node.dataset.state) node.classList.add("differs");
    }
  }
}

// Jump the replay to just after the decision, and set the bot's choice beside it.
async function showDecision(ply) {
  await show(ply + 1);
  document.querySelectorAll("#win-graph .point.selected").forEach((p) => p.classList.remove("selected"));
  const dot = document.querySelector(`#win-graph .point[data-ply="${ply}"]`);
  if (dot) dot.classList.add("selected");
  try {
    const b = await api("GET", `/api/games/${gameId}/review/${ply}${reviewQuery}`);
    const d = b.judged;
    $("#review-detail").replaceChildren(
      el("strong", {}, `Decision ${ply + 1} (${d.class}): `), nameEl(reviewSeats, d.seat),
      ` took “${d.taken}”: win ${pct(d.win)}, margin ${signed(d.margin)}. `,
      d.best === d.taken ? "The bot agrees." :
        `The bot's choice, “${d.best}”: margin ${signed(d.best_margin)}, win ${pct(d.best_win)} (lost ${d.margin_loss.toFixed(1)} points, ${pct(d.loss)} win chance).`);
    $("#board-taken").innerHTML = b.taken;
    $("#board-best").innerHTML = b.best;
    markDifferences($("#board-taken"), $("#board-best"));
    $("#review-choice").hidden = false;
    $("#review-choice").dataset.ply = ply;
  } catch (err) {
    $("#error").textContent = err.message;
  }
}

$("#review-ask").addEventListener("click", async () => {
  try {
    drawReview(await api("POST", `/api/games/${gameId}/review`, { token: reviewToken }));
  } catch (err) {
    $("#review-status").textContent = err.message;
  }
});
loadReview();
