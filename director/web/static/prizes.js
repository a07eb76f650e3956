// The prize table's page (/prizes, director/web/routes/prizes.py): each division's settings form
// sends what the director set (POST /api/prizes/settings, JSON, with the session's CSRF token);
// "Back to the config's" forgets the page's choice (POST /api/prizes/forget). Once the service
// took it, the page is read again (the table as it now stands); a refusal names the key.
"use strict";

const csrf = document.querySelector('meta[name="csrf-token"]').content;

async function post(url, body) {
  const response = await fetch(url, { method: "POST", body: JSON.stringify(body),
                                      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf } });
  const answer = await response.json().catch(() => ({}));
  if (response.status === 401) { location.assign("/login"); return null; }
  if (!response.ok) throw new Error(answer.error || `${response.status} ${response.statusText}`);
  return answer;
}

function say(form, text) {
  let note = form.querySelector(".said");
  if (!note) { note = document.createElement("p"); note.className = "said refused"; note.setAttribute("role", "alert"); form.append(note); }
  note.textContent = text;
}

function settings(form) {
  const out = { division: form.dataset.division };
  for (const input of form.querySelectorAll("input")) {
    if (input.type === "checkbox") out[input.name] = input.checked;
    else if (input.type === "number") out[input.name] = Number(input.value || 0);
    else out[input.name] = input.value.split(/[,;]/).map((b) => b.trim()).filter(Boolean);
  }
  return out;
}

document.addEventListener("DOMContentLoaded", () => {
  for (const form of document.querySelectorAll("form.prize-form")) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try { if (await post("/api/prizes/settings", settings(form))) location.reload(); }
      catch (error) { say(form, error.message); }
    });
    const forget = form.querySelector("button.forget");
    if (forget) forget.addEventListener("click", async () => {
      try { if (await post("/api/prizes/forget", { division: form.dataset.division })) location.reload(); }
      catch (error) { say(form, error.message); }
    });
  }
});
