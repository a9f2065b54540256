"""
The rules of the games that ship as profiles, one module per game, one test per rule, on stacked decks.
"""
