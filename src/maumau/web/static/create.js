// The create page: pick a game, seats (people or bots), options and house rules; get the join links.
// Options are controls built from each game's declared options (a check box, a menu of the allowed values, a
// number field with its range); house rules are check boxes: the game's own, then those installed as plugins.
// Every text the page writes goes in with textContent: names typed here are never read as HTML.
"use strict";
// The game chosen when the page opens, if it is installed: the plainest game for someone new.
const PRESELECTED = "classic";
let levels = [];
let variants = [];
let pluginRules = [];

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

function chosenGame() {
  return variants.find((v) => v.name === document.getElementById("variant").value);
}

// One option's control: its kind and allowed values say which; the option's own words label it.
function optionControl(spec) {
  const label = node("label", "option-control");
  label.dataset.option = spec.name;
  let input;
  if (spec.kind === "bool") {
    label.classList.add("check");
    input = node("input");
    input.type = "checkbox";
    input.checked = spec.default === true;
    label.appendChild(input);
    label.appendChild(node("span", "", `${spec.name}: ${spec.doc}`));
    return label;
  }
  label.appendChild(node("span", "", `${spec.name}: ${spec.doc}`));
  if (spec.choices) {
    input = node("select");
    for (const choice of spec.choices) input.appendChild(option(JSON.stringify(choice), String(choice)));
    input.value = JSON.stringify(spec.default);
  } else if (spec.kind === "int") {
    input = node("input");
    input.type = "number";
    input.step = "1";
    if (spec.minimum !== null) input.min = String(spec.minimum);
    if (spec.maximum !== null) input.max = String(spec.maximum);
    input.value = String(spec.default);
  } else if (spec.kind === "str") {
    input = node("input");
    input.value = spec.default;
  } else {
    label.appendChild(node("span", "hint", "(set from the command line: maumau play --option)"));
    return label;
  }
  label.appendChild(input);
  return label;
}

// A control's value in the option's own type, or undefined when it is the default (nothing is sent for it).
function controlValue(spec, label) {
  const input = label.querySelector("input, select");
  if (!input) return undefined;
  let value;
  if (spec.kind === "bool") value = input.checked;
  else if (spec.choices) value = JSON.parse(input.value);
  else if (spec.kind === "int") value = input.value === "" ? spec.default : Number(input.value);
  else value = input.value;
  return JSON.stringify(value) === JSON.stringify(spec.default) ? undefined : value;
}

function houseRuleBox(name, description) {
  const label = node("label", "option-control check");
  const input = node("input");
  input.type = "checkbox";
  input.dataset.houseRule = name;
  label.appendChild(input);
  label.appendChild(node("span", "", `${name}: ${description}`));
  return label;
}

function fitSeats(chosen) {
  // Seats the game cannot take are removed from the end, and missing ones added as bots.
  const box = document.getElementById("seats");
  while (box.children.length > chosen.players[1] && box.children.length > 1) box.lastChild.remove();
  while (box.children.length < chosen.players[0]) addSeat();
}

function showVariant() {
  const chosen = chosenGame();
  if (!chosen) return;
  document.getElementById("summary").textContent =
    `${chosen.summary} (${players(chosen.players[0], chosen.players[1])}; played as ${chosen.name})`;
  const rules = document.getElementById("rules-list");
  rules.replaceChildren(...chosen.rules.map((line) => node("li", "", line)));
  document.getElementById("rules-panel").hidden = chosen.rules.length === 0;
  const controls = document.getElementById("option-controls");
  controls.replaceChildren(...chosen.controls.map(optionControl));
  document.getElementById("option-box").hidden = chosen.controls.length === 0;
  const houseRules = document.getElementById("house-rule-controls");
  houseRules.replaceChildren(
    ...chosen.house_rules.map((rule) => houseRuleBox(rule.name, rule.description)),
    ...pluginRules.map((name) => houseRuleBox(name, "an installed house rule")),
  );
  document.getElementById("house-rule-box").hidden = houseRules.children.length === 0;
  if (document.getElementById("seats").children.length) fitSeats(chosen);
}

function readOptions() {
  const chosen = chosenGame();
  const options = {};
  for (const spec of chosen ? chosen.controls : []) {
    const label = document.querySelector(`#option-controls [data-option="${CSS.escape(spec.name)}"]`);
    const value = label ? controlValue(spec, label) : undefined;
    if (value !== undefined) options[spec.name] = value;
  }
  return options;
}

function readHouseRules() {
  return [...document.querySelectorAll("#house-rule-controls input[data-house-rule]")]
    .filter((box) => box.checked)
    .map((box) => box.dataset.houseRule);
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
    house_rules: readHouseRules(),
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
  variants = body.variants.filter((v) => v.players[1] >= v.players[0]); // an unavailable game cannot be played
  pluginRules = body.house_rules;
  const select = document.getElementById("variant");
  select.replaceChildren(...variants.map((v) => option(v.name, v.title)));
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
