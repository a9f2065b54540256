// The table page's rules panel: the options in force (those chosen, beside the game's defaults), the house rules,
// the match's end and what the cards do.  table.js calls showRules with the table's setup whenever it draws.
// Every text goes in with textContent.
"use strict";
let rulesShown = null;
let catalogue = null;

async function gameOf(name) {
  if (catalogue === null) {
    const answer = await fetch("/api/variants");
    catalogue = answer.ok ? (await answer.json()).variants : [];
  }
  return catalogue.find((game) => game.name === name) || null;
}

function inForce(setup, game) {
  // The options that differ from the game's defaults, the house rules on, and the match's end, in one line.
  const said = [];
  const own = new Set((game ? game.house_rules : []).map((rule) => rule.name));
  const houseRules = [...setup.house_rules];
  for (const control of game ? game.controls : []) {
    const value = setup.options[control.name];
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(control.default)) {
      said.push(`${control.name} ${value === true ? "on" : value === false ? "off" : value}`);
    }
  }
  for (const name of own) if (setup.options[name] === true) houseRules.push(name);
  const parts = [`Options: ${said.length ? said.join(" · ") : "the game's defaults"}`];
  parts.push(`house rules: ${houseRules.length ? houseRules.join(", ") : "none"}`);
  if (setup.goal) parts.push(`match: ${setup.goal}`);
  return parts.join("; ") + ".";
}

async function showRules(setup) {
  if (!setup || setup === rulesShown) return;
  rulesShown = setup;
  const game = await gameOf(setup.variant);
  const panel = document.getElementById("rules-panel");
  const title = game ? game.title : setup.variant;
  panel.querySelector("summary").textContent = `Rules and options: ${title}`;
  document.getElementById("in-force").textContent = inForce(setup, game);
  const lines = setup.rules || (game ? game.rules : []);
  document.getElementById("rules-list").replaceChildren(...lines.map((line) => {
    const item = document.createElement("li");
    item.textContent = line;
    return item;
  }));
  panel.hidden = false;
}
