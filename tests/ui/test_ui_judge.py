"""The judge screen at the table: reached only through a challenge, one verdict for the play,
the verdict screen the same pixels whichever word failed."""
from tests.support.ui_harness import ENABLE_LABEL
import pytest

from tests.support.ui_harness import S, T0
from common.game import events as ev
from kiosk.ui.widgets import theme
from kiosk.ui.widgets.base import UiSettings
from kiosk.ui.clock.screen import ClockScreen
from kiosk.ui.judge.screen import JudgeScreen
from kiosk.ui.judge.verdict import VerdictScreen


def challenged(kiosk, **options):
    """Bob (right) moved first and played for 30; Ann (left) challenges it at 25 s."""
    k = kiosk(**options)
    k.press("left", at=1)             # Ann goes second: Bob's clock runs
    k.press("right", at=20).type("30\n", at=21)
    k.press("centre", at=25).press("centre", at=26)
    assert isinstance(k.screen, JudgeScreen)
    return k


def corners(surface):
    w, h = surface.get_size()
    return {tuple(surface.get_at(p))[:3] for p in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)]}


def test_an_acceptable_play_and_the_table_flow_after_it(kiosk):
    k = challenged(kiosk)
    assert k.events(ev.ClockNeutralised) == [ev.ClockNeutralised(T0 + 25 * S, "unspecified")]
    assert k.events(ev.ChallengeOpened) == [ev.ChallengeOpened(T0 + 26 * S, 0, 0)]
    k.type("cat dogs", at=30)
    k.shot("judge-typed")
    assert k.view.words == ("CAT",) and k.view.typing == "DOGS"
    assert "Bob: check the words, then press your button" in k.view.lines[1]
    k.press("left", at=35)            # Ann challenged: under ASPA the challenged player judges
    assert k.view.error == "Bob presses their button for the verdict"
    assert not k.events(ev.ChallengeRuled)
    k.press("right", at=40)
    assert k.events(ev.ChallengeRuled) == [ev.ChallengeRuled(T0 + 40 * S, 0, 0, ("CAT", "DOGS"), True)]
    assert isinstance(k.screen, VerdictScreen)
    k.shot("verdict-acceptable")
    assert corners(k.surface) == {theme.ACCEPT_BG}
    assert k.view.valid and k.view.words == ("CAT", "DOGS") and k.view.lexicon == ENABLE_LABEL
    k.press("left", at=40.4)          # within half a second: ignored
    assert isinstance(k.screen, VerdictScreen)
    k.press("left", at=40.6)          # after it: back to the table
    assert isinstance(k.screen, ClockScreen)
    assert k.state.clock.running is None and k.view.banner[0] == "CLOCK STOPPED: after a challenge"
    k.press("left", at=45)            # Ann is to move; Bob, who waits, restarts the clock
    assert "Bob" in k.view.error and k.state.clock.running is None
    k.press("right", at=46)
    assert k.state.clock.running == 0
    assert k.state.clock.used_ns == (5 * S, 19 * S)    # the challenge cost nobody time


def test_an_unacceptable_play_is_red_and_taken_off(kiosk):
    k = challenged(kiosk)
    k.type("cat zzz\n", at=30).press("right", at=40)
    k.shot("verdict-unacceptable")
    assert corners(k.surface) == {theme.REJECT_BG}
    assert not k.view.valid and k.view.words == ("CAT", "ZZZ")
    assert k.events(ev.PhonyWithdrawn) == [ev.PhonyWithdrawn(T0 + 40 * S, 0)]
    k.at(51).step()                   # the verdict leaves by itself after 10 s
    assert isinstance(k.screen, ClockScreen)
    assert k.view.halves[1].score == "0" and k.view.halves[1].last == "challenged off  +0"


def test_the_verdict_stays_for_the_configured_time(kiosk):
    k = challenged(kiosk, settings=UiSettings(verdict_s=3))
    k.type("cat", at=30).press("right", at=40)
    k.at(42.9).step()
    assert isinstance(k.screen, VerdictScreen)
    k.at(43).step()
    assert isinstance(k.screen, ClockScreen)


def lexicon_without(folder, missing):
    folder.mkdir()
    words = [w for w in ("CAT", "DOG", "EMU", "GNU", "OWL") if w != missing]
    (folder / "words.txt").write_text("\n".join(words) + "\n")
    return folder / "words.txt"


def run_challenge(kiosk, lexicon):
    k = challenged(kiosk, lexicon=lexicon)
    k.type("cat dog emu", at=30)
    judge_view = k.view
    k.press("right", at=40)
    verdict_png = k.shot(f"verdict-{lexicon.parent.name}").read_bytes()
    pixels = __import__("pygame").image.tobytes(k.surface, "RGB")
    verdict_view = k.view
    k.at(51).step()
    return k, judge_view, verdict_view, verdict_png, pixels, k.view


