"""Names as tournament players and school teams write them (tsh's "Surname, Given" or the given
name first; hyphens, apostrophes, diacritics of many languages; 15-33 characters), for the
screens' tests: what a real name table holds, not "Ann" and "Bob".

``PAIRS`` are the left and right players of each preset's whole game
(tests/ui/test_ui_whole_game.py); ``REAL_NAMES`` every name a test of the font checks
(tests/ui/test_ui_theme_font.py), each language's letters at least once.
"""
from __future__ import annotations

#: The left and right players' names, per preset: the longest, the Vietnamese with its stacked
#: accents, Irish, Maori with its macron, and the school's teams with their school's name.
PAIRS = {
    "aspa": ("Featherstonehaugh-Wright, Annabel", "Nguyễn Thị Minh Khai"),
    "absp": ("O'Sullivan, Seán", "Wiremu Te Rangi-Hēnare Walker"),
    "nzasp": ("Wiremu Te Rangi-Hēnare Walker", "Featherstonehaugh-Wright, Annabel"),
    "school": ("Lakeside Academy: Priya & Tomás", "Ridgeview MS Team 2"),
}

REAL_NAMES = (
    # English, Irish, Scottish, Welsh
    "Featherstonehaugh-Wright, Annabel", "O'Sullivan, Seán", "Ó Dálaigh-Featherstone, Zoë",
    "Montgomery-Smith, Christopher", "MacGillivray, Eòghann", "Llŷr ap Gwilym, Siân", "Ŵyn Prŷs",
    # Maori, Samoan, Hawaiian, Tongan
    "Wiremu Te Rangi-Hēnare Walker", "Tūhoe Ngāti-Pōrou, Hīnemoa", "Faʻasāmoa, Tavita",
    "Kamakawiwoʻole, ʻIlima", "Tāufaʻāhau, Siosaia",
    # Vietnamese (Latin Extended Additional, stacked accents)
    "Nguyễn Thị Minh Khai", "Trần Hưng Đạo", "Phạm Thị Ngọc Hằng", "Lê Văn Thịnh", "Võ Nguyên Giáp",
    "Huỳnh Tấn Phát", "Đặng Thùy Trâm",
    # Polish, Czech, Slovak, Hungarian, Croatian, Slovene, Romanian
    "Wójcik-Przybyszewska, Małgorzata", "Łukasz Żółtowski", "Dvořák, Jiří", "Ľubomír Šťastný",
    "Erdős-Szőke, Gyöngyvér", "Đurđević, Željko", "Ţepeş-Ştefănescu, Ioana", "Ș. Țurcanu",
    # Turkish, Azerbaijani
    "Şükrü Çağlayan", "İlkay Gündoğan-Öztürk", "Əliyev, Ilqar",
    # Nordic, Icelandic, Sami
    "Ødegård-Bjørnstad, Åse", "Þórður Guðjónsson", "Ægir Sæmundsson", "Áillohaš Čoarvi",
    # German, French, Spanish, Portuguese, Italian, Catalan, Dutch
    "Straßburger, Jürgen", "Lefèvre-Œuvray, Hélène", "Núñez de Balboa, Begoña", "João Gonçalves",
    "Nicolò D'Alessandro", "Puigdemont i Casamajó, Núria", "IJsbrand van 't Hoff",
    # Baltic, Esperanto, Maltese
    "Ķēniņš, Aļģirds", "Žemaitytė, Gintarė", "Ĉu Ĝojo Ŝanĝiĝas", "Ħaġar Qim-Żammit",
    # Greek, Cyrillic (Russian, Ukrainian, Serbian, Kazakh)
    "Παπαδόπουλος, Ελευθέριος", "Ёлкина-Жуковская, Юлия", "Їжакевич, Ґалина Євгенівна",
    "Ђорђевић, Љубица", "Нұрсұлтан Қасымов",
    # school teams
    "Lakeside Academy: Priya & Tomás", "Ridgeview MS Team 2", "St. Mary's College (A)",
)
