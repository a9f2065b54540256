// The links of a new table, as buttons: each person's seat to open or to copy and send, the spectators', the save.
// Shared by the create page and the table page's "new match".  Every text goes in with textContent.
"use strict";

function linkItem(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function copyButton(url, what) {
  const button = linkItem("button", "copy", "Copy link");
  button.type = "button";
  button.setAttribute("aria-label", `copy the link ${what}`);
  button.dataset.url = url;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url); // only where the page is a secure context (https, localhost)
      button.textContent = "Copied";
    } catch {
      window.prompt("Copy this link:", url);
    }
  });
  return button;
}

// Fill *list* with the links of a new table (the answer of POST /api/tables); *mine* is the seat to put first.
function drawLinks(list, links, mine) {
  list.replaceChildren();
  const people = links.seats.filter((seat) => seat.url);
  const first = links.seats.find((seat) => seat.seat === mine && seat.url) || people[0];
  const ordered = first ? [first, ...links.seats.filter((seat) => seat !== first)] : links.seats;
  for (const seat of ordered) {
    const item = linkItem("li", "link-row");
    item.appendChild(linkItem("span", "link-name", seat.name));
    if (seat.url) {
      const open = linkItem("a", "join button-link" + (seat === first ? " mine" : ""), `Play as ${seat.name}`);
      open.href = seat.url;
      item.appendChild(open);
      item.appendChild(copyButton(seat.url, `of ${seat.name}'s seat`));
    } else {
      item.appendChild(linkItem("span", "hint", `a ${seat.bot} bot`));
    }
    list.appendChild(item);
  }
  const watch = linkItem("li", "link-row");
  watch.appendChild(linkItem("span", "link-name", "Spectators"));
  const look = linkItem("a", "watch button-link", "Watch");
  look.href = links.watch;
  watch.appendChild(look);
  watch.appendChild(copyButton(links.watch, "for spectators"));
  list.appendChild(watch);
  const save = linkItem("li", "link-row");
  save.appendChild(linkItem("span", "link-name", "Save"));
  const download = linkItem("a", "save button-link", "Save the table");
  download.href = links.save;
  save.appendChild(download);
  save.appendChild(linkItem("span", "hint", "keep this link to yourself"));
  list.appendChild(save);
}
