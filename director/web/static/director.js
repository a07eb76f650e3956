// The director's page: the live parts (live.js) and the director's controls: each division's
// round buttons and .t download, every division's round buttons, the import form, the .TOU
// download (saying what it leaves out), the problems of the standings, the uses of the director's
// menu beside each table's result, correcting a result (its form, each result's Correct button,
// the log of every correction), each division's draw (draw.js) and its players who come and go
// (players.js), and logging out. Every request that changes something carries
// the session's CSRF token (the page's <meta name="csrf-token">) in X-CSRF-Token; the service
// refuses it without (director/web/guard.py).
"use strict";

import { $, divisionSection, el, part, renderResults, startLive, state, wallText } from "./live.js";
import { drawPart, drawSection } from "./draw.js";
import { playersPart, playersSection } from "./players.js";

const csrf = document.querySelector('meta[name="csrf-token"]').content;
let menuUses = [];                  // the "menu_uses" part: [{division, tables: {table: uses}}]

function say(text, error) {
  $("message").textContent = text;
  $("message").className = error ? "error" : "";
}

async function post(url, body, contentType) {
  const response = await fetch(url, { method: "POST", body, headers: { "Content-Type": contentType, "X-CSRF-Token": csrf } });
  const answer = await response.json().catch(() => ({}));
  if (response.status === 401) { location.assign("/login"); throw new Error("logged out: log in again"); }
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
                   division: $("import-division").value.trim() || null, replace: $("import-replace").checked,
                   as_corrections: $("import-corrections").checked };
    const answer = await post(`/api/import?kind=${encodeURIComponent($("import-kind").value)}`,
                              JSON.stringify(body), "application/json");
    say(answer.message);
  } catch (error) { say(`${names}: ${error.message}`, true); }
}

// The .TOU download says what it leaves out (the round in play: only complete rounds are rated).
// Every export link downloads its file here, so that what cannot be made is said on the page (never
// a raw error), and what the file leaves out (X-Left-Out) or the director should know of it
// (X-Note: the line tsh's config needs for a UTF-8 .t file, the names the .TOU romanises) is said.
async function download(event) {
  event.preventDefault();
  const href = event.currentTarget.href;
  const fallback = decodeURIComponent(new URL(href).pathname.split("/").pop());
  try {
    const response = await fetch(href);
    if (response.status === 401) { location.assign("/login"); return; }
    if (!response.ok) throw new Error((await response.json().catch(() => ({}))).error || response.statusText);
    const name = decodeURIComponent((response.headers.get("Content-Disposition") || "").split("''")[1] || fallback);
    const link = el("a", { href: URL.createObjectURL(await response.blob()), download: name });
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    const told = ["X-Left-Out", "X-Note"].map((h) => response.headers.get(h)).filter(Boolean).map(decodeURIComponent);
    say(told.length ? `${name}: ${told.join("; ")}.` : (fallback === "ratings.TOU" ? `${name}: every round with results.` : `${name}: downloaded.`));
  } catch (error) { say(`${fallback}: ${error.message}`, true); }
}

async function logout() {
  try { await post("/logout", "{}", "application/json"); } catch (error) { /* gone already */ }
  location.assign("/login");
}

// --- the director's own parts of the live page ---------------------------------------------------

// A division's section (the public view's, director/web/templates/division.html) gets the director's
// controls under its title and its standings' problems at its end.
function sectionMade(node, name) {
  const start = el("button", { class: "start-round", type: "button" }, "Start round");
  const end = el("button", { class: "end-round", type: "button" }, "End round");
  start.addEventListener("click", () => roundAction("start", name));
  end.addEventListener("click", () => roundAction("end", name));
  const tFile = el("a", { class: "export-t", href: `/export/division.t?division=${encodeURIComponent(name)}` }, "tsh .t file");
  const grade = `?division=${encodeURIComponent(name)}`;       // the results to forward (NZASP 11.4)
  const results = el("a", { class: "export-results", href: `/export/results.html${grade}`, target: "_blank" }, "results to forward");
  const resultsCsv = el("a", { class: "export-results-csv", href: `/export/results.csv${grade}` }, "as CSV");
  for (const link of [tFile, resultsCsv]) link.addEventListener("click", download);
  const links = el("span", { class: "division-files" }, tFile, " · ", results, " (", resultsCsv, ")");
  node.querySelector("h2").after(el("div", { class: "buttons" }, start, end, links));
  node.querySelector(".results thead tr").append(el("th", {}, "Director's menu"), el("th", {}, "Correct"));
  node.append(el("ul", { class: "problems" }));
  drawSection(node, name, post, say);
  playersSection(node, name, post, say);
}

function drawn(groups) {
  drawPart(groups);
  playersPart(groups);
}