def test_the_verdict_is_the_same_whichever_word_is_bad(kiosk, tmp_path):
    runs = [run_challenge(kiosk, lexicon_without(tmp_path / f"lacks-{w}", w)) for w in ("CAT", "DOG", "EMU")]
    first = runs[0]
    assert not first[2].valid and first[2].lexicon == "words \u2014 not the official CSW"
    for other in runs[1:]:
        assert other[1] == first[1]                   # the judge screen as typed
        assert other[2] == first[2]                   # the verdict screen's content
        assert other[3] == first[3]                   # ... its PNG, byte for byte
        assert other[4] == first[4]                   # ... and its pixels
        assert other[5] == first[5]                   # the clock screen after it
        assert other[0].journal.lines == first[0].journal.lines   # every journaled event
    # the lexicons really did fail a different word each (kept for the director only)
    assert [r[0].journal.adjudications[0]["words"] for r in runs] == [
        [{"word": w, "valid": w != bad} for w in ("CAT", "DOG", "EMU")] for bad in ("CAT", "DOG", "EMU")]


class CountingLexicon:
    """The real lexicon, counting lookups: the judge must look up every word every time."""

    def __init__(self, words):
        self.words, self.lookups = words, 0

    def __contains__(self, word):
        self.lookups += 1
        return word in self.words


@pytest.mark.parametrize("words", ["zzz cat dog emu", "cat zzz dog emu", "cat dog emu zzz", "cat dog emu owl"])
def test_every_word_is_looked_up_whichever_fails(kiosk, words):
    k = challenged(kiosk)
    k.table.lexicon = CountingLexicon(k.table.lexicon)
    k.type(words, at=30).press("right", at=40)
    assert k.table.lexicon.lookups == 4


def test_the_challenger_judges_where_the_preset_says_so(kiosk):
    k = challenged(kiosk, preset="nzasp")
    assert k.state.rules.challenge.verdict_by == "challenger"
    k.type("cat", at=30)
    assert "then Ann presses their button" in k.view.lines[1]
    k.press("right", at=35)
    assert k.view.error == "Ann presses their button for the verdict"
    k.press("left", at=36)
    assert isinstance(k.screen, VerdictScreen) and k.view.valid
    assert k.events(ev.ChallengeBonus)[0].points == 5     # NZASP: 5 per word challenged


def test_no_withdrawal_where_the_preset_forbids_it(kiosk):
    k = challenged(kiosk)                                     # ASPA 10.7: never
    assert not any("withdraw" in line.lower() for line in k.view.lines)
    k.key("Escape", at=30).press("left", at=31).press("right", at=32)
    assert not k.events(ev.ChallengeWithdrawn)
    assert isinstance(k.screen, JudgeScreen) and k.state.phase == "challenge"


def test_withdrawal_when_both_agree(kiosk):
    k = challenged(kiosk, preset="absp")                      # ABSP 4.10.2: both agree
    assert k.view.lines[-1] == "Esc: withdraw the challenge (both players must agree)"
    k.type("c", at=29)                                        # issue 38: while typing too
    assert k.view.lines[-1] == "Esc: withdraw the challenge (both players must agree)"
    k.key("Escape", at=30)
    k.shot("withdraw-asked")
    k.press("left", at=31)
    assert "agreed: Ann" in k.view.lines[-1] and k.state.phase == "challenge"
    k.press("right", at=32)
    assert k.events(ev.ChallengeWithdrawn) == [ev.ChallengeWithdrawn(T0 + 32 * S, 0, 0)]
    assert isinstance(k.screen, ClockScreen)


def test_words_that_cannot_be_judged_are_refused_with_the_reason(kiosk):
    k = challenged(kiosk)
    k.press("right", at=30)
    assert k.view.error == "type the challenged words first"
    k.type("cat x", at=31).press("right", at=32)
    assert k.view.error == "a challenged word has 2 to 15 letters: 'X'"
    assert isinstance(k.screen, JudgeScreen) and not k.events(ev.ChallengeRuled)


def test_without_a_lexicon_the_table_cannot_judge(kiosk, monkeypatch, tmp_path):
    monkeypatch.setattr("kiosk.opening.DEFAULT_LEXICON", tmp_path / "absent.txt")
    k = challenged(kiosk, lexicon=None)
    assert "no lexicon" in k.view.top
    k.type("cat", at=30).press("right", at=31)
    assert k.view.error == "no lexicon is loaded: call the director to adjudicate"
    assert isinstance(k.screen, JudgeScreen)


