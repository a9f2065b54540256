"""
A chat bot that hosts a match of Mau-Mau: text in, text out, as a Discord or Telegram bot would be.

Each message the player sends goes to `ChatTable.hear`, which returns the messages to send back: what
happened since, the table, and the moves with the names to type.  Nothing here names a rule or a
mechanic: the sentences come from `maumau.Narrator`, a mechanic's part of the table (a wished rank, a
call open to a challenge) from its `maumau.Status`, and typed moves are read by `maumau.find_move`; so a
game with challenges, rank wishes or a third party's mechanic plays here as it does in the terminal.

Run it to watch a player who always types the first move offered play a whole match.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from maumau import Narrator, PlayerView, Seat, Table, TableError, find_move, move_names

#: What the player types to let a chance to challenge or jump in pass.
LET_PASS = "no"


class ChatTable:
    """
    One player, named *name*, against *bots* heuristic bots, at a table of *variant*.
    """

    def __init__(
        self,
        variant: str = "classic",
        *,
        name: str = "You",
        bots: int = 2,
        seed: int | None = None,
        options: Mapping[str, object] | None = None,
    ) -> None:
        seats = [Seat(name), *(Seat(f"Bot {number}", bot="heuristic") for number in range(1, bots + 1))]
        self.table = Table(variant, seats, seed=seed, options=options)
        self.narrator = Narrator([seat.name for seat in seats], seat=0)

    @property
    def over(self) -> bool:
        """
        Whether the match is over.
        """
        return self.table.view(0).is_over

    def hear(self, text: str) -> list[str]:
        """
        The answer to one message: a move by its name, ``no`` (let a chance pass), ``table`` or ``help``.
        """
        text = " ".join(text.lower().split())
        seen = self.table.view(0)
        if text == "table":
            return [self.summary(seen)]
        if text == LET_PASS:
            try:
                self.table.decline(0)
            except TableError:
                return ["There is nothing to let pass now."]
            return self.news()
        move = find_move(text, seen.legal_actions)
        if move is None:
            return ["Type a move by its name in brackets, 'table' to see the table.", self.menu(seen)]
        self.table.act(0, move)  # find_move only finds a legal move
        return self.news()

    def news(self) -> list[str]:
        """
        What happened since the player last read, then, when the player is asked, the table and the moves.
        """
        lines = self.narrator.story(self.table.read(0))
        seen = self.table.view(0)
        if 0 in self.table.waiting_for():
            lines += [self.summary(seen), self.menu(seen)]
        return lines

    def summary(self, seen: PlayerView) -> str:
        """
        The table in one message: the top card, what is owed, the mechanics' status, the hands.
        """
        tell = self.narrator
        parts = [f"Top card: {seen.top}" + (f" (wished suit {seen.wish})" if seen.wish else "")]
        if seen.debt:
            parts.append(f"{tell.verb(seen.to_move or 0, 'owe', 'owes')} {seen.debt} cards")
        parts += [f"{status.label}: {status.text}" for status in tell.status(seen)]
        parts += [f"{name.replace('_', ' ')}: {tell.of_seats(str(value))}" for name, value in tell.slots(seen)]
        parts.append("Cards: " + ", ".join(f"{tell.name(seat)} {size}" for seat, size in enumerate(seen.hand_sizes)))
        parts.append("Your hand: " + (" ".join(map(str, seen.hand)) or "empty"))
        return "\n".join(parts)

    def menu(self, seen: PlayerView) -> str:
        """
        The moves the player may type now, each with its name in brackets.
        """
        lines = [f"[{move_names(move)[0]}] {self.narrator.action(move, seen)}" for move in seen.legal_actions]
        if seen.to_move != 0 and seen.pending is None:
            lines.append(f"[{LET_PASS}] let the chance pass")
        return "\n".join(lines)


def first_move(messages: list[str]) -> str:
    """
    What a player who reads *messages* and always takes the first move offered (but resigning) types.
    """
    names = re.findall(r"^\[([^\]]+)\]", "\n".join(messages), flags=re.MULTILINE)
    return next(str(name) for name in names if name != "resign")


def main() -> None:
    chat = ChatTable(seed=7, options={"target": 50})
    messages = chat.news()
    while not chat.over:
        print(*messages, sep="\n")
        typed = first_move(messages)
        print(f"> {typed}")
        messages = chat.hear(typed)
    print(*messages, sep="\n")


if __name__ == "__main__":
    main()
