"""The shape every game's state shares: a config, a player count, a random generator, and named
fields that are int lists, lists of int lists, or ints.

Each game lists its fields once; saving and loading follow from the lists, and a save is plain
JSON. Each game's ``State.copy`` spells its fields out (a clone is a run of slice copies, no
``deepcopy``, and the compiled build makes it native code); ``copy_by_name`` is the same copy
read from the lists, which the tests hold every game's ``copy`` to. Large tables the rules
rarely change can be shared by copies until one writes (``cow_fields``).
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, Self, TypeVar

from upriver.core.rng import Rng

C = TypeVar("C")  # the game's Config


class PlainState(Generic[C]):
    """Base of a game's ``State``: subclasses name their fields in the tuples below, declare
    them in ``__slots__`` and spell them out in ``copy``."""

    __slots__ = ("cfg", "cow", "num_players", "rng")
    list_fields: ClassVar[tuple[str, ...]] = ()  # list[int]
    nested_fields: ClassVar[tuple[str, ...]] = ()  # list[list[int]]
    scalar_fields: ClassVar[tuple[str, ...]] = ()  # int
    # list[int] fixed at setup and never changed in place by the rules: shared by copies
    shared_fields: ClassVar[tuple[str, ...]] = ()
    # list[int] shared by copies until one of them writes it (copy on write): large tables the
    # rules change rarely. The rules write them only through the subclass's ``w_*`` methods,
    # which copy a table that ``cow`` marks as shared first.
    cow_fields: ClassVar[tuple[str, ...]] = ()
    # Fields an older save may lack, with the value such a save means.
    missing_in_old_saves: ClassVar[tuple[tuple[str, Any], ...]] = ()

    cfg: C
    num_players: int
    rng: Rng
    cow: int  # with ``cow_fields`` only: bit i set, ``cow_fields[i]`` may be shared

    @classmethod
    def blank(cls, cfg: C, num_players: int, seed: int) -> Self:
        """A state with only its config, player count and generator set (setup fills the
        rest)."""
        st = cls.__new__(cls)
        st.cfg = cfg
        st.num_players = num_players
        st.rng = Rng(seed)
        if cls.cow_fields:
            st.cow = 0
        return st

    def copy(self) -> Self:
        return self.copy_by_name()

    def copy_by_name(self) -> Self:
        """A copy made from the field lists: each list field copied, each shared field and
        scalar kept."""
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
        if self.cow_fields:
            for name in self.cow_fields:
                setattr(twin, name, getattr(self, name))
            shared = (1 << len(self.cow_fields)) - 1
            self.cow = shared
            twin.cow = shared
        return twin

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {name: getattr(self, name) for name in (
            *self.list_fields, *self.cow_fields, *self.nested_fields, *self.scalar_fields,
            *self.shared_fields)}
        d["rng"] = self.rng.state
        d["num_players"] = self.num_players
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any], cfg: C) -> Self:
        d = {**dict(cls.missing_in_old_saves), **d}
        st = cls.__new__(cls)
        st.cfg = cfg
        st.num_players = int(d["num_players"])
        st.rng = Rng(int(d["rng"]))
        for name in (*cls.list_fields, *cls.cow_fields, *cls.shared_fields):
            setattr(st, name, [int(x) for x in d[name]])
        if cls.cow_fields:
            st.cow = 0
        for name in cls.nested_fields:
            setattr(st, name, [[int(x) for x in xs] for xs in d[name]])
        for name in cls.scalar_fields:
            setattr(st, name, int(d[name]))
        return st
