"""The JSON game assembled from its hands' kept fragments (``web/common/fragments.py``) is byte for byte the game as
``json.dumps(game_json(score), ensure_ascii=False)`` makes it, whatever happened to the game; a hand's fragments are
made once per pair of its objects and voice; the store stays within its bounds and answers alike from many threads."""

from __future__ import annotations

import json
import threading
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import DECK, DeckStyle, Rules, Side
from scorekeeper.rules.errors import ScopaError
from scorekeeper.rules.ledger import (
    Game,
    GameScore,
    HandEntry,
    RoundRecord,
    SideEntry,
    add_hand,
    score_entry,
    score_game,
)
from scorekeeper.rules.scoring import WON_CATEGORIES
from scorekeeper.rules.text import ENGLISH
from scorekeeper.services import games
from scorekeeper.web.common import fragments
from scorekeeper.web.common.context import store
from scorekeeper.web.common.fragments import HandFragments
from scorekeeper.web.common.shapes import game_json
from tests.conftest import make_app, new_game

LANGUAGES = ("en", "it")
STYLES = (DeckStyle.ITALIAN, DeckStyle.FRENCH)
# Rules that say more about a hand than its points: a call out, a recount, the napola, a playoff, a draw.
RULES = (
    {},
    {"end": "count_out"},
    {"end": "recount", "playoff": "leaders"},
    {"call_out": True},
    {"napola": True, "re_bello": True},
    {"end": "draw"},
    {"profile": "cirulla"},
)
NAMES = ("Anna", "Bruno", "Niccolò", "Zoë 🂡", 'Carla "la Rossa"', "Dario\\Elena", "Федя")


@pytest.fixture(autouse=True)
def nothing_kept():
    """Each test starts with no hand kept (the store is the process's, shared by every app)."""
    fragments.hands.clear()
    yield
    fragments.hands.clear()


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return make_app(tmp_path_factory.mktemp("fragments"))


def plain(app, score: GameScore, language: str) -> bytes:
    """The body as the route made it before fragments: the game's JSON made afresh and encoded whole."""
    with app.test_request_context("/", headers={"Accept-Language": language}):
        return json.dumps(game_json(score), ensure_ascii=False).encode()


def assembled(app, score: GameScore, language: str) -> bytes:
    with app.test_request_context("/", headers={"Accept-Language": language}):
        return fragments.game_bytes(score, game_json)


# --- random games, changed as the services change them ----------------------------------------------------------


@st.composite
def entries(draw, sides: int) -> HandEntry:
    """A hand: every side's pile (the deck shared out at random), or the categories each side won; some scopas,
    and now and then a side calling itself out."""
    if draw(st.booleans()):
        owners = draw(st.lists(st.integers(0, sides - 1), min_size=len(DECK), max_size=len(DECK)))
        rows = [
            SideEntry(draw(st.integers(0, 3)), pile=tuple(c for c, o in zip(DECK, owners, strict=True) if o == i))
            for i in range(sides)
        ]
    else:
        owners = draw(st.lists(st.integers(-1, sides - 1), min_size=len(WON_CATEGORIES), max_size=len(WON_CATEGORIES)))
        rows = [
            SideEntry(
                draw(st.integers(0, 3)),
                won=frozenset(c for c, o in zip(WON_CATEGORIES, owners, strict=True) if o == i),
            )
            for i in range(sides)
        ]
    call = draw(st.one_of(st.none(), st.integers(0, sides - 1)))
    return HandEntry(tuple(rows), call)


CHANGES = st.sampled_from(
    ("append", "append", "append", "delete", "correct", "rename", "retitle", "restyle", "rescore")
)


