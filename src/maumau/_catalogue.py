"""
The catalogue of installed games: each variant's name, summary, player counts and options, for lists and forms.
"""

from __future__ import annotations

from attrs import frozen

from ._options import Option
from ._registry import load_variant, variant_names
from ._rules import Rules
from .exceptions import MaumauError

__all__ = ["VariantInfo", "variants"]


@frozen
class VariantInfo:
    """
    An installed variant: its name, one-line summary, player counts and options.

    A variant whose plugin cannot be loaded (its entry point fails to
    import, or its hooks fail) is listed all the same, with no seats and no
    options, and *problem* saying why; playing it raises `maumau.PluginError`.

    .. versionadded:: 0.1.0
    .. versionchanged:: 0.2.0
       *problem*, *default_players*, *sources* and *profile*.
    """

    name: str
    summary: str
    seats: range
    options: tuple[Option, ...]
    problem: str | None = None
    #: The player count a game gets when nobody chooses one (``None`` for a variant that is unavailable).
    default_players: int | None = None
    #: Where the rules come from, each as "title <url>" (a game profile's sources).
    sources: tuple[str, ...] = ()
    #: The game profile the variant is read from (a path), or ``None`` for a Python plugin.
    profile: str | None = None

    @property
    def available(self) -> bool:
        """
        Whether the variant can be played.
        """
        return self.problem is None


def variants() -> dict[str, VariantInfo]:
    """
    The installed variants, by name: Python plugins (the ``maumau.variants`` entry points) and game profiles
    (`maumau.profiles`: installed, and loaded in this process).

    .. versionadded:: 0.1.0
    """
    result = {}
    for name in variant_names():
        try:
            rules = Rules.build(name)
            module = load_variant(name)
            summary = ((module.__doc__ or "").strip() or name).splitlines()[0]
            options = rules.resolve_options(None)
            seats, default_players = rules.seats(options), rules.default_players(options)
            profile = getattr(module, "profile", None)
            sources = profile.sources if profile is not None else ()
            where = profile.source if profile is not None else None
            info = VariantInfo(
                name,
                summary,
                seats,
                rules.declared_options,
                default_players=default_players,
                sources=sources,
                profile=where,
            )
        except MaumauError as error:
            info = VariantInfo(name, "unavailable", range(0), (), problem=str(error))
        result[name] = info
    return result
