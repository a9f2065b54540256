"""
Whole games in a real browser: headless Chromium clicks through the web table, as a person would.

``nox -s browser`` runs this script against ``maumau serve`` on a loopback
port, with the system's Chromium (Debian's ``chromium`` package, at
``/usr/bin/chromium``; Playwright downloads no browser).  For each variant
it creates a table on the create page by clicking, opens the seat's join
link, and plays the match to its end by clicking: a playable card or a
button, a reaction (a challenge, a jump-in) whenever one is offered, the
"let play go on" button otherwise.  Along the way it clicks a card that
cannot be played and checks that nothing changed but a notice, and reloads
the page in the middle of the match and checks that the hand and the event
log came back.  It saves screenshots to ``--shots`` and fails if any check
fails, or if across all games no reaction was ever offered.

Along the way it checks what a new player meets: classic is chosen when the
create page opens, the join links are buttons with the seat's name, a seat
name with markup in it shows as text, the others' moves are shown one at a
time (``?pace=`` on the join link sets how long each) and stay beside their
seats, the match target is on the table, the hands of a finished round are
shown, and a finished match offers a new match and the way back to the
lobby.  ``swap-mau`` is a game of a third party's mechanic (``tests/swap_hands``,
installed by ``nox -s browser``), whose swaps the log must tell.  Then it plays
one more whole match (``--phone``, sau-mau-mau, whose race board is the
widest) in a viewport 390 pixels wide, as on a phone, and checks on the
create page and all through the table page that nothing scrolls sideways
(``document.documentElement.scrollWidth <= 390``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
#: Launch flags that work on a closed network: no sandbox (root), no GPU, nothing that phones home.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: Clicks one match may take before the script gives up.
CLICK_LIMIT = 1500
#: Words the log of a game of a third party's mechanic shows (``tests/swap_hands``, which ``nox -s browser`` installs).
THIRD_PARTY_WORDS = {"swap-mau": "hands with"}
#: A phone's viewport width: no page may scroll sideways in it.
PHONE_WIDTH = 390
#: A seat name with markup in it: the pages must show it as text, never build elements from it.
MARKUP_NAME = '<img src=x onerror="document.body.dataset.hacked=1">Ann'
#: Counts the moments the table page shows the others' moves one by one (set before any page script runs).
PACING_PROBE = """
window.__paced = 0;
document.addEventListener("DOMContentLoaded", () => {
  new MutationObserver(() => { if (document.body.dataset.pacing === "yes") window.__paced += 1; })
    .observe(document.body, { attributes: true, attributeFilter: ["data-pacing"] });
});
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def server(port: int) -> Iterator[str]:
    """
    ``maumau serve`` on a loopback port, stopped afterwards.
    """
    argv = ["serve", "--port", str(port), "--tables-per-address", "32"]
    process = subprocess.Popen(
        # One person makes every table of the run (eight and more) from one address: let them.
        [sys.executable, "-c", f"import sys, maumau.cli; sys.exit(maumau.cli.main({argv!r}))"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{base}/api/variants", timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise RuntimeError("the server did not start")
        yield base
    finally:
        process.terminate()
        process.wait(timeout=10)


class Game:
    """
    One match played in one page, with what it saw along the way.
    """

    def __init__(self, page: Any, variant: str, shots: Path, *, pace: int, width: int | None = None) -> None:
        self.page = page
        self.variant = variant
        self.shots = shots
        self.pace = pace
        self.width = width
        self.name = variant if width is None else f"{variant}-{width}px"
        self.clicks = 0
        self.reactions = 0
        self.refused = False
        self.reloaded = False

    def version(self) -> str:
        return str(self.page.evaluate("document.body.dataset.version || ''"))

    def settle(self, before: str) -> None:
        """
        Wait until the page shows a new state, or a notice that the move was refused.
        """
        self.page.wait_for_function(
            "([v]) => document.body.dataset.version !== v || document.getElementById('notice').textContent !== ''",
            arg=[before],
            timeout=10_000,
        )

    def no_sideways_scroll(self, where: str) -> None:
        """
        In a narrow viewport, the page is no wider than the viewport: nothing scrolls sideways.
        """
        if self.width is None:
            return
        wide = int(self.page.evaluate("document.documentElement.scrollWidth"))
        if wide > self.width:
            self.page.screenshot(path=str(self.shots / f"{self.name}-too-wide.png"), full_page=True)
        check(wide <= self.width, f"{where}: {wide} px wide in a {self.width} px viewport")

    def create(self, base: str, seed: int) -> None:
        """
        Make the table on the create page, by clicking: this variant, one person and two heuristic bots.
        """
        page = self.page
        page.goto(f"{base}/")
        page.wait_for_selector(".seat-row")
        check(page.input_value("#variant") == "classic", "the create page opens with classic chosen")
        self.no_sideways_scroll("the create page")
        page.select_option("#variant", self.variant)
        page.fill("#seed", str(seed))
        page.fill(".seat-row .seat-name", MARKUP_NAME)
        page.click("#create-table")
        page.wait_for_selector("a.join")
        self.no_sideways_scroll("the create page with the links")
        join = page.query_selector("a.join")
        check(
            join is not None and join.text_content() == f"Play as {MARKUP_NAME}",
            "the join link is a button named by its seat",
        )
        check(page.query_selector("#link-list img") is None, "a seat name with markup shows as text on the create page")
        check(page.query_selector("#link-list button.copy") is not None, "each person's link can be copied")
        if self.variant == "classic":
            page.screenshot(path=str(self.shots / "create.png"), full_page=True)
        if self.width is not None:
            page.screenshot(path=str(self.shots / f"create-{self.width}px.png"), full_page=True)
        href = page.get_attribute("a.join", "href")
        page.goto(f"{href}&pace={self.pace}")
        page.wait_for_selector("#hand .card, body[data-over='yes']")
        check(page.query_selector("#players img") is None, "a seat name with markup shows as text at the table")
        check(page.get_attribute("body", "data-hacked") is None, "no markup from a seat name ran")
        self.no_sideways_scroll("the table page")

    def refuse_once(self) -> None:
        """
        Click a card that cannot be played: a notice, and the table unchanged.
        """
        card = self.page.query_selector("#hand .card.unplayable")
        if card is None or self.refused:
            return
        before = self.version()
        card.click(force=True)  # it is aria-disabled, which Playwright would wait out; a person clicks anyway
        notice = self.page.text_content("#notice") or ""
        check("cannot be played now" in notice, f"a refused click shows a notice, got {notice!r}")
        check(self.version() == before, "a refused click changes nothing")
        self.page.screenshot(path=str(self.shots / f"{self.name}-refused.png"), full_page=True)
        self.refused = True

    def reload_once(self) -> None:
        """
        Reload in the middle of the match: the same hand and the whole event log come back.
        """
        page = self.page
        hand = page.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.dataset.card)")
        log = page.eval_on_selector_all("#log li", "lines => lines.map(l => l.textContent)")
        page.reload()
        page.wait_for_selector("#log li")
        page.wait_for_function("n => document.querySelectorAll('#log li').length >= n", arg=len(log))
        check(
            page.eval_on_selector_all("#hand .card", "cards => cards.map(c => c.dataset.card)") == hand,
            "a reload restores the hand",
        )
        check(
            page.eval_on_selector_all("#log li", "lines => lines.map(l => l.textContent)")[: len(log)] == log,
            "a reload restores the event log",
        )
        self.reloaded = True

    def click_something(self) -> bool:
        """
        One click of a person: a reaction if offered, else a card, else a button; ``False`` when nothing is offered.
        """
        page = self.page
        page.wait_for_function("document.body.dataset.busy !== 'yes'", timeout=30_000)
        for selector in (
            "#actions .action.reaction",
            "#hand .card.playable.reaction",
            "#actions .action.decline",
            "#hand .card.playable",
            "#actions .action:not(.resign)",
        ):
            target = page.query_selector(selector)
            if target is not None:
                if "reaction" in selector and self.reactions == 0:
                    page.screenshot(path=str(self.shots / f"{self.name}-reaction.png"), full_page=True)
                if "reaction" in selector:
                    self.reactions += 1
                before = self.version()
                target.click()
                self.settle(before)
                self.clicks += 1
                return True
        return False

    def play(self) -> None:
        page = self.page
        page.screenshot(path=str(self.shots / f"{self.name}-start.png"), full_page=True)
        if self.variant in ("classic", "sau-mau-mau"):
            goal = page.text_content("#goal") or ""
            check(goal.startswith("match: "), f"the match target is on the table: {goal!r}")
        while page.get_attribute("body", "data-over") != "yes":
            if self.clicks >= CLICK_LIMIT:
                raise AssertionError(f"the match did not end within {CLICK_LIMIT} clicks")
            if self.clicks == 3:
                self.refuse_once()
            if self.clicks == 8 and not self.reloaded:
                self.reload_once()
            if self.clicks == 12:
                page.screenshot(path=str(self.shots / f"{self.name}.png"), full_page=True)
                moves = page.eval_on_selector_all("[data-test=last-move]", "boxes => boxes.map(b => b.textContent)")
                check(any(moves), f"the seats' last moves are shown beside them: {moves}")
            if self.clicks % 10 == 5:
                self.no_sideways_scroll(f"the table page after {self.clicks} clicks")
            if not self.click_something():
                page.wait_for_timeout(50)  # a bot is moving, or the page is between two states
        page.wait_for_function("document.body.dataset.busy !== 'yes'", timeout=30_000)
        page.screenshot(path=str(self.shots / f"{self.name}-end.png"), full_page=True)
        told = THIRD_PARTY_WORDS.get(self.variant)
        if told is not None:
            log = " ".join(page.eval_on_selector_all("#log li", "lines => lines.map(l => l.textContent)"))
            check(told in log, f"a third party's mechanic is told in the log: {told!r}")
        summary = page.text_content("#summary") or ""
        check("Total" in summary, "the match summary shows the totals")
        check(page.query_selector("[data-test=round-hands] .mini") is not None, "the hands of the last round are shown")
        if self.pace:
            check(page.evaluate("window.__paced") > 0, "the others' moves were shown one at a time")
        self.no_sideways_scroll("the finished table")
        self.finish()

    def finish(self) -> None:
        """
        A finished match offers a new match with the same settings, and the way back to the lobby.
        """
        page = self.page
        check(
            page.is_visible("#new-match") and page.is_visible("#lobby"),
            "a finished match offers a new one and the lobby",
        )
        check(page.get_attribute("#lobby", "href") == "/", "'back to the lobby' leads to the create page")
        page.click("#new-match")
        page.wait_for_selector("#new-links a.join")
        mine = page.text_content("#new-links a.join") or ""
        check(mine == f"Play as {MARKUP_NAME}", f"the new match's first link is this seat's: {mine!r}")
        self.no_sideways_scroll("the finished table with the new links")
        page.screenshot(path=str(self.shots / f"{self.name}-new-match.png"), full_page=True)
        href = page.get_attribute("#new-links a.join", "href")
        page.goto(f"{href}&pace={self.pace}")
        page.wait_for_selector("#hand .card")
        check(page.get_attribute("body", "data-over") == "no", "the new match starts")
        heading = page.text_content("#heading") or ""
        check(heading.startswith(self.variant), f"the new match is the same game: {heading!r}")


def check(condition: bool, what: str) -> None:
    if not condition:
        raise AssertionError(what)
    print(f"  ok: {what}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--shots", type=Path, default=Path("build/browser"), help="where screenshots go")
    parser.add_argument("--variants", nargs="*", default=["classic", "penalty-52", "sau-mau-mau", "swap-mau"])
    parser.add_argument("--phone", nargs="*", default=["sau-mau-mau"], help=f"variants played {PHONE_WIDTH} px wide")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--pace", type=int, default=20, help="milliseconds each of the others' moves is shown")
    args = parser.parse_args(argv)
    args.shots.mkdir(parents=True, exist_ok=True)

    from playwright.sync_api import sync_playwright

    reactions = 0
    started = time.process_time()
    wall = time.monotonic()
    games = [(variant, None) for variant in args.variants] + [(variant, PHONE_WIDTH) for variant in args.phone]
    with server(free_port()) as base, sync_playwright() as playwright:
        # Playwright starts Chromium with a fresh, empty profile of its own (a new --user-data-dir).
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for variant, width in games:
                print(f"{variant}:" if width is None else f"{variant}, {width} px wide:")
                page = browser.new_page(viewport={"width": width or 1100, "height": 844 if width else 1000})
                page.add_init_script(PACING_PROBE)
                game = Game(page, variant, args.shots, pace=args.pace, width=width)
                game.create(base, args.seed)
                game.play()
                check(game.refused, "a card that cannot be played was clicked and refused")
                check(game.reloaded, "the page was reloaded in the middle of the match")
                print(f"  {game.clicks} clicks, {game.reactions} reactions")
                reactions += game.reactions
                page.close()
            page = browser.new_page()
            icon = page.request.get(f"{base}/static/favicon.svg")
            check(icon.ok and icon.text().startswith("<svg"), "the pages' icon is served")
            page.close()
        finally:
            browser.close()
    if args.variants:
        check(reactions > 0, "a reaction was offered and clicked")
    summary = {"variants": args.variants, "phone": args.phone, "reactions": reactions}
    summary["seconds"] = round(time.monotonic() - wall, 1)
    print(json.dumps(summary), f"(this process: {time.process_time() - started:.1f} CPU s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
