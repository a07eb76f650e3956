// Players who come and go, on the director's page (director/web/players_page.py): in each
// division's section, a late entry (name, rating, how the rounds already paired are written), a
// player withdrawn from a round on, back, or absent for one round (their number or name, the
// round, how each round missed is written), and a player who never came to their table (a
// forfeit in a round under way). The "draw" part of the live stream lists who is withdrawn or
// absent; each answer says everything that was done, and what became of the next round's
// proposal.
"use strict";

import { el, part } from "./live.js";

function missedChoice(label) {
  return el("select", { class: "players-missed", "aria-label": label },
            el("option", { value: "none" }, "no game"), el("option", { value: "forfeit" }, "forfeit losses"));
}

// The players' block of a division's section, made once (its forms keep what the director types).
export function playersSection(node, name, post, say) {
  const ask = async (what, body, done) => {
    try { say((await post(`/api/players/${what}`, JSON.stringify({ division: name, ...body }), "application/json")).message); done?.(); }
    catch (error) { say(`Players: ${error.message}`, true); }
  };
  const entrant = el("input", { class: "late-name", size: "22", "aria-label": "the late entry's name" });
  const rating = el("input", { class: "late-rating", type: "number", min: "0", max: "4000", size: "5", "aria-label": "their rating" });
  const lateMissed = missedChoice("the rounds they missed");
  const late = el("form", { class: "players-late" }, "Late entry ", entrant, " rated ", rating,
                  " rounds missed: ", lateMissed, " ", el("button", { type: "submit" }, "Enter"));
  late.addEventListener("submit", (event) => {
    event.preventDefault();
    ask("late", { name: entrant.value.trim(), rating: Number(rating.value || 0), missed: lateMissed.value },
        () => { entrant.value = ""; rating.value = ""; });
  });
  const who = el("input", { class: "players-who", size: "16", placeholder: "number or name", "aria-label": "the player: number or name" });
  const from = el("input", { class: "players-round", type: "number", min: "1", size: "3", placeholder: "next",
                             "aria-label": "from round (empty: the first not started)" });
  const missed = missedChoice("each round they miss");
  const change = el("form", { class: "players-change" }, "Player ", who, " round ", from, " missed: ", missed, " ");
  for (const [what, words] of [["withdraw", "Withdraw"], ["absent", "Absent for the round"], ["back", "Back"]]) {
    const button = el("button", { type: "button", class: `players-${what}` }, words);
    button.addEventListener("click", () => ask(what, {
      player: who.value.trim(), ...(from.value ? { round: Number(from.value) } : {}),
      ...(what === "back" ? {} : { missed: missed.value }) }, () => { who.value = ""; from.value = ""; }));
    change.append(button, " ");
  }
  change.addEventListener("submit", (event) => event.preventDefault());
  const gone = el("input", { class: "noshow-who", size: "16", placeholder: "number or name",
                             "aria-label": "who did not come: number or name, a comma between two" });
  const round = el("input", { class: "noshow-round", type: "number", min: "1", size: "3", "aria-label": "the round under way" });
  const undo = el("button", { type: "button", class: "noshow-undo" }, "Take the forfeit back");
  const noShow = el("form", { class: "players-noshow" }, "In round ", round, " under way, player ", gone, " did not come ",
                    el("button", { type: "submit", class: "noshow-forfeit" }, "Forfeit"), " ", undo);
  const named = () => gone.value.split(",").map((p) => p.trim()).filter(Boolean);
  noShow.addEventListener("submit", (event) => {
    event.preventDefault();
    ask("noshow", { round: Number(round.value), players: named() }, () => { gone.value = ""; });
  });
  undo.addEventListener("click", () => ask("noshow", { round: Number(round.value), players: named(), undo: true },
                                           () => { gone.value = ""; }));
  const box = el("section", { class: "players" }, el("h3", {}, "Players coming and going"),
                 late, change, noShow, el("ul", { class: "players-away" }));
  node.querySelector(".draw").before(box);
}

// Who is withdrawn or absent, from the "draw" part's ``players`` of each division.
export function playersPart(groups) {
  for (const group of groups) {
    const list = part(group.division, ".players-away");
    if (!list || !group.players) continue;
    list.replaceChildren(
      ...group.players.withdrawn.map((p) => el("li", {}, `${p.name} (${p.number}): withdrawn, each round missed ${p.missed}`)),
      ...group.players.absent.map((p) => el("li", {}, `${p.name} (${p.number}): absent from round ${p.round} only (${p.missed})`)));
  }
}
