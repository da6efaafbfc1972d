"""One package per game; each registers itself here by id."""

from upriver.core.registry import register

register("twelve-rivers", "upriver.games.twelve_rivers.rules")
register("the-river", "upriver.games.the_river.rules")
register("wayfarers", "upriver.games.wayfarers.rules")
