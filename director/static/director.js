// The director's page: lays out what the service sends over server-sent events (/events):
// "clock", "event" (the divisions and their rounds), "tiles", "results" and "standings" (each a
// list of groups, one per division), each whenever it changes. Never reloads. Every division has
// its section (made from #division-template the first time the division appears): its round and
// buttons, its tables, its round's results and its standings.
// Names come from the tables, so every text goes in as text (the standings arrive as HTML the
// service has escaped).
"use strict";

const state = { skew: 0, event: null, tiles: [] };
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

// --- a division's section ------------------------------------------------------------------------

function divisionSection(name) {
  const box = $("divisions");
  let section = [...box.children].find((node) => node.dataset.division === name);
  if (!section) {
    section = $("division-template").content.firstElementChild.cloneNode(true);
    section.dataset.division = name;
    section.querySelector(".name").textContent = `Division ${name}`;
    section.querySelector(".export-t").href = `/export/division.t?division=${encodeURIComponent(name)}`;
    section.querySelector(".start-round").addEventListener("click", () => roundAction("start", name));
    section.querySelector(".end-round").addEventListener("click", () => roundAction("end", name));
    box.append(section);
  }
  return section;
}

function part(name, selector) {
  return name == null ? $("other-tables").querySelector(selector) : divisionSection(name).querySelector(selector);
}

// --- tiles ---------------------------------------------------------------------------------------

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

function tileNode(tile) {
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
}

function renderTiles() {
  const others = state.tiles.find((group) => group.division == null);
  $("other-tables").hidden = !others;
  if (!others) $("other-tables").querySelector(".tiles").replaceChildren();
  for (const group of state.tiles) {
    part(group.division, ".tiles").replaceChildren(...group.tiles.map(tileNode));
  }
}

// --- the event, its rounds, results and standings ------------------------------------------------

function renderEvent(event) {
  state.event = event;
  const title = event.name || event.tournament || "Director";
  $("tournament").textContent = title;
  document.title = `Director: ${title}`;
  $("event-line").textContent = [event.name && event.tournament !== event.name ? event.tournament : "", event.date]
    .filter(Boolean).join(" · ");
  $("no-divisions").hidden = event.divisions.length > 0;
  const names = event.divisions.map((d) => d.division);
  for (const section of [...$("divisions").children]) {
    if (!names.includes(section.dataset.division)) section.remove();
  }
  for (const info of event.divisions) {
    const section = divisionSection(info.division);
    $("divisions").append(section);                    // in the event's order
    section.querySelector(".round").textContent = info.round == null ? "no pairings yet" : `Round ${info.round}`;
    section.querySelector(".round-state").textContent = info.round == null ? "" :
      info.ended_wall ? `ended ${wallText(info.ended_wall)}` :
      info.started_wall ? `started ${wallText(info.started_wall)}` : "not started";
    section.querySelector(".start-round").disabled = info.round == null || info.started_wall != null;
    section.querySelector(".end-round").disabled = info.round == null || info.started_wall == null || info.ended_wall != null;
  }
  $("start-all").disabled = !event.divisions.some((d) => d.round != null && d.started_wall == null);
  $("end-all").disabled = !event.divisions.some((d) => d.started_wall != null && d.ended_wall == null);
}

function renderResults(groups) {
  for (const group of groups) {
    part(group.division, ".results").tBodies[0].replaceChildren(...group.rows.map((r) => el("tr", { "data-table": r.table },
      el("td", {}, r.table), el("td", {}, `${r.players[0]} – ${r.players[1]}`),
      el("td", { class: "num" }, `${r.scores[0]}–${r.scores[1]}`), el("td", { class: "num" }, String(r.spread)),
      el("td", {}, r.end || ""), el("td", { class: "num" }, String(r.revision)), el("td", {}, wallText(r.received_wall)))));
  }
}

function renderStandings(standings) {
  for (const group of standings.divisions) {
    part(group.division, ".standings").innerHTML = group.html;    // escaped by the service (director.standings)
    part(group.division, ".problems").replaceChildren(...group.problems.map((text) => el("li", {}, text)));
  }
  $("problems").replaceChildren(...standings.problems.map((text) => el("li", {}, text)));
}

// --- the buttons and the import form ------------------------------------------------------------

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

async function roundAction(action, division) {
  try {
    const answer = await post(`/api/rounds/${action}`, JSON.stringify(division ? { division } : {}), "application/json");
    const done = answer.rounds.map((r) => `division ${r.division} round ${r.round}`).join(", ");
    say(`${action === "start" ? "Started" : "Ended"}: ${done}.`);
  } catch (error) { say(error.message, true); }
}

function base64(buffer) {
  const bytes = new Uint8Array(buffer);
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

async function importFiles(event) {
  event.preventDefault();
  const files = [...$("import-file").files];
  if (!files.length) { say("Choose a file to import first.", true); return; }
  const names = files.map((f) => f.name).join(", ");
  try {
    const body = { files: await Promise.all(files.map(async (f) => ({ name: f.name, data: base64(await f.arrayBuffer()) }))),
                   division: $("import-division").value.trim() || null };
    const answer = await post(`/api/import?kind=${encodeURIComponent($("import-kind").value)}`,
                              JSON.stringify(body), "application/json");
    say(answer.message);
  } catch (error) { say(`${names}: ${error.message}`, true); }
}

function connect() {
  const source = new EventSource("/events");
  const on = (name, render) => source.addEventListener(name, (event) => render(JSON.parse(event.data)));
  on("clock", (clock) => { state.skew = Date.now() / 1000 - clock.now; });
  on("event", renderEvent);
  on("tiles", (tiles) => { state.tiles = tiles; renderTiles(); });
  on("results", renderResults);
  on("standings", renderStandings);
  source.onopen = () => { $("link").textContent = "live"; $("link").className = "link up"; };
  source.onerror = () => { $("link").textContent = "reconnecting"; $("link").className = "link down"; };
}

document.addEventListener("DOMContentLoaded", () => {
  $("start-all").addEventListener("click", () => roundAction("start", null));
  $("end-all").addEventListener("click", () => roundAction("end", null));
  $("import-form").addEventListener("submit", importFiles);
  connect();
  setInterval(() => { if (state.tiles.some((g) => g.tiles.some((t) => t.running != null))) renderTiles(); }, 1000);
});
