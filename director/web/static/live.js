// The live parts of a page (the director's and the public live view alike): lays out what the
// service sends over server-sent events: "clock", "event" (the divisions and their rounds),
// "tiles", "results", "standings" and "corrections" (each game the director corrected), each
// whenever it changes. A part of groups (one per
// division) comes whole ({"whole": [...]}) or as the groups that changed ({"groups": [...]},
// each whole or only its items that changed: director/web/live_patch.py says how). Never reloads.
// Every division has its section (made from #division-template the first time the division
// appears): its round, its tables, its round's results and its standings.
// Names come from the tables, so every text goes in as text (the standings arrive as HTML the
// service has escaped).
"use strict";

export const state = { skew: 0, event: null, tiles: [], results: [], standings: [] };
export const $ = (id) => document.getElementById(id);
const ITEMS = { tiles: "tiles", results: "rows", standings: null };

// What a page adds to the live parts: section(node, name) when a division's section is made,
// event(event) after the event is laid out, resultRow(tr, division, row) for each result's row,
// parts: {name: render} for the page's own parts; closed() when the service refused the stream
// (a limit, or no session any more): resolves to whether to open it again (after a while).
const hooks = { section() {}, event() {}, resultRow() {}, parts: {}, async closed() { return true; } };
const REOPEN_MS = 10_000;

export function el(tag, attrs, ...children) {
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

export function wallText(wall) {
  return wall == null ? "" : new Date(wall * 1000).toLocaleTimeString();
}

// --- a part's groups, brought up to date ---------------------------------------------------------

// Applies one event's data to state[part]; returns the divisions whose group changed, or null
// when every group may have.
function apply(part, data) {
  if (data.whole) { state[part] = data.whole; return null; }
  const changed = [];
  for (const patch of data.groups) {
    const groups = state[part];
    const index = groups.findIndex((g) => g.division === patch.division);
    if (patch.group) {
      groups[index] = patch.group;
    } else {
      const items = ITEMS[part];
      const byTable = new Map(patch.items.map((item) => [item.table, item]));
      groups[index] = { ...groups[index], [items]: groups[index][items].map((item) => byTable.get(item.table) || item) };
    }
    changed.push(patch.division);
  }
  return changed;
}

// --- a division's section ------------------------------------------------------------------------

export function divisionSection(name) {
  const box = $("divisions");
  let section = [...box.children].find((node) => node.dataset.division === name);
  if (!section) {
    section = $("division-template").content.firstElementChild.cloneNode(true);
    section.dataset.division = name;
    section.querySelector(".name").textContent = `Division ${name}`;
    hooks.section(section, name);
    box.append(section);
  }
  return section;
}

export function part(name, selector) {
  return name == null ? $("other-tables").querySelector(selector) : divisionSection(name).querySelector(selector);
}

// --- tiles ---------------------------------------------------------------------------------------

const LABELS = {
  waiting: "waiting", playing: "playing", challenge: "challenge in progress",
  overtime: "overtime", finished: "finished", result: "result received",
  void: "game void",
};

function running(tile) {
  return ["playing", "overtime"].includes(tile.state) ? tile.running : null;
}

function tileTimes(tile) {
  if (!tile.times_ms) return ["", ""];
  const ticking = running(tile) != null && !tile.silent && tile.heard_wall;
  return tile.times_ms.map((ms, side) =>
    ticking && tile.running === side ? ms - (serverNow() - tile.heard_wall) * 1000 : ms);
}

function tileNode(tile) {
  const classes = ["tile", tile.state].concat(tile.silent ? ["silent"] : []);
  const node = el("div", { class: classes.join(" "), "data-table": tile.table, "data-state": tile.state,
                           "data-silent": tile.silent ? "yes" : "no" },
    el("div", { class: "head" }, el("span", {}, `Table ${tile.table}`),
       el("span", { class: "state" }, LABELS[tile.state] || tile.state)),
    el("div", { class: "players" }, el("span", { title: tile.players[0] || "" }, tile.players[0] || ""),
       el("span", { title: tile.players[1] || "" }, tile.players[1] || "")));
  if (tile.times_ms && tile.state !== "result") {
    node.append(el("div", { class: "times" }, ...tileTimes(tile).map((ms, side) =>
      el("span", { class: (running(tile) === side ? "running " : "") + (ms < 0 ? "over" : "") }, clockText(ms)))));
  }
  if (tile.scores) {
    node.append(el("div", { class: "scores" }, el("span", {}, String(tile.scores[0])), el("span", {}, String(tile.scores[1]))));
  }
  if (tile.corrected) node.append(el("div", { class: "corrected-mark" }, tile.scores ? "corrected by the director" : "void (the director)"));
  if (tile.judge) {
    node.append(el("div", { class: "judge" }, tile.judge));
  }
  if (tile.silent) {
    const since = tile.heard_wall ? `not heard from since ${wallText(tile.heard_wall)}` : "not heard from this round";
    node.append(el("div", { class: "silent-note" }, `link silent: ${since}`));
  }
  return node;
}

function renderTiles(divisions) {
  const others = state.tiles.find((group) => group.division == null);
  $("other-tables").hidden = !others;
  if (!others) $("other-tables").querySelector(".tiles").replaceChildren();
  for (const group of state.tiles) {
    if (divisions && !divisions.includes(group.division)) continue;
    part(group.division, ".tiles").replaceChildren(...group.tiles.map(tileNode));
  }
}

// --- the event, its rounds, results and standings ------------------------------------------------

function renderEvent(event) {
  state.event = event;
  const title = event.name || event.tournament || "Tournament";
  $("tournament").textContent = title;
  document.title = `${document.body.dataset.title}: ${title}`;
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
  }
  hooks.event(event);
}

