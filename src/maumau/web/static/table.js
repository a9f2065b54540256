// The table page: draws what the server sends for this seat (or for spectators) and sends back the moves.
// Only the legal moves are clickable; the server checks every move again all the same.
// A play of several cards is clicked card by card: with "and more" ticked, a card that more cards may follow is
// sent with more=true, and the server then lists only the cards that may follow; the last card is clicked without it.
// The other seats' moves are shown one at a time (PACE ms each), beside each seat and on the pile, before the new
// state is drawn, so that a bot's quick moves can be followed.  Every text goes in with textContent.
"use strict";
const query = new URLSearchParams(location.search);
const tableId = location.pathname.split("/")[2];
// How long each move of another seat is shown before the next, in milliseconds; ?pace=0 shows them all at once.
const PACE = query.has("pace") ? Math.max(0, Number(query.get("pace")) || 0) : 500;
let socket = null;
let current = null;
let setup = null;
let countdown = null;
// Whether a click on a card goes on with more cards, and whether the last state had a play open (its end clears it).
let moreMode = false;
let wasPlaying = false;
// State messages not drawn yet, whether their moves are being shown, and whether the first one (the history) came.
const queue = [];
let showing = false;
let started = false;
// Each seat's last moves, shown beside it: parts such as {text: "played", cards: [...]}, {text: "wished", suit}.
const lastMoves = new Map();
let lastMover = null;
const SUIT_CLASS = /^[a-z][a-z0-9-]*$/;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function colourClass(prefix, colour) {
  return colour && SUIT_CLASS.test(colour) ? `${prefix}-${colour}` : "";
}

function cardNode(card, extra) {
  const node = el("div", `card ${colourClass("suit", card.colour)} ${extra || ""}`);
  node.dataset.card = card.code;
  // French cards: the rank and the suit's symbol; a colour deck's cards: the rank and the colour's name.
  const long = card.rank.length > 3;
  node.appendChild(el("span", "corner", card.french ? card.text : long ? card.rank.slice(0, 1) : card.rank));
  node.appendChild(el("span", "face" + (long ? " long" : ""), card.rank));
  node.appendChild(el("span", "suit", card.suit));
  node.title = card.text;
  return node;
}

function miniCard(card) {
  return el("span", `mini ${colourClass("suit", card.colour)}`, card.text);
}

function suitNode(suit) {
  return el("span", `suit-symbol ${colourClass("suit", suit.colour)}`, suit.symbol);
}

function who(table, seat) {
  if (seat === null || seat === undefined) return "nobody";
  return seat === table.seat ? "You" : table.names[seat];
}

function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

function sleep(ms) {
  return new Promise((done) => setTimeout(done, ms));
}

function send(request) {
  // The version of the state shown goes along: the server refuses a click on a state that has moved on.
  const notice = document.getElementById("notice");
  if (showing) {
    notice.textContent = "The other players' moves are still being shown; a moment, please.";
    notice.dataset.whileShowing = "yes"; // goes once they are shown, so that it never stands beside "Your move."
    return;
  }
  notice.textContent = "";
  socket.send(JSON.stringify({ ...request, version: Number(document.body.dataset.version) }));
}

function act(entry) {
  send({ type: "act", action: entry.action });
}

function drawStatus(table, deadlineIn, received) {
  const status = document.getElementById("status");
  status.replaceChildren();
  clearInterval(countdown);
  if (table.result) {
    status.appendChild(el("strong", "over", `The match is over: ${table.result.winners.map((s) => who(table, s)).join(", ")} won.`));
    return;
  }
  const actor = table.actor;
  let text = actor === table.seat ? "Your move." : `Waiting for ${who(table, actor)}.`;
  if (table.playing.length && actor === table.seat) text = "Your move: click the next card of your play.";
  if (table.pending) text += ` ${who(table, table.pending.seat)} must decide: ${table.pending.kind}.`;
  status.appendChild(el("span", actor === table.seat ? "your-turn" : "", text));
  if (table.may_decline) {
    status.appendChild(el("span", "reaction-offer", " You may react before play goes on."));
    const left = el("span", "countdown");
    status.appendChild(left);
    if (deadlineIn !== null) {
      const end = received + deadlineIn * 1000;
      const tick = () => { left.textContent = ` (${Math.max(0, Math.ceil((end - Date.now()) / 1000))} s)`; };
      tick();
      countdown = setInterval(tick, 250);
    }
  }
}

