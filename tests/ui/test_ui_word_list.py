"""The top line and every verdict name the word list and say when it is not the preset's official
one (issue 22 item 7; tests/lexicon/test_lexicon_named_everywhere.py has the rest)."""
from kiosk.ui.judge.verdict import VerdictView


def test_the_top_line_and_every_verdict_name_the_list(kiosk):
    """ASPA on the bundled ENABLE list: QI is not in it, and the verdict says on which list."""
    k = kiosk(names=("Ann", "Bob"))
    label = "enable2k \u2014 not the official CSW"
    assert k.view.top.endswith(label)
    k.press("right", at=1).press("left", at=20).type("11\n", at=21)
    k.press("centre", at=25).press("centre", at=26)          # Bob challenges QI
    k.type("qi", at=27).press("left", at=28)
    assert k.view == VerdictView(False, ("QI",), label)
