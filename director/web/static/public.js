// The public live view (/live), for players' and spectators' phones: the live parts only
// (live.js), over the public stream; no controls. "Find my table": a few letters of a name (any
// order of its words, case and accents aside) show where that player sits in their division's
// round (the "seats" part: table, opponent, who starts); the prize table's link shows once a
// division's last round is in.
"use strict";

import { $, el, startLive } from "./live.js";

const SHOWN = 12;                           // matches listed at most: type more letters for others
let seats = [];                             // the "seats" part: [{division, round, final, seats}]

const bare = (text) => text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

function seatText(division, round, seat) {
  const where = seat.table ? `table ${seat.table}` : "a bye";
  const against = seat.opponent ? ` against ${seat.opponent}` : "";
  const starts = seat.starts == null ? "" : seat.starts ? " (you start)" : ` (${seat.opponent} starts)`;
  return `Division ${division} round ${round}: ${where}${against}${starts}`;
}

function renderFind() {
  const words = bare($("find-name").value).split(/[\s,]+/).filter(Boolean);
  const list = $("find-results");
  if (!words.length) { list.replaceChildren(); return; }
  const found = [];
  for (const group of seats) {
    if (group.round == null) continue;
    for (const seat of group.seats) {
      const name = bare(seat.name);
      if (words.every((w) => name.includes(w))) found.push([group, seat]);
    }
  }
  const items = found.slice(0, SHOWN).map(([group, seat]) => el("li", { class: "seat" },
    el("strong", { class: "who" }, seat.name), " ",
    el("span", { class: "where" }, seatText(group.division, group.round, seat))));
  if (!found.length) items.push(el("li", { class: "none" }, "No player's name has those letters."));
  if (found.length > SHOWN) items.push(el("li", { class: "more" }, `${found.length - SHOWN} more: type more letters`));
  list.replaceChildren(...items);
}

function renderSeats(part) {
  seats = part;
  $("prizes-link").hidden = !part.some((group) => group.final);
  renderFind();
}

document.addEventListener("DOMContentLoaded", () => {
  $("find-name").addEventListener("input", renderFind);
  startLive("/live/events", { parts: { seats: renderSeats } });
});
