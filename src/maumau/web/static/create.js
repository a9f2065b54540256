// The create page: pick a variant, seats (people or bot levels), options and house rules; get the join links.
"use strict";
let levels = [];
let variants = [];

function seatRow(number, name, bot) {
  const row = document.createElement("div");
  row.className = "seat-row";
  const label = document.createElement("span");
  label.textContent = `Seat ${number}`;
  const input = document.createElement("input");
  input.className = "seat-name";
  input.value = name;
  input.setAttribute("aria-label", `name of seat ${number}`);
  const kind = document.createElement("select");
  kind.className = "seat-kind";
  kind.setAttribute("aria-label", `who plays seat ${number}`);
  kind.appendChild(new Option("a person", ""));
  for (const level of levels) kind.appendChild(new Option(`a ${level} bot`, level));
  kind.value = bot || "";
  row.append(label, " ", input, " ", kind);
  return row;
}

function addSeat() {
  const box = document.getElementById("seats");
  const number = box.children.length;
  box.appendChild(seatRow(number, number === 0 ? "Ann" : `Bot ${number}`, number === 0 ? "" : "heuristic"));
}

function showVariant() {
  const chosen = variants.find((v) => v.name === document.getElementById("variant").value);
  document.getElementById("summary").textContent = `${chosen.summary} (${chosen.players[0]} to ${chosen.players[1]} players)`;
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
  const list = document.getElementById("link-list");
  list.replaceChildren();
  const link = (className, href, text) => {
    const anchor = document.createElement("a");
    anchor.className = className;
    anchor.href = href;
    anchor.textContent = text;
    return anchor;
  };
  for (const seat of body.seats) {
    const item = document.createElement("li");
    if (seat.url) item.append(`${seat.name}: `, link("join", seat.url, seat.url));
    else item.textContent = `${seat.name}: a ${seat.bot} bot`;
    list.appendChild(item);
  }
  const watch = document.createElement("li");
  watch.append("Spectators: ", link("watch", body.watch, body.watch));
  list.appendChild(watch);
  const save = document.createElement("li");
  save.append("Save the table (keep this link to yourself): ", link("save", body.save, "save"));
  list.appendChild(save);
  document.getElementById("links").hidden = false;
}

async function start() {
  const answer = await fetch("/api/variants");
  const body = await answer.json();
  levels = body.levels;
  variants = body.variants;
  const select = document.getElementById("variant");
  select.replaceChildren(...variants.map((v) => new Option(v.name, v.name)));
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
