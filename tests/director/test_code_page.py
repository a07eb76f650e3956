"""Names in Windows-1252, the .TOU's code page (director.files.code_page, director.files.tou_names):
what the code page holds stays, what it lacks is romanised by anyascii, the name as typed stays
everywhere else; two players alike in the 20-column name column are told apart or refused."""
import pytest

from director.event.model import Player
from director.files.code_page import changed, cp1252_form
from director.files.tou_names import initials, name_columns, tou_text
from director.files.tou_read import TouError


@pytest.mark.parametrize("typed, written", [
    ("Seán Ó Dálaigh", "Seán Ó Dálaigh"),                 # Windows-1252 holds them: as typed
    ("Zoe\u0308 Ng", "Zoë Ng"),                            # decomposed, as a Mac types it
    ("Šimon Žák", "Šimon Žák"),                            # Š and Ž are in Windows-1252 too
    ("Małgorzata Wiśniewska", "Malgorzata Wisniewska"),    # Polish
    ("Ngāio Te Whatu", "Ngaio Te Whatu"),                  # te reo Māori's macrons
    ("Nguyễn Thị Minh Khai", "Nguyen Thi Minh Khai"),      # Vietnamese
    ("Dmitriy Иванов", "Dmitriy Ivanov"),                  # Cyrillic
    ("Ελένη", "Eleni"),                                    # Greek
    ("王伟", "WangWei"), ("김민준", "GimMinJun"), ("やまだ", "yamada"),
    ("D’Souza – O‘Neill", "D'Souza - O'Neill"),            # typographic quotes and dashes plain
    ("Ann\u00a0Lee", "Ann Lee"),                           # a phone's no-break space
])
def test_a_name_keeps_what_windows_1252_holds_and_romanises_the_rest(typed, written):
    assert cp1252_form(typed) == written
    written.encode("cp1252")


def test_what_is_written_otherwise_is_said_character_by_character():
    assert changed("Łukasz Żak-Łoś") == [("Ł", "L"), ("Ż", "Z"), ("ś", "s")]
    assert changed("Seán") == []


def test_a_name_of_nothing_windows_1252_can_write_is_refused_naming_it():
    with pytest.raises(TouError, match="player 3: '\u0301' has no form in Windows-1252"):
        tou_text("\u0301", where="player 3")


def test_initials_keep_the_last_word_whole():
    assert initials("Christopher James Montgomery-Smith") == "C J Montgomery-Smith"


def test_names_alike_only_after_the_cut_are_told_apart_and_others_stay_whole():
    columns = name_columns([("A", Player(1, "Montgomery-Smith, Christopher"), False),
                            ("A", Player(2, "Montgomery-Smythe, Christopher"), False),
                            ("B", Player(1, "Montgomery-Smith, Christopher-John"), False),
                            ("B", Player(2, "Ng, Zoë"), False)])
    assert columns == {("A", 1): "C Montgomery-Smith", ("A", 2): "C Montgomery-Smythe",
                       ("B", 1): "Christopher-John Mon", ("B", 2): "Zoë Ng"}      # cut, alone


def test_names_alike_that_an_imported_file_wrote_so_stay_as_it_wrote_them():
    columns = name_columns([("A", Player(1, "Ann Lee"), True), ("A", Player(2, "ANN LEE"), True)])
    assert columns == {("A", 1): "Ann Lee", ("A", 2): "ANN LEE"}