function event(event) {
  for (const info of event.divisions) {
    const node = divisionSection(info.division);
    node.querySelector(".start-round").disabled = info.round == null || info.started_wall != null;
    node.querySelector(".end-round").disabled = info.round == null || info.started_wall == null || info.ended_wall != null;
  }
  $("start-all").disabled = !event.divisions.some((d) => d.round != null && d.started_wall == null);
  $("end-all").disabled = !event.divisions.some((d) => d.started_wall != null && d.ended_wall == null);
}

// --- correcting a result ---------------------------------------------------------------------------

function showKind() {
  const kind = $("correct-kind").value;
  $("correct-scores").hidden = kind !== "scores";
  $("correct-forfeit").hidden = kind !== "forfeit";
}

// A result's row fills the form in: its division, round, table and scores, in its players' order.
function fillCorrection(division, round, row) {
  $("correct-division").value = division;
  $("correct-round").value = round;
  $("correct-table").value = row.table;
  $("correct-players").value = "";
  $("correct-kind").value = "scores";
  const scores = row.scores || row.recorded;
  [$("correct-score0").value, $("correct-score1").value] = scores;
  $("correct-score0").setAttribute("aria-label", `${row.players[0]}'s score`);
  $("correct-score1").setAttribute("aria-label", `${row.players[1]}'s score`);
  showKind();
  $("correct-reason").focus();
}

async function correctResult(event) {
  event.preventDefault();
  const kind = $("correct-kind").value;
  const players = $("correct-players").value.split(",").map((p) => p.trim()).filter(Boolean);
  const body = { division: $("correct-division").value.trim() || null, round: Number($("correct-round").value),
                 kind, reason: $("correct-reason").value.trim() };
  if (players.length) body.players = players; else body.table = $("correct-table").value.trim();
  if (kind === "scores") body.scores = [Number($("correct-score0").value), Number($("correct-score1").value)];
  if (kind === "forfeit") body.forfeit = $("correct-forfeit").value.trim();
  try {
    const answer = await post("/api/corrections", JSON.stringify(body), "application/json");
    say(answer.message);
    $("correct-reason").value = "";
  } catch (error) { say(`Correction refused: ${error.message}`, true); }
}

function correctionLog(log) {
  $("correction-log").replaceChildren(...log.slice().reverse().map((c) =>
    el("li", { class: c.applies ? "applies" : "replaced" },
       `${wallText(c.wall)} · division ${c.division} round ${c.round}${c.table ? ` table ${c.table}` : ""}: `
       + `${c.now} (was ${c.was}) · ${c.reason} · by ${c.source}${c.applies ? "" : " · since replaced"}`)));
}

// The uses of the director's menu at a table, beside its result (a column of the director's own),
// and the button that corrects the result.
function resultRow(tr, division, row) {
  const uses = menuUses.find((g) => g.division === division)?.tables[row.table];
  const cell = el("td", { class: "menu-uses" + (uses && uses.wrong_pins ? " warn" : "") });
  if (uses) {
    cell.append(el("ul", {}, ...uses.uses.map((u) =>
      el("li", {}, [u.words, u.detail].filter(Boolean).join(": ") + (u.wall ? ` (${wallText(u.wall)})` : "")))));
    if (uses.unreadable) cell.append(el("div", {}, `${uses.unreadable} more not readable`));
  }
  const round = state.results.find((g) => g.division === division)?.round;
  const button = el("button", { type: "button", class: "correct" }, "Correct");
  button.addEventListener("click", () => fillCorrection(division, round, row));
  tr.append(cell, el("td", {}, button));
}

function menuUsesChanged(part) {
  menuUses = part;
  renderResults(null);
}

function problems(problems) {
  for (const group of problems.divisions) {
    part(group.division, ".problems").replaceChildren(...group.problems.map((text) => el("li", {}, text)));
  }
  $("problems").replaceChildren(...problems.event.map((text) => el("li", {}, text)));
}

function takenBack(lines) {
  $("taken-back").replaceChildren(...lines.map((text) => el("li", {}, text)));
  $("taken-back-section").hidden = lines.length === 0;
}

// The page's stream was refused: back to the login if the session is gone, else open it again.
async function closed() {
  const response = await fetch("/", { method: "HEAD" }).catch(() => null);
  if (response && response.status === 401) { location.assign("/login"); return false; }
  return true;
}

document.addEventListener("DOMContentLoaded", () => {
  $("start-all").addEventListener("click", () => roundAction("start", null));
  $("end-all").addEventListener("click", () => roundAction("end", null));
  $("import-form").addEventListener("submit", importFiles);
  // the files (the results page, .html, opens as a page)
  for (const link of document.querySelectorAll(".exports a[href^='/export/']:not([href*='.html'])")) link.addEventListener("click", download);
  $("correct-form").addEventListener("submit", correctResult);
  $("correct-kind").addEventListener("change", showKind);
  $("logout").addEventListener("click", logout);
  startLive("/events", { section: sectionMade, event, closed, resultRow,
                         parts: { problems, menu_uses: menuUsesChanged, correction_log: correctionLog,
                                  taken_back: takenBack, draw: drawn } });
});