function drawHeading(table) {
  const arrow = table.direction > 0 ? "→" : "←";
  document.getElementById("heading").textContent =
    `${table.variant} · round ${table.round} · play goes ${arrow}` + (table.seat === null ? " · watching" : "");
  document.getElementById("goal").textContent = setup && setup.goal ? `match: ${setup.goal}` : "";
}

function lastMoveNode(seat) {
  const box = el("div", "last-move");
  box.dataset.test = "last-move";
  const parts = lastMoves.get(seat) || [];
  parts.forEach((part, index) => {
    if (index) box.appendChild(el("span", "", " · "));
    box.appendChild(el("span", "move-text", part.text));
    for (const card of part.cards || []) box.appendChild(miniCard(card));
    if (part.said) box.appendChild(el("span", "said", ` '${part.said}'`));
    if (part.suit) box.appendChild(suitNode(part.suit));
  });
  return box;
}

function drawPlayers(table) {
  const box = document.getElementById("players");
  box.replaceChildren();
  table.names.forEach((name, seat) => {
    const player = el("div", "player");
    player.dataset.seat = seat;
    if (seat === table.actor) player.classList.add("acting");
    if (seat === table.seat) player.classList.add("me");
    if (table.resigned[seat]) player.classList.add("resigned");
    const place = table.placed.indexOf(seat);
    if (place >= 0) player.classList.add("placed");
    player.appendChild(el("div", "name", seat === table.seat ? `${name} (you)` : name));
    const backs = el("div", "backs");
    for (let n = 0; n < Math.min(table.hand_sizes[seat], 12); n++) backs.appendChild(el("span", "back"));
    player.appendChild(backs);
    const finished = place >= 0 ? ` · finished ${place + 1}.` : "";
    player.appendChild(el("div", "count", `${plural(table.hand_sizes[seat], "card")} · ${plural(table.scores[seat], "point")}${finished}`));
    player.appendChild(lastMoveNode(seat));
    box.appendChild(player);
  });
}

function drawTop(card, discards) {
  const discard = document.getElementById("discard");
  discard.replaceChildren(cardNode(card, "top"));
  if (discards !== undefined) discard.appendChild(el("div", "label", `discards: ${discards}`));
}

function drawCentre(table) {
  const pile = document.getElementById("draw-pile");
  pile.replaceChildren();
  const draw = table.actions.find((a) => a.kind === "draw");
  const back = el("button", "card back-card" + (draw ? " playable" : ""), `${table.draw_pile}`);
  back.title = draw ? draw.text : "the draw pile";
  back.dataset.test = "draw-pile";
  back.disabled = !draw;
  if (draw) back.addEventListener("click", () => act(draw));
  pile.appendChild(back);
  pile.appendChild(el("div", "label", "draw pile"));
  drawTop(table.top, table.discards);
  const duties = document.getElementById("obligations");
  duties.replaceChildren();
  if (table.wish) {
    const wish = el("div", "badge", "wished suit: ");
    wish.appendChild(suitNode(table.wish));
    duties.appendChild(wish);
  }
  if (table.playing.length) {
    const open = el("div", "badge playing", `${who(table, table.to_move)} ${table.to_move === table.seat ? "have" : "has"} put down: `);
    open.dataset.test = "playing";
    for (const card of table.playing) open.appendChild(miniCard(card));
    open.appendChild(el("span", "", " (more to follow)"));
    duties.appendChild(open);
  }
  if (table.again) {
    const again = table.again === "must" ? "play again" : "may play again or pass";
    duties.appendChild(el("div", "badge", `${who(table, table.to_move)} ${again}`));
  }
  if (table.debt) duties.appendChild(el("div", "badge warn", `${who(table, table.actor)} owe${table.actor === table.seat ? "" : "s"} ${plural(table.debt, "card")}`));
  if (table.skips) {
    const turns = table.skips === 1 ? "a turn" : `${table.skips} turns`;
    duties.appendChild(el("div", "badge warn", `${who(table, table.actor)} miss${table.actor === table.seat ? "" : "es"} ${turns}`));
  }
  for (const status of table.status) {
    // A mechanic's part of the table (a wished rank, a call open to a challenge), in the words the server wrote.
    const badge = el("div", "badge" + (status.style ? ` ${status.style}` : ""), `${status.label}: ${status.text}`);
    badge.dataset.test = "status";
    duties.appendChild(badge);
  }
  table.waits.forEach((turns, seat) => {
    if (turns > 0) duties.appendChild(el("div", "badge", `${who(table, seat)} sit${seat === table.seat ? "" : "s"} out ${plural(turns, "turn")}`));
  });
}

