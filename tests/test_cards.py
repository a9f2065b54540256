"""
Tests for `maumau.Card` and its short text notation.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from maumau import CLUBS, DIAMONDS, HEARTS, SPADES, Card, InvalidCardError, french_deck, parse_card, parse_cards

FRENCH = french_deck()
OTHER = (
    Card("+2", "pink"),
    Card("5", "beige"),
    Card("X", "brown"),
    Card("Schlappi", "black"),
    Card("Skip", "red"),
    Card("Bauer"),
)


class TestParse:
    """
    Tests for `maumau.Card.parse`.
    """

    @pytest.mark.parametrize(
        ("text", "card"),
        [
            ("7h", Card("7", HEARTS)),
            ("10s", Card("10", SPADES)),
            ("Jd", Card("J", DIAMONDS)),
            ("jd", Card("J", DIAMONDS)),
            ("AC", Card("A", CLUBS)),
            ("Th", Card("10", HEARTS)),
            ("7♥", Card("7", HEARTS)),
            ("10♠", Card("10", SPADES)),
            ("Q♦", Card("Q", DIAMONDS)),
            ("K ♣", Card("K", CLUBS)),
            (" 9c ", Card("9", CLUBS)),
            ("pink +2", Card("+2", "pink")),
            ("Pink 5", Card("5", "pink")),
            ("red Skip", Card("Skip", "red")),
            ("Bauer", Card("Bauer")),
            ("+4", Card("+4")),
        ],
    )
    def test_reads_every_notation(self, text: str, card: Card) -> None:
        """
        Letters or symbols for French suits, any case, "T" for ten; colour then rank; a bare name.
        """
        assert card == Card.parse(text)
        assert card == parse_card(text)

    @pytest.mark.parametrize("text", ["", "  ", "7x", "1h", "11s", "h7", "J", "10", "7h7", "pink 5 6", "5 pink"])
    def test_bad_text_raises_invalid_card_error(self, text: str) -> None:
        """
        Text that is no card in any notation raises `InvalidCardError` naming the text.
        """
        with pytest.raises(InvalidCardError, match="no card") as info:
            Card.parse(text)

        assert info.value.text == text

    def test_non_text_raises_invalid_card_error(self) -> None:
        """
        A card is parsed from text only.
        """
        with pytest.raises(InvalidCardError, match="written as text"):
            parse_card(7)  # type: ignore[arg-type]

    def test_invalid_card_error_is_a_value_error(self) -> None:
        """
        Callers catching ``ValueError`` catch bad card text too.
        """
        with pytest.raises(ValueError, match="no card"):
            Card.parse("zz 9 9")

    def test_parse_cards_reads_spaces_and_commas(self) -> None:
        """
        French cards may be separated by spaces; any cards by commas.
        """
        assert parse_cards("7h 10s Jd") == (Card("7", HEARTS), Card("10", SPADES), Card("J", DIAMONDS))
        assert parse_cards("pink 5, Bauer, 7h") == (Card("5", "pink"), Card("Bauer"), Card("7", HEARTS))

    def test_text_of_two_cards_is_no_card(self) -> None:
        """
        ``"Joker 3c"`` is a joker and a 3♣ written without a comma, not a ``joker`` card of rank ``3c``: an error.
        """
        with pytest.raises(InvalidCardError, match="separate two cards with a comma"):
            parse_cards("Joker 3c")
        with pytest.raises(InvalidCardError):
            parse_card("red 7h")
        assert parse_cards("Joker, 3c") == (Card("Joker"), Card("3", CLUBS))


class TestText:
    """
    Tests for `str(card)` and `Card.code`.
    """

    def test_french_cards_print_with_symbols_and_code_with_letters(self) -> None:
        """
        ``str`` uses the suit symbol; ``code`` (the JSON form) uses ASCII letters.
        """
        assert (str(Card("10", SPADES)), Card("10", SPADES).code) == ("10♠", "10s")
        assert (str(Card("J", HEARTS)), Card("J", HEARTS).code) == ("J♥", "Jh")

    def test_other_cards_print_colour_then_rank(self) -> None:
        """
        Coloured cards read "colour rank"; a card without suit is its name.
        """
        assert (str(Card("+2", "pink")), Card("+2", "pink").code) == ("pink +2", "pink +2")
        assert str(Card("Bauer")) == "Bauer"

    @given(st.sampled_from(FRENCH + OTHER))
    def test_code_and_text_round_trip(self, card: Card) -> None:
        """
        Parsing a card's code or its printed text gives the card back.
        """
        assert card == Card.parse(card.code)
        assert card == Card.parse(str(card))

    def test_every_french_card_has_a_distinct_code(self) -> None:
        """
        The 52 codes are unique, so JSON never confuses two cards.
        """
        assert len({card.code for card in FRENCH}) == 52

    def test_is_french(self) -> None:
        """
        Only the four French suits make a French card.
        """
        assert Card("7", HEARTS).is_french
        assert not Card("5", "pink").is_french
        assert not Card("Bauer").is_french


class TestValue:
    """
    Cards are values: equal by rank and suit, hashable, immutable.
    """

    def test_equal_cards_are_equal_and_hash_alike(self) -> None:
        """
        Two copies of the same card are interchangeable, in sets and as keys.
        """
        assert Card.parse("7h") == Card("7", HEARTS)
        assert hash(Card.parse("7h")) == hash(Card("7", HEARTS))
        assert len({Card.parse("7h"), Card("7", HEARTS), Card.parse("7♥")}) == 1
        assert Card("7", HEARTS) != Card("7", DIAMONDS)

    def test_cards_are_frozen(self) -> None:
        """
        A card cannot be changed after creation.
        """
        card = Card("7", HEARTS)

        with pytest.raises(AttributeError):
            card.rank = "8"  # type: ignore[misc]


class TestFrenchDeck:
    """
    Tests for `maumau.french_deck`.
    """

    def test_full_pack_has_52_cards_and_short_pack_32(self) -> None:
        """
        Thirteen ranks in four suits; the classic pack keeps 7 to ace.
        """
        assert len(french_deck()) == 52
        assert len(set(french_deck())) == 52
        assert len(french_deck(("7", "8", "9", "10", "J", "Q", "K", "A"))) == 32

    def test_copies_repeat_the_pack(self) -> None:
        """
        Two copies hold every card twice.
        """
        deck = french_deck(("7", "A"), copies=2)

        assert len(deck) == 16
        assert deck.count(Card("A", SPADES)) == 2
