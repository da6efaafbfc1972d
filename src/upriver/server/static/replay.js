// Step through a finished game, as a spectator saw it.
"use strict";
const gameId = location.pathname.split("/")[2];
let total = 0;
let step = 0;

async function show(n) {
  try {
    const r = await api("GET", `/api/games/${gameId}/replay/${n}`);
    step = r.step;
    total = r.total;
    $("#step").max = total;
    $("#step").value = step;
    $("#board").innerHTML = r.svg;
    $("#board").dataset.step = step;
    const last = r.log[r.log.length - 1];
    $("#status").replaceChildren(`decision ${step} of ${total}`,
      ...(last ? [": ", nameEl(r.seats, last[0]), `: ${last[1]}`] : []));
    $("#log").replaceChildren(...logList(r.log, r.seats));
    // The decision just shown is marked and scrolled into the log's view.
    const shown = $("#log").lastElementChild;
    if (shown) { shown.classList.add("current"); shown.scrollIntoView({ block: "nearest" }); }
    $("#final").hidden = !r.scores;
    if (r.scores) $("#scores").replaceChildren(scoreTable(r));
  } catch (err) {
    $("#error").textContent = err.message;
  }
}

$("#first").addEventListener("click", () => show(0));
$("#prev").addEventListener("click", () => show(Math.max(0, step - 1)));
$("#next").addEventListener("click", () => show(Math.min(total, step + 1)));
$("#last").addEventListener("click", () => show(total));
$("#step").addEventListener("input", (e) => show(Number(e.target.value)));
show(0);