def change(draw, game: Game, before: GameScore, made: list[int]) -> GameScore:
    """``before`` after one change drawn at random, made the way the services make it: a hand added without
    re-scoring the others, a hand deleted or corrected (``games._rebuild``: every other hand's score kept), the
    sides renamed (every hand scored again, as after any change of what a hand's reasons say), the game renamed or
    its deck style changed with every score kept, or the whole game scored again as read back from the database."""
    kind = draw(CHANGES)
    version = game.version + 1
    sides = len(game.sides)
    if kind == "append" or (not game.rounds and kind in ("delete", "correct")):
        entry = draw(entries(sides))
        made[0] += 1
        record = RoundRecord(len(game.rounds) + 1, entry, version, f"r{made[0]}")
        score = score_entry(entry, game.names, game.rules)
        return add_hand(before, record, score, replace(game, rounds=(*game.rounds, record), version=version))
    if kind == "delete":
        gone = draw(st.sampled_from(game.rounds)).id
        return games._rebuild(before, [h for h in games._hands(before) if h[0].id != gone], version=version)
    if kind == "correct":
        at = draw(st.integers(0, len(game.rounds) - 1))
        entry = draw(entries(sides))
        hands = games._hands(before)
        hands[at] = (replace(hands[at][0], entry=entry, version=version), score_entry(entry, game.names, game.rules))
        return games._rebuild(before, hands, version=version)
    if kind == "rename":
        names = draw(st.lists(st.sampled_from(NAMES), min_size=sides, max_size=sides, unique=True))
        renamed = tuple(replace(s, name=n, players=(n,)) for s, n in zip(game.sides, names, strict=True))
        return score_game(replace(game, sides=renamed, version=version))
    if kind == "retitle":
        return games._rebuild(before, games._hands(before), name=draw(st.sampled_from(NAMES)), version=version)
    if kind == "restyle":
        style = DeckStyle.FRENCH if game.deck_style is DeckStyle.ITALIAN else DeckStyle.ITALIAN
        return games._rebuild(before, games._hands(before), deck_style=style, version=version)
    return score_game(replace(game, version=version))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_assembled_body_is_the_plain_one_byte_for_byte(app, data):
    sides = data.draw(st.integers(2, 3))
    names = data.draw(st.lists(st.sampled_from(NAMES), min_size=sides, max_size=sides, unique=True))
    rules = Rules.from_dict(data.draw(st.sampled_from(RULES)))
    style = data.draw(st.sampled_from(STYLES))
    game = Game(
        "g" + str(data.draw(st.integers(0, 10**6))),
        data.draw(st.sampled_from(NAMES)),
        "2026-11-28",
        rules,
        data.draw(st.sampled_from((4, 11, 21))),
        style,
        tuple(Side(n, (n,)) for n in names),
        (),
        tuple(0 for _ in names),
        1,
    )
    score = score_game(game)
    made = [0]
    for _ in range(data.draw(st.integers(1, 14))):
        try:
            score = change(data.draw, score.game, score, made)
        except ScopaError:
            continue  # a hand these rules refuse (a call out where there is none, a won entry not allowed ...)
        # Read in either language (or both, one after the other), from what earlier reads kept.
        for language in data.draw(st.lists(st.sampled_from(LANGUAGES), min_size=1, max_size=2)):
            assert assembled(app, score, language) == plain(app, score, language)


# --- through the route ------------------------------------------------------------------------------------------


def test_the_route_answers_the_plain_body_after_each_kind_of_change(app):
    client = app.test_client()
    game = new_game(client, "Niccolò", "Zoë 🂡", rules={"end": "highest", "target": 61}, deck_style="french")
    url = f"/api/v1/games/{game.id}"
    hand = {"sides": [{"pile": [str(c) for c in DECK[:22]], "scopas": 1}, {"pile": [str(c) for c in DECK[22:]]}]}

    def same() -> None:
        for language in LANGUAGES:
            got = client.get(url, headers={"Accept-Language": language})
            assert got.status_code == 200
            with app.test_request_context("/", headers={"Accept-Language": language}):
                expected = json.dumps(game_json(games.get(store(), game.id)), ensure_ascii=False).encode()
            assert got.data == expected

    for n in range(4):
        r = client.post(f"{url}/rounds", json={**hand, "submission_id": f"hand-{n:04d}"}, headers=game.keeper)
        assert r.status_code == 201, r.get_json()
        same()
    assert client.put(f"{url}/rounds/2", json={"sides": ONE_SIDE_WINS}, headers=game.keeper).status_code == 200
    same()
    assert client.delete(f"{url}/rounds/1", headers=game.keeper).status_code == 204
    same()


def test_a_new_hand_is_the_one_hand_the_route_says_anew(app, monkeypatch):
    client = app.test_client()
    game = new_game(client, rules={"end": "highest", "target": 61})
    url = f"/api/v1/games/{game.id}"
    hand = {"sides": [{"pile": [str(c) for c in DECK[:22]], "scopas": 1}, {"pile": [str(c) for c in DECK[22:]]}]}
    for n in range(5):
        client.post(f"{url}/rounds", json={**hand, "submission_id": f"hand-{n:04d}"}, headers=game.keeper)
    made = counting(monkeypatch)
    assert len(client.get(url).json["rounds"]) == 5 and len(made) == 5
    client.post(f"{url}/rounds", json={**hand, "submission_id": "hand-0005"}, headers=game.keeper)
    assert len(client.get(url).json["rounds"]) == 6 and len(made) == 6
    assert client.delete(f"{url}/rounds/6", headers=game.keeper).status_code == 204
    assert len(client.get(url).json["rounds"]) == 5 and len(made) == 6


ONE_SIDE_WINS = [{"won": list(WON_CATEGORIES[:4]), "scopas": 2}, {"won": [], "scopas": 0}]


# --- made once, kept within bounds, one answer from many threads ----------------------------------------------


def counting(monkeypatch) -> list[int]:
    made: list[int] = []
    real = fragments.say
    monkeypatch.setattr(fragments, "say", lambda played, voice: made.append(1) or real(played, voice))
    return made


