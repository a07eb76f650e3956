"""Printable table cards: one per table, its number large and a QR code of the public live view
(the address players' phones open: director.web.addresses), for the director to print and stand
on each table. The QR codes are SVG made by segno, inline in the page (nothing fetched from
elsewhere; its style is static/cards.css, laid out in millimetres): two cards to an A4 sheet,
each sheet its own page, the number on one line (``Table`` above it), the QR code 60 mm square
with its caption right under it. Nothing on a card is secret. When that address is this machine's
only (127.0.0.1: the service does not listen on the venue's network) the page warns, above the
cards and never on them (``loopback_warning``): no phone could open it.
"""
from __future__ import annotations

import html
import ipaddress
import urllib.parse

import segno

CARDS_PER_PAGE = 2


def qr_svg(text: str) -> str:
    """``text`` as a QR code, an inline SVG element sized by its style (segno; medium error
    correction; a viewBox and no width or height, so the page's CSS gives its millimetres)."""
    return segno.make(text, error="m").svg_inline(scale=4, border=2, dark="#000", light="#fff",
                                                  omitsize=True)


def number_size(table: str) -> str:
    """The number's size class: ``n1``..``n3`` by its length (``7``, ``12``, ``A12``), ``long``
    for a longer name (a smaller font, and wrapped only where it must)."""
    return f"n{len(table)}" if len(table) <= 3 else "long"


def card(table: str, code: str, live: str, name: str) -> str:
    return (f'<section class="card"><div class="number"><small>{name}</small>'
            f'<span class="word">Table</span>'
            f'<span class="n {number_size(table)}">{html.escape(table)}</span></div>'
            f'<figure class="qr">{code}<figcaption>Follow the games live:<br>'
            f'{html.escape(live)}</figcaption></figure></section>')


def loopback_warning(live: str) -> str:
    """What the cards' page says when the QR code's address is this machine's only, else ""."""
    host = urllib.parse.urlsplit(live).hostname or ""
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    if not loopback:
        return ""
    return (f"These cards' QR code is {live}, this machine's own address: no player's phone can "
            "open it. Let the service listen on the venue's network (service.host = \"0.0.0.0\" "
            "in its config, or --host 0.0.0.0), start it again, and print the cards then.")


def cards_page(tables: list[str], live: str, tournament: str) -> str:
    """The printable sheets of table cards for ``tables``, each with a QR code of ``live``; a
    warning above them when ``live`` is this machine's only (``loopback_warning``)."""
    code = qr_svg(live)
    name = html.escape(tournament or "")
    cards = [card(t, code, live, name) for t in tables]
    sheets = "\n".join(f'<div class="sheet">{"".join(cards[i:i + CARDS_PER_PAGE])}</div>'
                       for i in range(0, len(cards), CARDS_PER_PAGE))
    pages = -(-len(tables) // CARDS_PER_PAGE)
    hint = ("no tables yet: set tournament.tables in the director's config, or enroll them"
            if not tables else f"{len(tables)} table cards on {pages} A4 "
            f"page{'s' if pages != 1 else ''} (two to a page): "
            '<button id="print" type="button">Print</button> (A4, portrait)')
    warning = loopback_warning(live)
    warned = f'<p class="warning" role="alert">{html.escape(warning)}</p>\n' if warning else ""
    return (f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Table cards'
            f'</title><link rel="stylesheet" href="/static/cards.css">'
            f'<script type="module" src="/static/print.js"></script></head><body>'
            f'<p class="hint">{hint}</p>\n{warned}{sheets}\n</body></html>\n')