function drawBoards(table) {
  // Any game's board, as its slot's value draws itself: rows of cells, then a line of notes.
  const box = document.getElementById("boards");
  box.replaceChildren();
  for (const board of table.boards) {
    const section = el("div", "board");
    section.dataset.test = "board";
    if (board.title) section.appendChild(el("h2", "", board.title));
    const rows = el("div", "board-rows");
    for (const row of board.rows) {
      const line = el("div", `lane ${colourClass("tint", row.colour)}`);
      line.dataset.label = row.label;
      line.appendChild(el("span", "lane-name", row.label));
      const cells = el("span", "cells");
      row.cells.forEach((text, index) => {
        const cell = el("span", "space" + (row.marked.includes(index) ? " marked" : ""));
        if (text) cell.appendChild(el("span", "mark", text));
        cells.appendChild(cell);
      });
      line.appendChild(cells);
      line.appendChild(el("span", "lane-at", row.value));
      rows.appendChild(line);
    }
    section.appendChild(rows);
    if (board.notes.length) {
      const notes = el("div", "notes");
      if (board.notes_title) notes.appendChild(el("span", "notes-title", `${board.notes_title}:`));
      for (const note of board.notes) {
        notes.appendChild(el("span", `note ${colourClass("tint", note.colour)}` + (note.faded ? " faded" : ""), note.text));
      }
      section.appendChild(notes);
    }
    box.appendChild(section);
  }
}

function drawSlots(table) {
  const box = document.getElementById("slots");
  box.replaceChildren();
  for (const [name, text] of table.slots) box.appendChild(el("pre", "slot", `${name}: ${text}`));
}

function drawHand(table) {
  const hand = document.getElementById("hand");
  hand.replaceChildren();
  const mine = table.seat !== null;
  document.getElementById("hand-title").textContent = mine ? "Your hand" : "Spectators see no hand";
  const toggle = document.getElementById("more-toggle");
  const anyMore = mine && table.actions.some((a) => a.more);
  toggle.hidden = !anyMore;
  document.getElementById("more").checked = moreMode;
  if (!mine) return;
  for (const card of table.hand) {
    // Prefer the play that says the due call: a deliberate silence is a separate button.  With "and more"
    // ticked, the card goes on with more cards where it may; a card that may not end a play always does.
    const plays = table.actions.filter((a) => a.card === card.code);
    const ending = plays.filter((a) => !a.more);
    const going = plays.find((a) => a.more);
    const play = (moreMode && going) || ending.find((a) => a.call) || ending[0] || going;
    const node = cardNode(card, play ? "playable" + (play.reaction ? " reaction" : "") + (play.more ? " more" : "") : "unplayable");
    node.tabIndex = 0;
    node.setAttribute("role", "button");
    node.setAttribute("aria-disabled", play ? "false" : "true");
    if (play) node.title = `${card.text}: ${play.text}`;
    if (table.drawn && table.drawn.code === card.code) node.classList.add("drawn");
    node.addEventListener("click", () => {
      if (play) act(play);
      else document.getElementById("notice").textContent = `${card.text} cannot be played now.`;
    });
    node.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        node.click();
      }
    });
    hand.appendChild(node);
  }
}

