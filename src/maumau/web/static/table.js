// The table page: draws what the server sends for this seat (or for spectators) and sends back the moves.
// Only the legal moves are clickable; the server checks every move again all the same.
// A play of several cards is clicked card by card: with "and more" ticked, a card that more cards may follow is
// sent with more=true, and the server then lists only the cards that may follow; the last card is clicked without it.
"use strict";
const query = new URLSearchParams(location.search);
const tableId = location.pathname.split("/")[2];
let socket = null;
let current = null;
let countdown = null;
// Whether a click on a card goes on with more cards, and whether the last state had a play open (its end clears it).
let moreMode = false;
let wasPlaying = false;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function cardNode(card, extra) {
  const node = el("div", `card suit-${card.colour} ${extra || ""}`);
  node.dataset.card = card.code;
  // French cards: the rank and the suit's symbol; a colour deck's cards: the rank and the colour's name.
  node.appendChild(el("span", "corner", card.french ? card.text : card.rank));
  node.appendChild(el("span", "face", card.rank));
  node.appendChild(el("span", "suit", card.french ? card.suit : card.suit));
  node.title = card.text;
  return node;
}

function who(table, seat) {
  if (seat === null || seat === undefined) return "nobody";
  return seat === table.seat ? "You" : table.names[seat];
}

function send(request) {
  // The version of the state shown goes along: the server refuses a click on a state that has moved on.
  document.getElementById("notice").textContent = "";
  socket.send(JSON.stringify({ ...request, version: Number(document.body.dataset.version) }));
}

function act(entry) {
  send({ type: "act", action: entry.action });
}

function drawStatus(table, deadlineIn) {
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
    const offer = el("span", "reaction-offer", " You may react before play goes on.");
    status.appendChild(offer);
    const left = el("span", "countdown");
    status.appendChild(left);
    if (deadlineIn !== null) {
      const end = Date.now() + deadlineIn * 1000;
      const tick = () => { left.textContent = ` (${Math.max(0, Math.ceil((end - Date.now()) / 1000))} s)`; };
      tick();
      countdown = setInterval(tick, 250);
    }
  }
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
    const cards = `${table.hand_sizes[seat]} card${table.hand_sizes[seat] === 1 ? "" : "s"}`;
    const finished = place >= 0 ? ` · finished ${place + 1}.` : "";
    player.appendChild(el("div", "count", `${cards} · ${table.scores[seat]} points${finished}`));
    box.appendChild(player);
  });
  const arrow = table.direction > 0 ? "→" : "←";
  document.getElementById("heading").textContent =
    `${table.variant} · round ${table.round} · play goes ${arrow}` + (table.seat === null ? " · watching" : "");
}

function drawCentre(table) {
  const pile = document.getElementById("draw-pile");
  pile.replaceChildren();
  const draw = table.actions.find((a) => a.kind === "draw");
  const back = el("button", "card back-card" + (draw ? " playable" : ""), `${table.draw_pile}`);
  back.title = draw ? "draw" : "the draw pile";
  back.dataset.test = "draw-pile";
  back.disabled = !draw;
  if (draw) back.addEventListener("click", () => act(draw));
  pile.appendChild(back);
  pile.appendChild(el("div", "label", "draw pile"));
  const discard = document.getElementById("discard");
  discard.replaceChildren();
  discard.appendChild(cardNode(table.top, "top"));
  discard.appendChild(el("div", "label", `discards: ${table.discards}`));
  const duties = document.getElementById("obligations");
  duties.replaceChildren();
  if (table.wish) duties.appendChild(el("div", "badge", `wished suit: ${table.wish}`));
  if (table.rank_wish) duties.appendChild(el("div", "badge", `wished rank: ${table.rank_wish}`));
  if (table.playing.length) {
    const open = el("div", "badge playing", `${who(table, table.to_move)} ${table.to_move === table.seat ? "have" : "has"} put down: `);
    open.dataset.test = "playing";
    for (const card of table.playing) open.appendChild(el("span", `mini suit-${card.colour}`, card.text));
    open.appendChild(el("span", "", " (more to follow)"));
    duties.appendChild(open);
  }
  if (table.again) {
    const again = table.again === "must" ? "play again" : "may play again or pass";
    duties.appendChild(el("div", "badge", `${who(table, table.to_move)} ${again}`));
  }
  if (table.debt) duties.appendChild(el("div", "badge warn", `${who(table, table.actor)} owe${table.actor === table.seat ? "" : "s"} ${table.debt} cards`));
  if (table.open_call) {
    duties.appendChild(el("div", "badge call", `${who(table, table.open_call.offender)} missed ${table.open_call.missed}: open to a challenge`));
  }
  if (table.skips) {
    const turns = table.skips === 1 ? "a turn" : `${table.skips} turns`;
    duties.appendChild(el("div", "badge warn", `${who(table, table.actor)} miss${table.actor === table.seat ? "" : "es"} ${turns}`));
  }
  if (table.suspect) {
    const by = who(table, table.suspect.target);
    duties.appendChild(el("div", "badge call", `${who(table, table.suspect.offender)}'s ${table.suspect.card.text} may be challenged by ${by}`));
  }
  table.waits.forEach((turns, seat) => {
    if (turns > 0) duties.appendChild(el("div", "badge", `${who(table, seat)} sit${seat === table.seat ? "" : "s"} out ${turns} turn${turns === 1 ? "" : "s"}`));
  });
}

