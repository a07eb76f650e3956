// The tables page (director/web/templates/tables.html): codes made for tables to enroll, a USB
// stick's file for a table on a serial line (each code open the minutes the form says), and every table's readiness, read from
// /api/tables every few seconds.
const $ = (id) => document.getElementById(id);
const csrf = document.querySelector('meta[name="csrf-token"]').content;
const REFRESH_MS = 3000;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children.map((c) => (typeof c === "string" ? document.createTextNode(c) : c)));
  return node;
}

function say(text, error = false) {
  $("message").textContent = text;
  $("message").className = error ? "error" : "";
}

async function post(path, body) {
  const response = await fetch(path, { method: "POST", body, credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf } });
  if (response.status === 401) { location.assign("/login"); throw new Error("logged out"); }
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error || `${response.status}`);
  return answer;
}

function tablesOf(text) {
  const names = [];
  for (const item of text.split(/[\s,]+/).filter(Boolean)) {
    const range = item.match(/^(\d{1,3})-(\d{1,3})$/);
    if (range && +range[1] <= +range[2]) {
      for (let n = +range[1]; n <= +range[2]; n++) names.push(String(n));
    } else names.push(item);
  }
  return [...new Set(names)];
}

async function makeCodes(event) {
  event.preventDefault();
  const made = [];
  const minutes = Number($("enroll-minutes").value) || 10;
  let until = "";
  try {
    for (const table of tablesOf($("enroll-table").value)) {
      const answer = await post("/api/enroll", JSON.stringify({ table, minutes }));
      made.push(`table ${answer.table}: ${answer.code.slice(0, 3)} ${answer.code.slice(3)}`);
      until = clock(answer.expires_wall);
    }
    say(`Codes made, open until ${until} (see the table below): ${made.join(" · ")}`);
  } catch (error) { say(`enroll: ${error.message}`, true); }
  refresh();
}

async function stickFile(event) {
  event.preventDefault();
  const table = $("stick-table").value.trim();
  try {
    const made = await post("/api/enroll", JSON.stringify({ table, stick: true,
      serial: $("stick-serial").value.trim() || null }));
    const link = $("stick-file");
    link.href = URL.createObjectURL(new Blob([made.file_text], { type: "text/plain" }));
    link.download = made.file_name;
    link.textContent = `download ${made.file_name} (put it in the folder tablekeeper/ of the stick; it holds the table's key). ` +
      `At the table: ENROLL, ${made.table}, the code ${made.code.slice(0, 3)} ${made.code.slice(3)} (not on the stick), STICK`;
    link.hidden = false;
  } catch (error) { say(`USB stick file for table ${table}: ${error.message}`, true); }
}

function clock(wall) {
  return new Date(wall * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

function ago(wall, now) {
  if (wall == null) return "never";
  const s = Math.max(0, Math.round(now - wall));
  return s < 90 ? `${s} s ago` : s < 5400 ? `${Math.round(s / 60)} min ago` : new Date(wall * 1000).toLocaleTimeString();
}

function row(t, now) {
  const lexicon = t.lexicon ? `${t.lexicon} ${t.lexicon_sha256.slice(0, 12)}` : "";
  const tr = el("tr", { "data-table": t.table },
    el("td", {}, t.table), el("td", {}, t.enrolled ? `yes, ${t.enrollment}` : t.enrollment || "no"),
    el("td", { class: "code" }, t.code ? `${t.code.slice(0, 3)} ${t.code.slice(3)}` : ""),
    el("td", { class: "until" }, t.code_until ? clock(t.code_until) : ""),
    el("td", {}, ago(t.heard_wall, now)), el("td", {}, t.link), el("td", {}, t.software),
    el("td", { class: "lexicon", title: t.lexicon_table ? `the table calls it ${t.lexicon_table}` : "" },
       lexicon + (t.lexicon_differs ? " (DIFFERS from the other tables')" : "")),
    el("td", {}, t.selftest),
    el("td", {}, ...(t.assignment_refused
      ? [el("strong", { class: "refused" }, `REFUSED the assignment: ${t.assignment_refused}`), " · "] : []),
      t.game + (t.taken_back ? ` · taken back from the table: ${t.taken_back}` : "")),
    el("td", { class: "pin" }, t.pin || ""));
  if (t.expected && t.heard_wall == null) tr.classList.add("missing");
  if (t.lexicon_differs) tr.classList.add("differs");
  if (t.assignment_refused) tr.classList.add("refused");
  if (t.recent) tr.classList.add("ready");
  return tr;
}

async function refresh() {
  try {
    // each table's PIN only while the box asks for them: a refresh does not carry them otherwise
    const asked = $("show-pins").checked ? "?pins=1" : "";
    const response = await fetch(`/api/tables${asked}`, { credentials: "same-origin" });
    if (response.status === 401) { location.assign("/login"); return; }
    const view = await response.json();
    $("tables").querySelector("tbody").replaceChildren(...view.tables.map((t) => row(t, view.now)));
    const missing = view.tables.filter((t) => t.expected && t.heard_wall == null).map((t) => t.table);
    $("summary").textContent = `${view.ready} of ${view.count} tables heard from in the last minute` +
      (view.expected ? ` (${view.expected} expected)` : "") +
      (missing.length ? `; expected and never heard from: ${missing.join(", ")}` : "");
  } catch (error) { say(`tables: ${error.message}`, true); }
}

document.addEventListener("DOMContentLoaded", () => {
  $("enroll-form").addEventListener("submit", makeCodes);
  $("stick-form").addEventListener("submit", stickFile);
  $("show-pins").addEventListener("change", () => {
    document.body.classList.toggle("pins", $("show-pins").checked);
    refresh();
  });
  refresh();
  setInterval(refresh, REFRESH_MS);
});
