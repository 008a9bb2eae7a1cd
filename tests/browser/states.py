"""Every page state a person can meet, reached in a real browser, for the checks that apply to all pages.

The games are made through the JSON API and the forms are sent with their own field names (the server's
contract), so these states do not depend on how any page happens to be laid out today. Each state is a
name and a function that brings a page to it; the page that remains is the one to check.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

# Bruno's pile in a hand Anna wins 4-0 (cards 22-18, coins 7-3, settebello, primiera 79-62).
BRUNO = ["8d", "9d", "10d", "5c", "8c", "9c", "10c", "1s", "2s", "3s", "4s", "5s", "8s", "2b", "3b", "4b", "6b", "7b"]
# Long names: a name a person needs must wrap, never be cut off or push the page sideways.
LONG = "Massimiliano Bartolomeo"
LONG_TEAM = ["Anna Maria Francesca", "Bruno", "Carla Benedetta", "Dario"]


def _tally(cards: int, coins: int, settebello: bool, primiera: int, scopas: int = 0) -> dict:
    tally = {"cards": cards, "coins": coins, "settebello": settebello, "primiera": primiera}
    return {"tally": tally, "scopas": scopas}


# Anna's side takes cards, coins, settebello, primiera: 4-0 (plus scopas).
WIN = [_tally(22, 7, True, 79), _tally(18, 3, False, 62)]
# Cards and settebello to the first side, coins and primiera to the second: 2-2.
SPLIT = [_tally(22, 3, True, 62), _tally(18, 7, False, 79)]


@dataclass
class Game:
    id: str
    key: str
    keeper_url: str


class Builder:
    """Makes games through the API on the test server and sends forms as the browser would."""

    def __init__(self, page, base: str):
        self.page, self.base = page, base

    def game(
        self,
        names: list[str],
        hands: list[list[dict]] = (),
        players: list[list[str]] | None = None,
        rules: dict | None = None,
    ) -> Game:
        sides = [{"name": n} for n in names]
        if players:
            sides = [{"name": n, "players": p} for n, p in zip(names, players, strict=True)]
        body = {"name": "Friday at Nonna's", "sides": sides, "rules": rules or {}}
        made = self.page.request.post(f"{self.base}/api/v1/games", data=body)
        assert made.status == 201, made.text()
        body = made.json()
        for i, hand in enumerate(hands):
            sent = self.page.request.post(
                f"{self.base}/api/v1/games/{body['id']}/rounds",
                headers={"X-Keeper-Key": body["keeper_key"]},
                data={"submission_id": f"{body['id']}-{i}", "sides": hand},
            )
            assert sent.status == 201, sent.text()
        return Game(body["id"], body["keeper_key"], body["keeper_url"])

    def group(self, games: list[tuple[list[str], list[list[dict]]]]) -> tuple[str, str, list[str]]:
        """A group with these games (names, hands): its id, its keeper link, and its players' ids."""
        made = self.page.request.post(f"{self.base}/api/v1/groups", data={"name": "Venerdì da Nonna"}).json()
        for names, hands in games:
            body = {"sides": [{"name": n} for n in names], "group": made["id"]}
            game = self.page.request.post(
                f"{self.base}/api/v1/games", data=body, headers={"X-Group-Key": made["group_key"]}
            ).json()
            for i, hand in enumerate(hands):
                sent = self.page.request.post(
                    f"{self.base}/api/v1/games/{game['id']}/rounds",
                    headers={"X-Keeper-Key": game["keeper_key"]},
                    data={"submission_id": f"{game['id']}-{i}", "sides": hand},
                )
                assert sent.status == 201, sent.text()
        players = self.page.request.get(f"{self.base}/api/v1/groups/{made['id']}").json()["players"]
        return made["id"], made["keeper_url"], [p["id"] for p in players]

    def event(self) -> tuple[str, str]:
        """An eight-player Swiss evening in its first round, two tables finished: its id and organiser link."""
        names = ["Anna", "Bruno", "Carla", "Dario", LONG, "Fabio", "Giulia", "Marco"]
        made = self.page.request.post(
            f"{self.base}/api/v1/events",
            data={
                "name": "Domenica di scopa",
                "players": names,
                "pairing": "swiss",
                "rounds": 3,
                "rules": {"target": 4},
            },
        ).json()
        key = {"X-Organiser-Key": made["organiser_key"]}
        played = self.page.request.post(f"{self.base}/api/v1/events/{made['id']}/rounds", headers=key).json()
        for i, table in enumerate(played["tables"][:2]):
            game = table["game"]
            sent = self.page.request.post(
                f"{self.base}/api/v1/games/{game['id']}/rounds",
                headers={"X-Keeper-Key": game["keeper_key"]},
                data={"submission_id": f"event-table-{i}", "sides": WIN},
            )
            assert sent.status == 201, sent.text()
        return made["id"], made["organiser_url"]

    def baraonda(self) -> str:
        """A baraonda of nine players (one sits out each round) on its day, weight 2, in its first round with one
        table finished: its id."""
        names = ["Anna", "Bruno", "Carla", "Dario", LONG, "Fabio", "Giulia", "Marco", "Nina"]
        made = self.page.request.post(
            f"{self.base}/api/v1/events",
            data={
                "name": "Baraonda",
                "players": names,
                "pairing": "baraonda",
                "table_size": 4,
                "weight": 2,
                "date": "2026-11-27",
                "rules": {"target": 4},
            },
        ).json()
        key = {"X-Organiser-Key": made["organiser_key"]}
        played = self.page.request.post(f"{self.base}/api/v1/events/{made['id']}/rounds", headers=key).json()
        game = played["tables"][0]["game"]
        sent = self.page.request.post(
            f"{self.base}/api/v1/games/{game['id']}/rounds",
            headers={"X-Keeper-Key": game["keeper_key"]},
            data={"submission_id": "baraonda-table-0", "sides": WIN},
        )
        assert sent.status == 201, sent.text()
        return str(made["id"])

    def finished_event(self) -> str:
        """A four-player evening of one round, both tables played and the round closed: the event is over.

        Anna's table ends 5-0 (a scopa more), Carla's 4-0: both winners have a match win, and the points difference
        separates them, which the standings say in words. Its id.
        """
        made = self.page.request.post(
            f"{self.base}/api/v1/events",
            data={
                "name": "Gran finale",
                "players": ["Anna", "Bruno", "Carla", "Dario"],
                "rounds": 1,
                "rules": {"target": 4},
            },
        ).json()
        key = {"X-Organiser-Key": made["organiser_key"]}
        played = self.page.request.post(f"{self.base}/api/v1/events/{made['id']}/rounds", headers=key).json()
        for i, table in enumerate(played["tables"]):
            game = table["game"]
            first = _tally(22, 7, True, 79, scopas=1 if i == 0 else 0)
            sent = self.page.request.post(
                f"{self.base}/api/v1/games/{game['id']}/rounds",
                headers={"X-Keeper-Key": game["keeper_key"]},
                data={"submission_id": f"final-table-{i}", "sides": [first, WIN[1]]},
            )
            assert sent.status == 201, sent.text()
        closed = self.page.request.post(f"{self.base}/api/v1/events/{made['id']}/rounds/1/close", headers=key)
        assert closed.ok, closed.text()
        return made["id"]

    def season_event(self, group: str, group_key: str, players: list[str]) -> str:
        """A finished one-round evening of ``players`` in ``group`` (every table to its first side, 4-0), played
        today: the group's season counts it. Its id."""
        made = self.page.request.post(
            f"{self.base}/api/v1/events",
            data={"name": "Gran finale", "players": players, "rounds": 1, "rules": {"target": 4}, "group": group},
            headers={"X-Group-Key": group_key},
        ).json()
        key = {"X-Organiser-Key": made["organiser_key"]}
        played = self.page.request.post(f"{self.base}/api/v1/events/{made['id']}/rounds", headers=key).json()
        for i, table in enumerate(played["tables"]):
            game = table["game"]
            sent = self.page.request.post(
                f"{self.base}/api/v1/games/{game['id']}/rounds",
                headers={"X-Keeper-Key": game["keeper_key"]},
                data={"submission_id": f"season-table-{i}", "sides": WIN},
            )
            assert sent.status == 201, sent.text()
        closed = self.page.request.post(f"{self.base}/api/v1/events/{made['id']}/rounds/1/close", headers=key)
        assert closed.ok, closed.text()
        return made["id"]

    def keep(self, game: Game) -> None:
        """Make this browser the game's keeper, as opening the keeper link does."""
        self.page.goto(game.keeper_url)

    def post(self, path: str, fields: dict[str, str | list[str]], token_from: str | None = None) -> None:
        """Send a form to ``path`` from the page at ``token_from`` (for its CSRF token), as a person's tap would.

        The browser shows the answer, so a 400 or a 409 page is left in view like after a real submission.
        """
        self.page.goto(self.base + (token_from or path))
        with self.page.expect_navigation():
            self.page.evaluate(
                """([action, fields]) => {
                    const form = document.createElement("form");
                    form.method = "post";
                    form.action = action;
                    const token = document.querySelector("input[name=csrf_token]");
                    const all = token ? [["csrf_token", token.value]] : [];
                    for (const [name, value] of Object.entries(fields)) {
                        for (const v of [].concat(value)) all.push([name, v]);
                    }
                    for (const [name, value] of all) {
                        const input = document.createElement("input");
                        input.type = "hidden"; input.name = name; input.value = value;
                        form.append(input);
                    }
                    document.body.append(form);
                    HTMLFormElement.prototype.submit.call(form);
                }""",
                [self.base + path, fields],
            )


