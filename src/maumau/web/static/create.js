// The create page: pick a variant, seats (people or bot levels), options and house rules; get the join links.
// Every text the page writes goes in with textContent: names typed here are never read as HTML.
"use strict";
// The variant chosen when the page opens, if it is installed: the plainest game for someone new.
const PRESELECTED = "classic";
let levels = [];
let variants = [];

function node(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

function option(value, text) {
  const made = node("option", "", text);
  made.value = value;
  return made;
}

function seatRow(number, name, bot) {
  const row = node("div", "seat-row");
  row.appendChild(node("span", "seat-number", `Seat ${number}`));
  const input = node("input", "seat-name");
  input.value = name;
  input.setAttribute("aria-label", `name of seat ${number}`);
  row.appendChild(input);
  const kind = node("select", "seat-kind");
  kind.setAttribute("aria-label", `who plays seat ${number}`);
  kind.appendChild(option("", "a person"));
  for (const level of levels) kind.appendChild(option(level, `a ${level} bot`));
  kind.value = bot || "";
  row.appendChild(kind);
  return row;
}

function addSeat() {
  const box = document.getElementById("seats");
  const number = box.children.length;
  box.appendChild(seatRow(number, number === 0 ? "Ann" : `Bot ${number}`, number === 0 ? "" : "heuristic"));
}

function players(low, high) {
  if (low === high) return `${low} player${low === 1 ? "" : "s"}`;
  return `${low} to ${high} players`;
}

function showVariant() {
  const chosen = variants.find((v) => v.name === document.getElementById("variant").value);
  if (!chosen) return;
  document.getElementById("summary").textContent = `${chosen.summary} (${players(chosen.players[0], chosen.players[1])})`;
  document.getElementById("option-help").textContent = chosen.options.length ? "Options: " + chosen.options.join("; ") : "No options.";
}

function readOptions() {
  // Sent as typed: the server reads each line as `maumau play --option` does.
  return document.getElementById("options").value.split("\n").map((line) => line.trim()).filter(Boolean);
}

async function create(event) {
  event.preventDefault();
  const seats = [...document.querySelectorAll(".seat-row")].map((row) => ({
    name: row.querySelector(".seat-name").value,
    bot: row.querySelector(".seat-kind").value || null,
  }));
  const seed = document.getElementById("seed").value;
  const reaction = document.getElementById("reaction").value;
  const spec = {
    variant: document.getElementById("variant").value,
    seats,
    options: readOptions(),
    house_rules: document.getElementById("house-rules").value.split("\n").map((s) => s.trim()).filter(Boolean),
    seed: seed === "" ? null : parseInt(seed, 10),
    reaction_seconds: reaction === "" ? null : parseFloat(reaction),
  };
  const answer = await fetch("/api/tables", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(spec),
  });
  const body = await answer.json();
  if (!answer.ok) {
    document.getElementById("error").textContent = body.error;
    return;
  }
  document.getElementById("error").textContent = "";
  const links = document.getElementById("links");
  drawLinks(document.getElementById("link-list"), body, null);
  links.hidden = false;
  links.scrollIntoView({ block: "start" });
}

async function start() {
  const answer = await fetch("/api/variants");
  const body = await answer.json();
  levels = body.levels;
  variants = body.variants;
  const select = document.getElementById("variant");
  select.replaceChildren(...variants.map((v) => option(v.name, v.name)));
  if (variants.some((v) => v.name === PRESELECTED)) select.value = PRESELECTED;
  select.addEventListener("change", showVariant);
  showVariant();
  for (let n = 0; n < 3; n++) addSeat();
  document.getElementById("add-seat").addEventListener("click", addSeat);
  document.getElementById("remove-seat").addEventListener("click", () => {
    const box = document.getElementById("seats");
    if (box.children.length > 1) box.lastChild.remove();
  });
  document.getElementById("create").addEventListener("submit", create);
}

start();