// A result's scores; one the director corrected shows what it is now, marked, and what the
// table recorded.
function scoreCell(r) {
  if (!r.corrected) return el("td", { class: "num" }, `${r.scores[0]}–${r.scores[1]}`);
  const now = r.scores ? `${r.scores[0]}–${r.scores[1]}` : "void";
  return el("td", { class: "num corrected", title: r.now || "" }, now,
    el("span", { class: "corrected-mark" }, " corrected"),
    el("div", { class: "recorded" }, `recorded ${r.recorded[0]}–${r.recorded[1]}`));
}

function resultRow(division, r) {
  const tr = el("tr", { "data-table": r.table, class: r.corrected ? "corrected" : "" },
    el("td", {}, r.table), el("td", {}, `${r.players[0]} – ${r.players[1]}`),
    scoreCell(r), el("td", { class: "num" }, String(r.spread)),
    el("td", {}, r.end || ""), el("td", { class: "num" }, String(r.revision)), el("td", {}, wallText(r.received_wall)));
  hooks.resultRow(tr, division, r);
  return tr;
}

export function renderResults(divisions) {
  for (const group of state.results) {
    if (divisions && !divisions.includes(group.division)) continue;
    part(group.division, ".results").tBodies[0].replaceChildren(...group.rows.map((r) => resultRow(group.division, r)));
  }
}

// The corrections that stand: each game the director corrected, as it is now.
function renderCorrections(list) {
  $("corrections").hidden = list.length === 0;
  $("corrections").querySelector(".corrections").replaceChildren(...list.map((c) =>
    el("li", { "data-correction": String(c.id) },
       `Division ${c.division} round ${c.round}${c.table ? ` table ${c.table}` : ""}: ${c.now} (corrected)`)));
}

function renderStandings(divisions) {
  for (const group of state.standings) {
    if (divisions && !divisions.includes(group.division)) continue;
    part(group.division, ".standings").innerHTML = group.html;    // escaped by the service (director.event.standings)
  }
}

// --- the stream ----------------------------------------------------------------------------------

function connect(url) {
  const source = new EventSource(url);
  const on = (name, render) => source.addEventListener(name, (event) => render(JSON.parse(event.data)));
  on("clock", (clock) => { state.skew = Date.now() / 1000 - clock.now; });
  on("event", renderEvent);
  on("tiles", (data) => renderTiles(apply("tiles", data)));
  on("results", (data) => renderResults(apply("results", data)));
  on("standings", (data) => renderStandings(apply("standings", data)));
  on("corrections", renderCorrections);
  for (const [name, render] of Object.entries(hooks.parts)) on(name, render);
  // fell behind: the service ends the stream, says why, and the browser opens it again
  source.addEventListener("dropped", (event) => { $("link").title = JSON.parse(event.data).reason; });
  source.onopen = () => { $("link").textContent = "live"; $("link").className = "link up"; $("link").title = ""; };
  source.onerror = () => {
    $("link").textContent = $("link").title ? "reconnecting (this page fell behind)" : "reconnecting";
    $("link").className = "link down";
    if (source.readyState === EventSource.CLOSED) {      // refused: EventSource gives up by itself
      hooks.closed().then((again) => { if (again) setTimeout(() => connect(url), REOPEN_MS); });
    }
  };
}

// Starts the page's live parts from the stream at `url`, with the page's own hooks.
export function startLive(url, pageHooks) {
  Object.assign(hooks, pageHooks || {});
  connect(url);
  setInterval(() => { if (state.tiles.some((g) => g.tiles.some((t) => running(t) != null))) renderTiles(null); }, 1000);
}