function drawActions(table) {
  const box = document.getElementById("actions");
  box.replaceChildren();
  for (const entry of table.actions) {
    const plays = table.actions.filter((a) => a.card && a.card === entry.card);
    if (entry.card && plays.length === 1) continue; // the card itself is the button
    const kind = "action" + (entry.reaction ? " reaction" : "") + (entry.kind === "resign" ? " resign" : "");
    const button = el("button", kind + (entry.suit ? " suit-choice" : ""));
    button.type = "button";
    if (entry.suit) {
      // A suit to name: its symbol in its colour, and its name, so that it reads at a glance.
      button.appendChild(el("span", "", "name "));
      button.appendChild(suitNode(entry.suit));
      if (entry.suit.name !== entry.suit.symbol) button.appendChild(el("span", "suit-name", ` ${entry.suit.name}`));
      button.title = entry.text;
    } else {
      button.textContent = entry.text;
    }
    button.dataset.kind = entry.kind;
    button.addEventListener("click", () => {
      if (entry.kind === "resign" && !confirm("Leave the match?")) return;
      act(entry);
    });
    box.appendChild(button);
  }
  if (table.may_decline) {
    const wait = el("button", "action decline", "Let play go on");
    wait.type = "button";
    wait.dataset.kind = "decline";
    wait.addEventListener("click", () => send({ type: "decline" }));
    box.appendChild(wait);
  }
}

function drawSummary(table) {
  const box = document.getElementById("summary");
  box.replaceChildren();
  if (!table.rounds.length && !table.result) return;
  const grid = el("table", "scores");
  const head = el("tr");
  head.appendChild(el("th", "", "Round"));
  for (const name of table.names) head.appendChild(el("th", "", name));
  head.appendChild(el("th", "", "Ended"));
  grid.appendChild(head);
  for (const round of table.rounds) {
    const row = el("tr");
    row.appendChild(el("td", "", `${round.round}`));
    round.points.forEach((points, seat) => row.appendChild(el("td", round.winners.includes(seat) ? "won" : "", `${points}`)));
    row.appendChild(el("td", "", round.reason));
    grid.appendChild(row);
  }
  if (table.result) {
    const row = el("tr", "total");
    row.appendChild(el("td", "", "Total"));
    table.result.points.forEach((points, seat) => row.appendChild(el("td", table.result.winners.includes(seat) ? "won" : "", `${points}`)));
    row.appendChild(el("td", "", table.result.reason));
    grid.appendChild(row);
  }
  box.appendChild(el("h2", "", table.result ? "The match" : "Rounds so far"));
  const scroll = el("div", "scroll");
  scroll.appendChild(grid);
  box.appendChild(scroll);
  const last = table.rounds[table.rounds.length - 1];
  if (last && last.hands) {
    // Every hand as it was when the round ended: public once the round is over, as the terminal shows them.
    const hands = el("div", "round-hands");
    hands.dataset.test = "round-hands";
    hands.appendChild(el("h2", "", `The hands at the end of round ${last.round}`));
    last.hands.forEach((held, seat) => {
      const line = el("div", "held");
      line.appendChild(el("span", "held-name", `${who(table, seat)}: `));
      if (!held.length) line.appendChild(el("span", "hint", "no cards"));
      for (const card of held) line.appendChild(miniCard(card));
      hands.appendChild(line);
    });
    box.appendChild(hands);
  }
}

function drawFinished(table) {
  document.getElementById("finished").hidden = !table.result;
}

async function newMatch() {
  // The same game, seats, options, house rules and reaction time at a new table; a new seed deals anew.
  const problem = document.getElementById("new-error");
  if (!setup) return;
  const spec = {
    variant: setup.variant,
    seats: setup.seats,
    options: setup.options,
    house_rules: setup.house_rules,
    reaction_seconds: setup.reaction_seconds,
  };
  const answer = await fetch("/api/tables", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(spec),
  });
  const body = await answer.json();
  if (!answer.ok) {
    problem.textContent = body.error;
    return;
  }
  problem.textContent = "";
  drawLinks(document.getElementById("new-links"), body, current ? current.seat : null);
  document.getElementById("new-match").hidden = true;
}