function drawBoard(table) {
  const box = document.getElementById("board");
  box.hidden = !table.board;
  if (!table.board) return;
  box.replaceChildren();
  box.appendChild(el("h2", "", `The race to space ${table.board.finish}`));
  const track = el("div", "track");
  for (const pig of table.board.pigs) {
    const lane = el("div", `lane pig-${pig.pig}`);
    lane.dataset.pig = pig.pig;
    lane.appendChild(el("span", "lane-name", pig.pig));
    for (let space = 0; space <= table.board.finish; space++) {
      const cell = el("span", "space" + (space === table.board.finish ? " finish" : ""));
      if (space === pig.at) cell.appendChild(el("span", "pig", "●"));
      lane.appendChild(cell);
    }
    lane.appendChild(el("span", "lane-at", `${pig.at}`));
    track.appendChild(lane);
  }
  box.appendChild(track);
  const bets = el("div", "bets");
  bets.appendChild(el("span", "bets-title", "Bets:"));
  for (const bet of table.board.bets) {
    const text = bet.seat === null ? "free" : `${who(table, bet.seat)} on ${bet.pig || "?"}`;
    bets.appendChild(el("span", "bet" + (bet.seat === null ? " free" : "") + (bet.pig ? ` pig-${bet.pig}` : ""), `${bet.points} pts: ${text}`));
  }
  box.appendChild(bets);
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
    if (table.drawn && table.drawn.code === card.code) node.classList.add("drawn");
    node.addEventListener("click", () => {
      if (play) act(play);
      else document.getElementById("notice").textContent = `${card.text} cannot be played now.`;
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
    const button = el("button", "action" + (entry.reaction ? " reaction" : "") + (entry.kind === "resign" ? " resign" : ""), entry.text);
    button.dataset.kind = entry.kind;
    button.addEventListener("click", () => {
      if (entry.kind === "resign" && !confirm("Leave the match?")) return;
      act(entry);
    });
    box.appendChild(button);
  }
  if (table.may_decline) {
    const wait = el("button", "action decline", "Let play go on");
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
  box.appendChild(grid);
}

function addEvents(events) {
  const log = document.getElementById("log");
  for (const event of events) {
    const line = el("li", "", event.text);
    line.value = event.n + 1;
    log.appendChild(line);
  }
  log.scrollTop = log.scrollHeight;
}

function draw(message) {
  current = message.table;
  const playing = current.playing.length > 0;
  if (wasPlaying && !playing) moreMode = false; // the play is over: the next one starts with one card again
  wasPlaying = playing;
  document.body.dataset.version = message.version;
  document.body.dataset.over = current.result ? "yes" : "no";
  drawStatus(current, message.deadline_in);
  drawPlayers(current);
  drawCentre(current);
  drawBoard(current);
  drawSlots(current);
  drawHand(current);
  drawActions(current);
  drawSummary(current);
  addEvents(message.events);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/tables/${tableId}/ws${location.search}`);
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") draw(message);
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

if (!query.get("seat") && !location.pathname.endsWith("/watch")) document.getElementById("notice").textContent = "This link has no seat.";
connect();
