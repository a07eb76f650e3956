// The draw on the director's page (director/web/draw_page.py): in each division's section, its
// draw (system, king of the hill, seeding, rounds, Gibsonization), its own tables (no other
// division's games go there, and its go nowhere else) and, once drawn, its next round proposed:
// each game's table, players, who starts and, for a pair across score groups (or a Gibsonized
// leader's), why, which the director checks, adjusts (swap two players, move a game to a table)
// and publishes to the tables; and the round published last while it has not started,
// repaired the same way (one game) or taken back. Each request names the round the
// page shows, so that a change of a round published meanwhile is not made (the answer says so).
// The "draw" part of the live stream fills it in; a form being typed in is left as it is.
"use strict";

import { el, part } from "./live.js";

const SYSTEMS = { tsh: "tsh: pairings from tsh imports", round_robin: "round robin",
                  double_round_robin: "double round robin", swiss: "Swiss by record" };

function field(label, input) { return el("label", {}, label, " ", input); }

// The draw's block of a division's section, made once (its forms keep what the director types).
export function drawSection(node, name, post, say) {
  const system = el("select", { class: "draw-system", "aria-label": `division ${name}'s draw` },
                    ...Object.entries(SYSTEMS).map(([value, words]) => el("option", { value }, words)));
  const koth = el("input", { class: "draw-koth", type: "number", min: "0", max: "99", size: "3" });
  const seeding = el("select", { class: "draw-seeding" }, el("option", { value: "rating" }, "by rating"),
                     el("option", { value: "file" }, "as in the file"));
  const rounds = el("input", { class: "draw-rounds", type: "number", min: "0", max: "99", size: "3" });
  const gibson = el("input", { class: "draw-gibson", type: "number", min: "0", max: "99", size: "3" });
  const save = el("button", { type: "submit", class: "draw-save" }, "Set the draw");
  const settings = el("form", { class: "draw-settings" }, field("Draw", system),
                      field("king of the hill, last rounds", koth), field("round one seeded", seeding),
                      field("rounds (0: the system's)", rounds),
                      field("Gibsonize, prize places (0: no)", gibson), save, el("span", { class: "draw-source" }));
  const ask = async (what, body, done) => {
    try { say((await post(`/api/draw/${what}`, JSON.stringify({ division: name, ...body }), "application/json")).message); done?.(); }
    catch (error) { say(`Draw: ${error.message}`, true); }
  };
  settings.addEventListener("submit", (event) => {
    event.preventDefault();
    ask("settings", { system: system.value, king_of_the_hill: Number(koth.value || 0),
                      seeding: seeding.value, rounds: Number(rounds.value || 0),
                      gibson: Number(gibson.value || 0) });
  });
  const tables = el("input", { class: "draw-tables", size: "14", placeholder: "the venue's",
                               "aria-label": `division ${name}'s own tables` });
  const own = el("form", { class: "draw-own-tables" }, field("Its tables", tables),
                 el("button", { type: "submit", class: "draw-tables-save" }, "Set its tables"),
                 el("span", { class: "draw-tables-source" }));
  own.addEventListener("submit", (event) => {
    event.preventDefault();
    ask("tables", { tables: tables.value.trim() });
  });
  const propose = el("button", { type: "button", class: "draw-propose" }, "Draw the next round now");
  propose.addEventListener("click", () => ask("propose", {}));
  const proposal = roundBox("draw-proposal", ask, false);
  const publish = el("button", { type: "button", class: "draw-publish" }, "Publish");
  publish.addEventListener("click", () => ask("publish", { round: Number(proposal.dataset.round) }));
  proposal.querySelector(".buttons").append(publish);
  const opened = roundBox("draw-published", ask, true);
  const takeBack = el("button", { type: "button", class: "draw-takeback" }, "Take back");
  takeBack.addEventListener("click", () => ask("takeback", { round: Number(opened.dataset.round) }));
  opened.querySelector(".buttons").append(takeBack);
  const box = el("section", { class: "draw" }, el("h3", {}, "The draw"), settings, own,
                 el("div", { class: "buttons" }, propose), el("ul", { class: "draw-notes problems" }),
                 opened, proposal);
  node.querySelector(".tiles").before(box);
}