def test_the_judge_screen_only_follows_a_challenge(kiosk):
    k = kiosk()
    seen = set()
    script = [("press", "left", 1), ("type", "cat dog\n", 2), ("press", "right", 3),
              ("type", "qi\n", 4), ("press", "left", 5), ("type", "\t3\n", 6), ("key", "Hold", 7),
              ("press", "centre", 8), ("press", "left", 9), ("type", "zzz\n", 10)]
    for kind, what, at in script:
        getattr(k, kind)(what, at=at)
        seen.add(type(k.screen).__name__)
        assert (k.state.phase == "challenge") == isinstance(k.screen, JudgeScreen)
    assert "JudgeScreen" not in seen and not k.events(ev.ChallengeOpened)
    k.press("centre", at=20).press("centre", at=21)       # only a challenge opens it
    assert isinstance(k.screen, JudgeScreen) and k.events(ev.ChallengeOpened)


def test_at_a_table_judged_at_the_station_the_press_sends_the_words_and_the_verdict_shows_as_its_own(kiosk):
    """director.judge_at_station: the verdict player's press sends the challenge (the link
    carries it: kiosk.link.station_wait) and the screen says it waits at the judge station; the
    station's verdict, once the link has ruled with it, fills the screen as a verdict judged
    here, labelled with the station."""
    from common.game.commands import Rule
    from kiosk.link.news import DirectorNews, StationVerdict
    k = kiosk()
    k.table.hear(DirectorNews(judge_at_station=True))      # as the link says it
    k.press("left", at=1).press("right", at=20).type("30\n", at=21)
    k.press("centre", at=25).press("centre", at=26)
    k.type("quire zebra", at=30)
    assert "press your button: they go to the judge station" in k.view.lines[1]
    k.press("right", at=40)                     # Bob, the challenged player, sends them
    assert k.table.station_request == (("QUIRE", "ZEBRA"), T0 + 40 * S)
    assert not k.events(ev.ChallengeRuled) and isinstance(k.screen, JudgeScreen)
    k.table.hear(DirectorNews(judge_at_station=True, station_line="at the judge station: waiting"))
    k.at(41).step()
    assert k.view.lines[0] == "at the judge station: waiting"
    k.type("x", at=42)                          # the words went: typing changes nothing
    assert k.view.words == ("QUIRE",) and k.view.typing == "ZEBRA"
    assert k.table.submit(Rule(("QUIRE", "ZEBRA"), False), T0 + 60 * S)    # as the link rules
    k.table.hear(DirectorNews(judge_at_station=True, station_verdict=StationVerdict(
        False, ("QUIRE", "ZEBRA"), "judge station 1 · ENABLE", T0 + 60 * S)))
    k.at(60).step()
    assert isinstance(k.screen, VerdictScreen)
    assert (k.view.valid, k.view.words, k.view.lexicon) == (False, ("QUIRE", "ZEBRA"),
                                                            "judge station 1 · ENABLE")
    assert corners(k.surface) == {theme.REJECT_BG}
    k.shot("verdict-from-the-station")


def test_a_table_that_waited_its_time_for_the_station_says_so_and_a_press_sends_it_again(kiosk):
    """The link gave up waiting for the station (director.station_wait_s): the judge screen says
    it in a player's words and who presses to send it again, the clocks stay held, and the
    verdict player's press asks the link again (a second request); before the give-up a second
    press asks nothing."""
    from kiosk.link.news import DirectorNews
    k = kiosk()
    k.table.hear(DirectorNews(judge_at_station=True))
    k.press("left", at=1).press("right", at=20).type("30\n", at=21)
    k.press("centre", at=25).press("centre", at=26)
    k.type("quire", at=30)
    k.press("right", at=40)                             # Bob sends the words
    sent = k.table.station_request
    k.table.hear(DirectorNews(judge_at_station=True, station_line="at the judge station: waiting"))
    k.press("right", at=50)                             # still waiting: nothing asked again
    assert k.table.station_request is sent
    gave_up = "the judge station did not answer in 2 minutes: call the director"
    k.table.hear(DirectorNews(judge_at_station=True, station_line=gave_up, station_gave_up=True))
    k.at(160).step()
    assert k.view.lines[:2] == (gave_up, "Bob: press your button to send it again")
    assert (k.state.phase, k.state.clock.running) == ("challenge", None)
    k.shot("station-gave-up")
    k.press("left", at=170)                             # Ann is not the one who sends them
    assert k.table.station_request is sent
    k.press("right", at=171)
    assert k.table.station_request == (("QUIRE",), T0 + 171 * S)
