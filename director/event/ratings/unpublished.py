"""The systems whose rules could not be had: what is missing, and where it was looked for. The
command refuses them with these words; an estimate is never guessed.

- **ABSP**: its rules are published (the ABSP Ratings System page), but a player's new rating is
  a weighted average over their most recent games, 150 where available ("weightings of 225 to
  76", since 1 January 2011): the event gives each player's ratings points for its games (their
  opponents' ratings, each within 40 of their own, plus 50 a win and less 50 a loss), and the
  rest of the 150 come from their earlier events, which a ratings list's rating and games count
  do not carry.
- **WESPA**: the 2012 announcement of its revised system lists the changes (provisional ratings
  for the first 30 games, a new probability curve, long events broken as if several, fixed
  multipliers) without their formulas, and no document giving them was found.
"""
from __future__ import annotations

from .base import Source, SystemRefused

MISSING = {
    "absp": ("the ABSP rating is a weighted average over each player's 150 most recent rated "
             "games (weights 225 down to 76), most of them from earlier events: a ratings list's "
             "rating and games do not carry those games' ratings points, so no new rating can be "
             "worked out from them"),
    "wespa": ("WESPA publishes the changes of its 2012 system (provisional ratings for the first "
              "30 games, a new probability curve, long events rated as several, fixed "
              "multipliers) but not their formulas: the curve, the multipliers, the provisional "
              "rule and how a long event is divided could not be had"),
}

SOURCES = {
    "absp": (Source("ABSP, ABSP Ratings System", "https://www.absp.org.uk/results/ratings_detail.shtml"),
             Source("ABSP, 2011 Rating Changes (John Grayson, ratings officer)",
                    "http://www.absp.org.uk/news/news300111.shtml", "30 January 2011")),
    "wespa": (Source("WESPA, New WESPA ratings system launched (Edward Okulicz)",
                     "https://www.wespa.org/news/2012x02.shtml", "28 May 2012"),
              Source("WESPA, Ratings", "https://www.wespa.org/ratings/index.shtml")),
}


def refuse(name: str) -> None:
    """Raise SystemRefused for ``name``, saying what is missing."""
    raise SystemRefused(name, MISSING[name], SOURCES[name])