def two_side_game(hands: int, style: DeckStyle = DeckStyle.ITALIAN) -> GameScore:
    entry = HandEntry((SideEntry(1, pile=tuple(DECK[:22])), SideEntry(0, pile=tuple(DECK[22:]))))
    game = Game(
        "fixed",
        "Friday",
        "2026-11-28",
        Rules(),
        500,
        style,
        (Side("Anna", ("Anna",)), Side("Bruno", ("Bruno",))),
        (),
        (0, 0),
        1,
    )
    score = score_game(game)
    for n in range(hands):
        record = RoundRecord(n + 1, entry, n + 2, f"r{n + 1}")
        game = replace(game, rounds=(*game.rounds, record), version=n + 2)
        score = add_hand(score, record, score_entry(entry, game.names, game.rules), game)
    return score


def test_each_hand_is_made_once_per_voice_and_kept_across_versions(app, monkeypatch):
    made = counting(monkeypatch)
    score = two_side_game(6)
    assembled(app, score, "en")
    assert len(made) == 6
    assembled(app, score, "en")
    assert len(made) == 6
    assembled(app, score, "it")  # another language: every hand said again, in it
    assert len(made) == 12
    hands = games._hands(score)
    game = score.game
    deleted = games._rebuild(score, hands[:2] + hands[3:], version=game.version + 1)
    assembled(app, deleted, "en")
    assert len(made) == 12  # hands deleted: the others' scores are the same objects, nothing made
    entry = HandEntry((SideEntry(0, pile=tuple(DECK[:10])), SideEntry(3, pile=tuple(DECK[10:]))))
    hands = games._hands(deleted)
    hands[1] = (replace(hands[1][0], entry=entry, version=99), score_entry(entry, game.names, game.rules))
    corrected = games._rebuild(deleted, hands, version=99)
    assert assembled(app, corrected, "en") == plain(app, corrected, "en")
    assert len(made) == 13  # the corrected hand alone
    restyled = games._rebuild(corrected, games._hands(corrected), deck_style=DeckStyle.FRENCH, version=100)
    assert assembled(app, restyled, "en") == plain(app, restyled, "en")
    assert len(made) == 18  # cards named another way: every hand said again
    rescored = score_game(restyled.game)
    assert assembled(app, rescored, "en") == plain(app, rescored, "en")
    assert len(made) == 23  # new scores (a database read, the rules changed): made again, never taken for old ones


def test_a_kept_hand_is_found_only_for_the_very_objects_it_was_made_of(app):
    """Kept by the objects' ids, checked by identity: a hand kept under another object's id (which a recycled id
    would look like) is not taken for it."""
    score = two_side_game(2)
    voice = "en italian"
    first, second = score.rounds
    kept = fragments.hands.said([first], voice, lambda played: fragments.say(played, ENGLISH))
    other = fragments.Said(second.score, second.record.entry, b"[]", b"[]", b"[]", b"{}")
    with fragments.hands._lock:  # the first hand's kept fragments under the second hand's key
        fragments.hands._kept[(id(second.score), id(second.record.entry), voice)] = kept[0]
    again = fragments.hands.said([second], voice, lambda played: other)
    assert again == [other]


def test_the_store_keeps_at_most_its_hands_and_bytes():
    score = two_side_game(30)
    size = fragments.say(score.rounds[0], ENGLISH).size  # every hand of this game is the same hand
    by_hands = HandFragments(hands=10, size=10**9)
    by_bytes = HandFragments(hands=1000, size=size * 7 + size // 2)
    for kept in (by_hands, by_bytes):
        said = kept.said(score.rounds, "en italian", lambda played: fragments.say(played, ENGLISH))
        assert len(said) == 30 and all(s.score is r.score for s, r in zip(said, score.rounds, strict=True))
    assert len(by_hands) == 10 and len(by_bytes) == 7 and by_bytes.held <= size * 7 + size // 2
    tiny = HandFragments(hands=10, size=size - 1)  # a hand bigger than the whole bound is made, never kept
    assert len(tiny.said(score.rounds[:3], "en", lambda played: fragments.say(played, ENGLISH))) == 3
    assert len(tiny) == 0 and tiny.held == 0


def test_many_threads_assemble_the_same_body(app):
    score = two_side_game(60)
    expected = {language: plain(app, score, language) for language in LANGUAGES}
    bodies: list[tuple[str, bytes]] = []
    failures: list[BaseException] = []

    def read(language: str) -> None:
        try:
            for _ in range(5):
                bodies.append((language, assembled(app, score, language)))
        except BaseException as err:  # noqa: BLE001 - reported below
            failures.append(err)

    threads = [threading.Thread(target=read, args=(LANGUAGES[i % 2],)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures and len(bodies) == 40
    assert all(body == expected[language] for language, body in bodies)
