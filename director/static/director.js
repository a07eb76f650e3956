// The director's page: lays out what the service sends over server-sent events (/events):
// "clock", "round", "tiles", "results" and "standings", each whenever it changes. Never reloads.
// Names come from the tables, so every text goes in as text (the standings arrive as HTML the
// service has escaped).
"use strict";

const state = { skew: 0, round: null, tiles: [] };
const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value; else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function serverNow() { return Date.now() / 1000 - state.skew; }

function clockText(ms) {
  const sign = ms < 0 ? "-" : "";
  const total = Math.floor(Math.abs(ms) / 1000);
  return `${sign}${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

function wallText(wall) {
  return wall == null ? "" : new Date(wall * 1000).toLocaleTimeString();
}

const LABELS = {
  waiting: "waiting", playing: "playing", challenge: "challenge in progress",
  overtime: "overtime", finished: "finished", result: "result received",
  void: "game void",
};

function tileTimes(tile) {
  if (!tile.times_ms) return ["", ""];
  const ticking = ["playing", "overtime"].includes(tile.state) && !tile.silent && tile.running != null
    && tile.heard_wall;
  return tile.times_ms.map((ms, side) => {
    const left = ticking && tile.running === side ? ms - (serverNow() - tile.heard_wall) * 1000 : ms;
    return left;
  });
}

function running(tile) {
  return ["playing", "overtime"].includes(tile.state) ? tile.running : null;
}

function renderTiles() {
  const box = $("tiles");
  box.replaceChildren(...state.tiles.map((tile) => {
    const classes = ["tile", tile.state].concat(tile.silent ? ["silent"] : []);
    const times = tileTimes(tile);
    const node = el("div", { class: classes.join(" "), "data-table": tile.table, "data-state": tile.state,
                             "data-silent": tile.silent ? "yes" : "no" },
      el("div", { class: "head" }, el("span", {}, `Table ${tile.table}`),
         el("span", { class: "state" }, LABELS[tile.state] || tile.state)),
      el("div", { class: "players" }, el("span", {}, tile.players[0] || ""), el("span", {}, tile.players[1] || "")));
    if (tile.times_ms && tile.state !== "result") {
      node.append(el("div", { class: "times" }, ...times.map((ms, side) =>
        el("span", { class: (running(tile) === side ? "running " : "") + (ms < 0 ? "over" : "") }, clockText(ms)))));
    }
    if (tile.scores) {
      node.append(el("div", { class: "scores" }, el("span", {}, String(tile.scores[0])), el("span", {}, String(tile.scores[1]))));
    }
    if (tile.silent) {
      const since = tile.heard_wall ? `not heard from since ${wallText(tile.heard_wall)}` : "not heard from this round";
      node.append(el("div", { class: "silent-note" }, `link silent: ${since}`));
    }
    return node;
  }));
}

function renderRound(info) {
  state.round = info;
  $("tournament").textContent = info.tournament || "Director";
  document.title = `Director: ${info.tournament || ""}`;
  $("round").textContent = info.round == null ? "No pairings yet" : `Round ${info.round}`;
  $("round-state").textContent = info.round == null ? "" :
    info.ended_wall ? `ended ${wallText(info.ended_wall)}` :
    info.started_wall ? `started ${wallText(info.started_wall)}` : "not started";
  $("start-round").disabled = info.round == null || info.started_wall != null;
  $("end-round").disabled = info.round == null || info.started_wall == null || info.ended_wall != null;
}

function renderResults(rows) {
  $("results").tBodies[0].replaceChildren(...rows.map((r) => el("tr", { "data-table": r.table },
    el("td", {}, r.table), el("td", {}, `${r.players[0]} – ${r.players[1]}`),
    el("td", { class: "num" }, `${r.scores[0]}–${r.scores[1]}`), el("td", { class: "num" }, String(r.spread)),
    el("td", {}, r.end || ""), el("td", { class: "num" }, String(r.revision)), el("td", {}, wallText(r.received_wall)))));
}

function renderStandings(part) {
  $("standings").innerHTML = part.html;    // escaped by the service (director.standings)
  $("problems").replaceChildren(...part.problems.map((text) => el("li", {}, text)));
}

function say(text, error) {
  $("message").textContent = text;
  $("message").className = error ? "error" : "";
}

async function post(url, body, contentType) {
  const response = await fetch(url, { method: "POST", body, headers: { "Content-Type": contentType } });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.error || `${response.status} ${response.statusText}`);
  return answer;
}

async function roundAction(action) {
  try {
    const answer = await post(`/api/rounds/${action}`, JSON.stringify({ round: state.round && state.round.round }), "application/json");
    say(`Round ${answer.round} ${action === "start" ? "started" : "ended"}.`);
  } catch (error) { say(error.message, true); }
}

async function importFile(event) {
  event.preventDefault();
  const file = $("import-file").files[0];
  if (!file) { say("Choose a file to import first.", true); return; }
  try {
    const answer = await post(`/api/import?kind=${encodeURIComponent($("import-kind").value)}&name=${encodeURIComponent(file.name)}`,
                              await file.arrayBuffer(), "application/octet-stream");
    say(answer.message);
  } catch (error) { say(`${file.name}: ${error.message}`, true); }
}

function connect() {
  const source = new EventSource("/events");
  const on = (name, render) => source.addEventListener(name, (event) => render(JSON.parse(event.data)));
  on("clock", (clock) => { state.skew = Date.now() / 1000 - clock.now; });
  on("round", renderRound);
  on("tiles", (tiles) => { state.tiles = tiles; renderTiles(); });
  on("results", renderResults);
  on("standings", renderStandings);
  source.onopen = () => { $("link").textContent = "live"; $("link").className = "link up"; };
  source.onerror = () => { $("link").textContent = "reconnecting"; $("link").className = "link down"; };
}

document.addEventListener("DOMContentLoaded", () => {
  $("start-round").addEventListener("click", () => roundAction("start"));
  $("end-round").addEventListener("click", () => roundAction("end"));
  $("import-form").addEventListener("submit", importFile);
  connect();
  setInterval(() => { if (state.tiles.some((t) => t.running != null)) renderTiles(); }, 1000);
});