function addEvent(event) {
  const log = document.getElementById("log");
  const line = el("li", "", event.text);
  line.value = event.n + 1;
  log.appendChild(line);
  log.scrollTop = log.scrollHeight;
}

function noteMove(event) {
  // A seat's moves in a row are one entry beside it (played J♣ · wished ♥); another seat's move starts its own.
  if (event.kind === "round_started") {
    lastMoves.clear();
    lastMover = null;
    return;
  }
  if (!event.move || event.seat === null) return;
  const move = event.move;
  if (move.card) forgetWishes(event.seat);
  const parts = event.seat === lastMover ? lastMoves.get(event.seat) || [] : [];
  const previous = parts[parts.length - 1];
  if (move.card && previous && previous.cards.length && !previous.said && previous.text === move.text) {
    previous.cards.push(move.card); // the next card of a play of several cards
    previous.said = move.said || null;
  } else {
    parts.push({ text: move.text, cards: move.card ? [move.card] : [], said: move.said || null, suit: move.suit || null });
  }
  lastMoves.set(event.seat, parts);
  lastMover = event.seat;
}

function forgetWishes(player) {
  // A card played after a wish meets it: the "wished ♠" beside the seat that wished goes.
  for (const [seat, parts] of lastMoves) {
    if (seat !== player) lastMoves.set(seat, parts.filter((part) => !(part.suit && part.text.startsWith("wished"))));
  }
}

function draw(message) {
  current = message.table;
  setup = message.setup || setup;
  if (typeof showRules === "function") showRules(setup); // rules.js: the options in force, what the cards do
  const playing = current.playing.length > 0;
  if (wasPlaying && !playing) moreMode = false; // the play is over: the next one starts with one card again
  wasPlaying = playing;
  document.body.dataset.version = message.version;
  document.body.dataset.over = current.result ? "yes" : "no";
  drawStatus(current, message.deadline_in, message.received);
  drawHeading(current);
  drawPlayers(current);
  drawCentre(current);
  drawBoards(current);
  drawSlots(current);
  drawHand(current);
  drawActions(current);
  drawSummary(current);
  drawFinished(current);
}

async function showMessages() {
  // Draw each state in turn; before it, show the others' moves that led to it one by one (not the first: the history).
  showing = true;
  document.body.dataset.busy = "yes";
  while (queue.length) {
    const message = queue.shift();
    const paced = started && PACE > 0 && current !== null;
    started = true;
    for (const event of message.events) {
      addEvent(event);
      noteMove(event);
      if (!paced || !event.move || event.seat === null || event.seat === message.table.seat) continue;
      document.body.dataset.pacing = "yes";
      drawPlayers({ ...current, actor: event.seat });
      drawStatus({ ...current, actor: event.seat, pending: null, playing: [], may_decline: false }, null, 0);
      if (event.move.card) drawTop(event.move.card);
      await sleep(PACE);
    }
    document.body.dataset.pacing = "no";
    draw(message);
  }
  showing = false;
  document.body.dataset.busy = "no";
  const notice = document.getElementById("notice");
  if (notice.dataset.whileShowing) {
    notice.textContent = "";
    delete notice.dataset.whileShowing;
  }
}

function receive(message) {
  message.received = Date.now();
  queue.push(message);
  if (!showing) showMessages();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const seatQuery = new URLSearchParams(location.search);
  seatQuery.delete("pace");
  const search = seatQuery.toString();
  socket = new WebSocket(`${scheme}://${location.host}/tables/${tableId}/ws${search ? "?" + search : ""}`);
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") receive(message);
    else if (message.type === "error") document.getElementById("notice").textContent = message.message;
  });
  socket.addEventListener("close", () => {
    document.getElementById("heading").textContent += " · disconnected (reload to reconnect)";
  });
}

document.getElementById("more").addEventListener("change", (event) => {
  moreMode = event.target.checked;
  if (current) drawHand(current);
});
document.getElementById("new-match").addEventListener("click", newMatch);

if (!query.get("seat") && !location.pathname.endsWith("/watch")) document.getElementById("notice").textContent = "This link has no seat.";
connect();