// A round's box (the proposal, or the round published and not started): its games, and the forms
// that swap two players or move a game, for the round the box shows (the published round's
// forms are the "repair" ones).
function roundBox(kind, ask, published) {
  const box = el("div", { class: kind, hidden: "" });
  const [swapping, moving] = published ? ["repair", "repair"] : ["swap", "move"];
  const a = el("input", { class: `${swapping}-a`, type: "number", min: "1", size: "3", "aria-label": "a player's number" });
  const b = el("input", { class: `${swapping}-b`, type: "number", min: "1", size: "3", "aria-label": "the other player's number" });
  const swap = el("form", { class: published ? "repair-swap" : "draw-swap" }, "Swap players ", a, " and ", b, " ",
                  el("button", { type: "submit" }, "Swap"));
  swap.addEventListener("submit", (event) => {
    event.preventDefault();
    ask("swap", { players: [Number(a.value), Number(b.value)], round: Number(box.dataset.round), published },
        () => { a.value = ""; b.value = ""; });
  });
  const who = el("input", { class: `${moving}-player`, type: "number", min: "1", size: "3", "aria-label": "the player's number" });
  const where = el("input", { class: `${moving}-table`, size: "4", "aria-label": "the table" });
  const move = el("form", { class: published ? "repair-move" : "draw-move" }, "Player ", who, "'s game at table ", where, " ",
                  el("button", { type: "submit" }, "Move"));
  move.addEventListener("submit", (event) => {
    event.preventDefault();
    ask("table", { player: Number(who.value), table: where.value.trim(), round: Number(box.dataset.round), published },
        () => { who.value = ""; where.value = ""; });
  });
  const prefix = published ? "repair" : "draw";
  const games = el("table", { class: `${prefix}-games` },
                   el("thead", {}, el("tr", {}, el("th", {}, "Table"), el("th", {}, "Starts"), el("th", {}, "Second"),
                                     el("th", {}, "Starts so far (first–second)"),
                                     ...(published ? [] : [el("th", {}, "Why they meet")]))),   // a proposal's reasons only
                   el("tbody"));
  box.append(el("h3", { class: `${prefix}-title` }), games, el("ul", { class: `${prefix}-adjusted` }),
             el("div", { class: "buttons" }, swap, move));
  return box;
}

function gameRow(game, withWhy = true) {
  const [n0, n1] = game.numbers;
  const label = (i) => (game.numbers[i] ? `${game.players[i]} (${game.numbers[i]})` : "bye");
  const order = game.first === 1 ? [1, 0] : [0, 1];
  const starts = game.numbers[1]
    ? order.map((i) => `${game.players[i]} ${game.starts[i][0]}–${game.starts[i][1]}`).join(", ") : "";
  return el("tr", { "data-players": `${n0} ${n1}`, class: game.why ? "crosses" : "" }, el("td", {}, game.table || "—"),
            el("td", { class: "starts" }, label(order[0])), el("td", {}, label(order[1])), el("td", {}, starts),
            ...(withWhy ? [el("td", { class: "why" }, game.why || "")] : []));
}

// The "draw" part: [{division, settings, source, next_round, rounds, proposal, notes}].
export function drawPart(groups) {
  for (const group of groups) {
    const box = part(group.division, ".draw");
    if (!box) continue;
    const notes = [...(group.notes || []), ...(group.error ? [group.error] : [])];
    box.querySelector(".draw-notes").replaceChildren(...notes.map((text) => el("li", {}, text)));
    if (!group.settings) continue;
    const form = box.querySelector(".draw-settings");
    if (!form.contains(document.activeElement)) {
      form.querySelector(".draw-system").value = group.settings.system;
      form.querySelector(".draw-koth").value = group.settings.king_of_the_hill;
      form.querySelector(".draw-seeding").value = group.settings.seeding;
      form.querySelector(".draw-rounds").value = group.settings.rounds;
      form.querySelector(".draw-gibson").value = group.settings.gibson;
    }
    const drawn = group.settings.system !== "tsh" || group.rounds > 0;
    const over = group.rounds > 0 && group.next_round > group.rounds;
    const where = group.source === "page" ? "here" : group.source === "config" ? "in the config" : "by default";
    const next = over ? `every round of ${group.rounds} drawn` : `next: round ${group.next_round}${group.rounds ? ` of ${group.rounds}` : ""}`;
    form.querySelector(".draw-source").textContent = drawn ? `(set ${where}; ${next})` : "";
    const own = box.querySelector(".draw-own-tables");
    if (!own.contains(document.activeElement)) own.querySelector(".draw-tables").value = group.tables || "";
    own.querySelector(".draw-tables-source").textContent = group.tables
      ? `(its own, set ${group.tables_source === "page" ? "here" : "in the config"}: no other division's games go there)`
      : "(none of its own: the venue's, after the divisions before it)";
    box.querySelector(".draw-propose").hidden = !drawn || over;
    box.querySelector(".draw-propose").textContent = `Draw round ${group.next_round} now`;
    const opened = box.querySelector(".draw-published");
    const shown = group.published;
    opened.hidden = !shown;
    opened.dataset.round = shown ? shown.round : "";
    opened.querySelector(".repair-title").textContent = shown
      ? `Round ${shown.round}, published: not started (a game can be repaired, or the round taken back)` : "";
    opened.querySelector(".repair-games").tBodies[0].replaceChildren(...(shown ? shown.games.map((game) => gameRow(game, false)) : []));
    opened.querySelector(".repair-adjusted").replaceChildren(...(shown ? shown.missed : []).map((who) => el("li", {}, `${who} misses it`)));
    opened.querySelector(".draw-takeback").textContent = shown ? `Take back round ${shown.round}` : "Take back";
    const proposal = box.querySelector(".draw-proposal");
    proposal.hidden = !group.proposal;
    if (!group.proposal) continue;
    proposal.dataset.round = group.proposal.round;
    proposal.querySelector(".draw-title").textContent = `Round ${group.proposal.round}, proposed: not yet sent to the tables`;
    proposal.querySelector(".draw-games").tBodies[0].replaceChildren(...group.proposal.games.map((game) => gameRow(game)));
    proposal.querySelector(".draw-adjusted").replaceChildren(...group.proposal.adjusted.map((text) => el("li", {}, text)));
    proposal.querySelector(".draw-publish").textContent = `Publish round ${group.proposal.round}`;
  }
}