COUNTS = {  # a complete quick-counts hand: Anna 22 cards, 7 coins, settebello, primiera 79 against 62
    "sides-0-cards": "22",
    "sides-0-coins": "7",
    "sides-0-primiera": "79",
    "sides-0-scopas": "1",
    "sides-1-cards": "18",
    "sides-1-coins": "3",
    "sides-1-primiera": "62",
    "sides-1-scopas": "0",
    "settebello": "0",
    "primiera_by": "values",
    "action": "check",
}


# A winners entry that gives one point (the settebello) and ties the rest: a game can take many.
ONE_POINT = {
    "won_cards": "tie",
    "won_coins": "tie",
    "won_settebello": "0",
    "won_primiera": "tie",
    "sides-0-scopas": "0",
    "sides-1-scopas": "0",
}

# Every category to the first side: 4-0, the hand that takes a game at 8-0 past its target of 11.
WON_ALL = {**ONE_POINT, "won_cards": "0", "won_coins": "0", "won_primiera": "0"}


def states(page, base: str) -> list[tuple[str, Callable[[], None]]]:
    """(name, go) for every page state; ``go()`` leaves the page showing that state.

    The games are made when this is called; ``go`` only navigates (and sends forms), so states can be visited in
    any order and more than once (in light and in dark, at several widths).
    """
    make = Builder(page, base)
    # The first visits made here, before any game is kept: the empty home page.
    live = make.game(["Anna", LONG], [WIN, SPLIT])
    tied = make.game(["Anna", "Bruno"], [SPLIT])
    finished = make.game(["Anna", "Bruno"], [WIN, WIN, WIN])
    team = make.game(
        ["Anna Maria Francesca & Carla Benedetta", "Bruno & Dario"],
        [WIN],
        players=[[LONG_TEAM[0], LONG_TEAM[2]], [LONG_TEAM[1], LONG_TEAM[3]]],
    )
    six = make.game(
        ["Anna & Dario", "Bruno & Elena", "Carla & Fabio"],
        [],
        players=[["Anna", "Dario"], ["Bruno", "Elena"], ["Carla", "Fabio"]],
    )
    viewer = make.game(["Giulia", "Marco"], [WIN])
    saving = make.game(["Anna", "Bruno"], [WIN])  # takes a one-point hand at each visit: the Undo offer
    alone6 = make.game(["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"], [])
    group, group_keeper, group_players = make.group(
        [
            (["Anna", "Bruno"], [WIN, WIN, WIN]),
            (["Bruno", "Carla"], [WIN, WIN, WIN]),
            (["Anna", "Carla"], [SPLIT]),
            (["Carla", "Anna"], [WIN, WIN, WIN]),
        ]
    )
    calling = make.game(["Anna", "Bruno"], [SPLIT], rules={"call_out": True, "napoleone": True})
    make.season_event(group, group_keeper.rsplit("/", 1)[1], ["Anna", "Bruno", "Carla", LONG])
    event, organiser_url = make.event()
    final = make.finished_event()
    baraonda = make.baraonda()
    clashing = make.game(["Anna", "Bruno"], [SPLIT])  # hand 1 saved by another phone while this one entered it
    # The entries under the 1.2 options: Cirulla (grande, piccola, knocks); a point per coin with the donna (winners
    # sent to counts or cards); three sides whose ties score a point each.
    cirulla = make.game(["Anna", LONG], [], rules={"profile": "cirulla"})
    coins = make.game(["Anna", "Bruno"], [], rules={"coin_points": True, "donna_di_denari": True})
    ties = make.game(["Anna", "Bruno", "Carla"], [], rules={"tie_points": "each"})
    g = f"/g/{live.id}"
    kept = False

    def keep_all() -> None:
        nonlocal kept
        if not kept:
            for game in (live, tied, finished, team, six, saving, calling, alone6, clashing, cirulla, coins, ties):
                make.keep(game)
            page.goto(organiser_url)  # this phone runs the event
            kept = True

    def visit(path: str, keeper: bool = True) -> Callable[[], None]:
        def go() -> None:
            if keeper:
                keep_all()
            page.goto(base + path)

        return go

    def send(path: str, fields: dict, token_from: str | None = None) -> Callable[[], None]:
        def go() -> None:
            keep_all()
            make.post(path, fields, token_from)

        return go

    def home_empty() -> None:
        page.context.clear_cookies()
        page.goto(base + "/")
        nonlocal kept
        kept = False

    def just_won() -> None:
        # A game one hand from its end, won by the hand this phone saves: the winner with Undo still offered.
        # A new game at each visit, since a finished game takes no more hands.
        keep_all()
        close = make.game(["Anna", "Bruno"], [WIN, WIN])
        make.keep(close)
        make.post(f"/g/{close.id}/won", WON_ALL, f"/g/{close.id}")

    def table_card() -> None:
        # A reusable table card's link opened on a table's phone: the game that table plays now, kept here.
        keep_all()
        page.goto(f"{base}/e/{event}/rounds/1/cards")
        links = page.locator(".card-link a").evaluate_all("links => links.map(a => a.href)")
        page.goto(links[-1])  # the last table has not played yet

    def group_keeper_page() -> None:
        # The group's page on the phone that keeps it (opened by its keeper link): its forms as well.
        page.goto(group_keeper)

    def season_points_error() -> None:
        # The keeper's points table refused (a place above the one before): the text kept, and why.
        page.goto(group_keeper)
        make.post(f"/groups/{group}/season", {"season_points": "25, 30"}, f"/groups/{group}/season")

    bad_counts = {**COUNTS, "sides-0-cards": "99", "sides-0-coins": "x"}
    # Bruno's pile tapped on the card grid, the rest Anna's, checked before saving: the grid filled in.
    piles = {**{f"c_{card}": "1" for card in BRUNO}, "sides-0-scopas": "0", "sides-1-scopas": "0", "action": "check"}
    # The second phone's entry of hand 1, refused because the first phone saved hand 1 meanwhile.
    other_entry = {**ONE_POINT, "hand": "1", "action": "save", "submission_id": "second-phone-entry"}
    return [
        ("home-empty", home_empty),
        ("home-games", visit("/")),
        ("new-game", visit("/new", keeper=False)),
        ("new-game-escoba", visit("/new?family=escoba", keeper=False)),
        ("new-game-cirulla", visit("/new?family=cirulla", keeper=False)),
        ("new-game-asso-piglia-tutto", visit("/new?profile=asso-piglia-tutto", keeper=False)),
        ("new-game-error", send("/new", {"players-0": "Anna", "profile": "classic"})),
        (
            "new-game-house-rule-error",
            send(
                "/new", {"players-0": "Anna", "players-1": "Bruno", "profile": "classic", "opt_ace_on_ace": "may_sweep"}
            ),
        ),
        ("scoreboard-keeper", visit(g)),
        ("scoreboard-teams", visit(f"/g/{team.id}")),
        ("scoreboard-six", visit(f"/g/{six.id}")),
        ("scoreboard-six-alone", visit(f"/g/{alone6.id}")),
        ("scoreboard-viewer", visit(f"/g/{viewer.id}")),
        ("scoreboard-finished", visit(f"/g/{finished.id}")),
        ("scoreboard-tied", visit(f"/g/{tied.id}")),
        ("scoreboard-call-out", visit(f"/g/{calling.id}?call=1")),
        ("event-new", visit("/events/new", keeper=False)),
        (
            "event-new-error",
            send(
                "/events/new",
                {
                    "name": "Night",
                    "players": "Anna\nanna",
                    "table_size": "2",
                    "pairing": "swiss",
                    "profile": "classic",
                    "win": "2",
                    "draw": "1",
                    "loss": "0",
                    "bye": "1",
                },
            ),
        ),
        ("event-organiser", visit(f"/e/{event}")),
        ("event-screen", visit(f"/e/{event}/screen")),
        ("event-cards", visit(f"/e/{event}/rounds/1/cards")),
        ("event-sheet", visit(f"/e/{event}/sheet")),
        ("event-table-card", table_card),
        ("event-final", visit(f"/e/{final}", keeper=False)),
        ("event-final-screen", visit(f"/e/{final}/screen", keeper=False)),
        ("event-final-sheet", visit(f"/e/{final}/sheet", keeper=False)),
        ("event-entrant", visit(f"/e/{event}/p/1", keeper=False)),
        ("event-entrant-final", visit(f"/e/{final}/p/2", keeper=False)),
        ("event-baraonda", visit(f"/e/{baraonda}", keeper=False)),
        ("event-baraonda-screen", visit(f"/e/{baraonda}/screen", keeper=False)),
        ("group-new", visit("/groups/new", keeper=False)),
        ("group", visit(f"/groups/{group}", keeper=False)),
        ("group-keeper", group_keeper_page),
        ("player-stats", visit(f"/groups/{group}/players/{group_players[0]}", keeper=False)),
        ("head-to-head", visit(f"/groups/{group}/h2h?a={group_players[0]}&b={group_players[1]}", keeper=False)),
        ("season", visit(f"/groups/{group}/season", keeper=False)),
        ("season-days-error", visit(f"/groups/{group}/season?from=2026-02-30", keeper=False)),
        ("season-points-error", season_points_error),
        ("season-sheet", visit(f"/groups/{group}/season/sheet", keeper=False)),
        ("ladder", visit(f"/groups/{group}/ladder", keeper=False)),
        ("counts-call-out", visit(f"/g/{calling.id}/counts?call=0")),
        ("winners-error", send(f"{g}/won", {"won_cards": "0"}, g)),
        ("just-saved", send(f"/g/{saving.id}/won", ONE_POINT, f"/g/{saving.id}")),
        ("just-won", just_won),
        ("same-hand", send(f"/g/{clashing.id}/won", other_entry, f"/g/{clashing.id}")),
        ("edit-by-winners", visit(f"{g}/hands/1/edit?as=won")),
        ("edit-by-counts", visit(f"{g}/hands/1/edit?as=counts")),
        ("stop-keeping", visit(f"{g}/forget")),
        ("hand-piles", visit(f"{g}/hand")),
        ("hand-piles-six", visit(f"/g/{six.id}/hand")),
        ("hand-piles-preview", send(f"{g}/hand", piles)),
        ("hand-counts", visit(f"{g}/counts")),
        ("hand-preview", send(f"{g}/counts", COUNTS)),
        ("hand-error", send(f"{g}/counts", bad_counts)),
        ("winners-cirulla", visit(f"/g/{cirulla.id}")),
        ("winners-cirulla-error", send(f"/g/{cirulla.id}/won", {**WON_ALL, "sides-1-knocks": "4"}, f"/g/{cirulla.id}")),
        ("counts-cirulla", visit(f"/g/{cirulla.id}/counts")),
        ("piles-cirulla", visit(f"/g/{cirulla.id}/hand")),
        ("winners-coin-points", visit(f"/g/{coins.id}")),
        ("counts-donna-coin-points", visit(f"/g/{coins.id}/counts")),
        ("winners-ties-each", visit(f"/g/{ties.id}")),
        ("hand-detail", visit(f"{g}/hands/1")),
        ("all-hands", visit(f"{g}/hands")),
        ("delete-confirm", visit(f"{g}/hands/1/delete")),
        ("conflict", send(f"{g}/hands/1/delete", {"version": "987654", "round_id": "gone"}, f"{g}/hands/1/delete")),
        ("checker-empty", visit("/check", keeper=False)),
        ("checker-plays", visit("/check?table=4s,3b,7c,1d&hand=7d,5c,1b", keeper=False)),
        ("checker-judged", visit("/check?table=4s,3b,7c,1d&hand=7d,5c,1b&play=7d&take=4s,3b", keeper=False)),
        ("checker-error", visit("/check?table=7d,zz&hand=7d", keeper=False)),
        # The sister games: an Escoba table (a barred trail judged, last deal asked) and Cirulla's deal check.
        (
            "checker-escoba",
            visit("/check?profile=escoba&scopa_in_last_deal=false&table=7d,4c,3s&hand=8d,2b&play=2b", keeper=False),
        ),
        ("checker-cirulla-deal", visit("/check?profile=cirulla&table=7c,2d,3s,1b&deal=1", keeper=False)),
        ("game-checker", visit(f"{g}/check")),
        ("score-sheet", visit(f"{g}/sheet")),
        ("pads", visit("/pads", keeper=False)),
        ("pad-2", visit("/pads/2", keeper=False)),
        ("pad-6", visit("/pads/6?profile=classic", keeper=False)),
        ("offline", visit("/offline", keeper=False)),
        ("not-found", visit("/g/no-such-game", keeper=False)),
        ("not-allowed", visit(f"/g/{viewer.id}/hand")),  # a hand form on a phone that only follows the game
        ("no-such-hand", visit(f"{g}/hands/99")),
    ]
