"""Printable table cards: one per table, its number large and a QR code of the public live view
(the address players' phones open: director.web.addresses), for the director to print and stand
on each table. The QR codes are SVG made by segno, inline in the page (nothing fetched from
elsewhere; its style is static/cards.css); the page prints two cards to an A4 sheet. Nothing on a card is secret.
"""
from __future__ import annotations

import html

import segno

def qr_svg(text: str) -> str:
    """``text`` as a QR code, an inline SVG element (segno; medium error correction)."""
    return segno.make(text, error="m").svg_inline(scale=4, border=2, dark="#000", light="#fff")


def cards_page(tables: list[str], live: str, tournament: str) -> str:
    """The printable sheet of table cards for ``tables``, each with a QR code of ``live``."""
    code = qr_svg(live)
    name = html.escape(tournament or "")
    cards = "\n".join(
        f'<section class="card"><div class="number"><small>{name}</small>Table {html.escape(t)}</div>'
        f'<div class="qr">{code}<p>Follow the games live:<br>{html.escape(live)}</p></div></section>'
        for t in tables)
    hint = ("no tables yet: set tournament.tables in the director's config, or enroll them"
            if not tables else f"{len(tables)} table cards: print them (two to a page)")
    return (f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Table cards'
            f'</title><link rel="stylesheet" href="/static/cards.css"></head><body><p class="hint">{hint}</p>\n{cards}\n'
            f'</body></html>\n')
