"""The shape every game's state shares: a config, a player count, a random generator, and named
fields that are int lists, lists of int lists, or ints.

Each game lists its fields once; copying, saving and loading follow from the lists, so a clone
is a few slice copies (no ``deepcopy``) and a save is plain JSON.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

from upriver.core.rng import Rng


class PlainState:
    """Base of a game's ``State``: subclasses name their fields in the three tuples below and
    declare them in ``__slots__``."""

    __slots__ = ("cfg", "num_players", "rng")
    list_fields: ClassVar[tuple[str, ...]] = ()  # list[int]
    nested_fields: ClassVar[tuple[str, ...]] = ()  # list[list[int]]
    scalar_fields: ClassVar[tuple[str, ...]] = ()  # int
    # list[int] fixed at setup and never changed in place by the rules: shared by copies
    shared_fields: ClassVar[tuple[str, ...]] = ()

    cfg: Any
    num_players: int
    rng: Rng

    @classmethod
    def blank(cls, cfg: Any, num_players: int, seed: int) -> Self:
        """A state with only its config, player count and generator set (setup fills the
        rest)."""
        st = cls.__new__(cls)
        st.cfg = cfg
        st.num_players = num_players
        st.rng = Rng(seed)
        return st

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # A copy spelled out field by field: a clone is then a run of slice copies with no
        # loop over names (bots and search clone on every step).
        lines = ["def copy(self):", "    twin = cls.__new__(cls)", "    twin.cfg = self.cfg",
                 "    twin.num_players = self.num_players", "    twin.rng = self.rng.copy()"]
        lines += [f"    twin.{n} = self.{n}[:]" for n in cls.list_fields]
        lines += [f"    twin.{n} = [x[:] for x in self.{n}]" for n in cls.nested_fields]
        lines += [f"    twin.{n} = self.{n}" for n in (*cls.scalar_fields, *cls.shared_fields)]
        lines.append("    return twin")
        space: dict[str, Any] = {"cls": cls}
        exec("\n".join(lines), space)  # the names are the class's own fields
        cls.copy = space["copy"]  # type: ignore[method-assign]

    def copy(self) -> Self:
        twin = type(self).__new__(type(self))
        twin.cfg = self.cfg
        twin.num_players = self.num_players
        twin.rng = self.rng.copy()
        for name in self.list_fields:
            setattr(twin, name, getattr(self, name)[:])
        for name in self.nested_fields:
            setattr(twin, name, [x[:] for x in getattr(self, name)])
        for name in (*self.scalar_fields, *self.shared_fields):
            setattr(twin, name, getattr(self, name))
        return twin

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {name: getattr(self, name) for name in (
            *self.list_fields, *self.nested_fields, *self.scalar_fields, *self.shared_fields)}
        d["rng"] = self.rng.state
        d["num_players"] = self.num_players
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any], cfg: Any) -> Self:
        st = cls.__new__(cls)
        st.cfg = cfg
        st.num_players = int(d["num_players"])
        st.rng = Rng(int(d["rng"]))
        for name in (*cls.list_fields, *cls.shared_fields):
            setattr(st, name, [int(x) for x in d[name]])
        for name in cls.nested_fields:
            setattr(st, name, [[int(x) for x in xs] for xs in d[name]])
        for name in cls.scalar_fields:
            setattr(st, name, int(d[name]))
        return st
