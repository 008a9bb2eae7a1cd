"""The hand forms (``scorekeeper.web.game.forms``) on their own: posted fields in, a ``HandEntry`` out, and bad input
refused with the field named, everything typed kept.

Each form is built from posted fields inside a test request context (Flask-WTF needs one); no request reaches the
app. The scoring of the entries is the core's (tests/test_ledger.py); here only what the forms read is checked.
"""

import pytest
from werkzeug.datastructures import MultiDict

from scorekeeper.rules import DECK, InvalidRoundError, Rules
from scorekeeper.rules.scoring import Tally
from scorekeeper.web.game.forms import CountsForm, DeleteForm, PilesForm, ScopaForm, WonForm, form_field

TWO = ["Anna", "Bruno"]
THREE = ["Anna", "Bruno", "Carla"]


@pytest.fixture
def posted(app):
    """A factory: ``posted(FormClass, names, fields, **kwargs)`` is the form as a phone posted ``fields`` (None: the
    form as a page first shows it, nothing posted)."""
    with app.test_request_context(method="POST"):
        yield lambda form, names, fields, **kw: form(
            names, None if fields is None else MultiDict(fields), meta={"csrf": False}, **kw
        )


def errors(form) -> dict[str, list[str]]:
    """Each field's messages, by field name (sub-forms flattened: ``sides-0-cards``)."""
    return {f.name: [str(e) for e in f.errors] for f in form.fields() if f.errors}


# --- By counts -----------------------------------------------------------------------------------------------------


def test_counts_become_each_sides_tally_and_an_empty_side_gets_the_rest(posted):
    form = posted(
        CountsForm,
        TWO,
        {"sides-0-cards": "22", "sides-0-coins": "6", "sides-1-scopas": "2", "settebello": "0", "primiera_by": "0"},
    )
    assert form.validate(), errors(form)
    anna, bruno = form.entry(Rules()).sides
    assert anna.tally == Tally(22, 6, True, primiera_won=True) and anna.scopas == 0
    # Bruno's cards and coins were left empty: he has the rest of the deck's 40 cards and 10 coins.
    assert bruno.tally == Tally(18, 4, False, primiera_won=False) and bruno.scopas == 2


def test_counts_with_primiera_values_typed_let_the_values_decide(posted):
    form = posted(
        CountsForm,
        TWO,
        {
            "sides-0-cards": "22",
            "sides-0-coins": "6",
            "sides-0-primiera": "78",
            "sides-1-primiera": "75",
            "settebello": "1",
        },
    )
    assert form.validate(), errors(form)
    anna, bruno = form.entry(Rules()).sides
    assert (anna.tally.primiera, bruno.tally.primiera) == (78, 75)
    assert anna.tally.primiera_won is None and bruno.tally.settebello is True


def test_counts_with_the_primiera_tied_give_it_to_nobody(posted):
    form = posted(
        CountsForm, TWO, {"sides-0-cards": "20", "sides-0-coins": "5", "settebello": "0", "primiera_by": "none"}
    )
    assert form.validate(), errors(form)
    assert [s.tally.primiera_won for s in form.entry(Rules()).sides] == [False, False]


def test_counts_with_two_sides_left_empty_ask_for_the_first_of_them(posted):
    form = posted(
        CountsForm,
        THREE,
        {
            "sides-0-cards": "14",
            "sides-0-coins": "4",
            "sides-1-coins": "3",
            "sides-2-coins": "3",
            "settebello": "0",
            "primiera_by": "0",
        },
    )
    assert form.validate(), errors(form)
    with pytest.raises(InvalidRoundError) as err:
        form.entry(Rules())
    assert err.value.field == "sides[1].tally.cards" and "fill in the cards of every side" in str(err.value)
    form.place_error(err.value)
    assert list(errors(form)) == ["sides-1-cards"]
    assert form.first_error().startswith("Fill in the cards of every side")


def test_counts_that_do_not_say_who_won_the_primiera_ask_for_it(posted):
    form = posted(CountsForm, TWO, {"sides-0-cards": "22", "sides-0-coins": "6", "settebello": "0"})
    assert form.validate(), errors(form)
    with pytest.raises(InvalidRoundError) as err:
        form.entry(Rules())
    assert err.value.field == "primiera_by" and form_field(err.value.field) == "primiera_by"


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("sides-0-cards", "41", "cards must be a whole number from 0 to 40"),
        ("sides-0-cards", "²", "cards must be a whole number from 0 to 40"),
        ("sides-1-coins", "9" * 5000, "coins must be a whole number from 0 to 10"),
        ("sides-1-scopas", "-1", "scopas must be a whole number from 0 to"),
        ("settebello", "7", "choose who took the settebello"),
        ("primiera_by", "nobody-at-all", "choose who the primiera goes to"),
    ],
)
def test_counts_refuse_a_bad_value_beside_its_field_and_keep_what_was_typed(posted, field, value, message):
    fields = {"sides-0-cards": "22", "sides-0-coins": "6", "settebello": "0", "primiera_by": "0", field: value}
    form = posted(CountsForm, TWO, fields)
    assert not form.validate()
    assert list(errors(form)) == [field] and errors(form)[field][0].startswith(message)
    # The page shows the message and the form again with everything typed (short enough to show) as typed.
    assert form.first_error() is not None
    if len(value) < 10:
        assert form.values()[field] == value


def test_the_napola_is_read_only_when_the_game_plays_it(posted):
    fields = {"sides-0-cards": "22", "sides-0-coins": "8", "sides-0-napola": "5", "settebello": "0", "primiera_by": "0"}
    form = posted(CountsForm, TWO, fields)
    assert form.validate(), errors(form)
    assert form.entry(Rules(napola=True)).sides[0].tally.napola == 5
    assert form.entry(Rules()).sides[0].tally.napola == 0


def test_a_stored_hand_shown_for_correction_posts_back_to_the_same_hand(posted):
    first = posted(
        CountsForm,
        TWO,
        {"sides-0-cards": "22", "sides-0-coins": "6", "sides-0-scopas": "1", "settebello": "0", "primiera_by": "1"},
    )
    assert first.validate(), errors(first)
    entry = first.entry(Rules())
    shown = posted(CountsForm, TWO, None)
    shown.show(entry)
    again = posted(CountsForm, TWO, shown.values())
    assert again.validate(), errors(again)
    assert again.entry(Rules()) == entry


# --- By winners ----------------------------------------------------------------------------------------------------


def test_winners_rows_become_the_categories_each_side_won(posted):
    form = posted(
        WonForm,
        TWO,
        {"won_cards": "0", "won_coins": "tie", "won_settebello": "1", "won_primiera": "0", "sides-1-scopas": "1"},
        rules=Rules(),
    )
    assert form.validate(), errors(form)
    anna, bruno = form.entry().sides
    assert anna.won == {"cards", "primiera"} and bruno.won == {"settebello"} and bruno.scopas == 1


def test_winners_ask_only_the_rows_the_rules_play(posted):
    plain = posted(WonForm, TWO, {}, rules=Rules())
    assert [f.name for f in plain.rows()] == ["won_cards", "won_coins", "won_settebello", "won_primiera"]
    assert "napola" not in plain and "won_re_bello" not in plain
    extras = posted(WonForm, TWO, {}, rules=Rules(napola=True, re_bello=True))
    assert "won_re_bello" in [f.name for f in extras.rows()] and "napola" in extras


def test_the_settebello_row_offers_no_tie(posted):
    form = posted(WonForm, TWO, {}, rules=Rules())
    assert [c.value for c in form.row("settebello").choices] == ["0", "1"]
    assert [c.value for c in form.row("cards").choices] == ["0", "1", "tie"]


def test_a_forgotten_row_is_named_never_a_silent_tie(posted):
    form = posted(WonForm, TWO, {"won_cards": "0", "won_coins": "1", "won_settebello": "1"}, rules=Rules())
    assert not form.validate()
    assert errors(form) == {"won_primiera": ["primiera: tap who won it, or Tie"]}
    several = posted(WonForm, TWO, {"won_cards": "0", "won_settebello": "1"}, rules=Rules())
    assert not several.validate()
    assert "answer every row: coins and primiera are not answered" in str(several.error)


def test_a_row_naming_two_sides_gives_it_to_neither(posted):
    fields = MultiDict(
        [("won_cards", "0"), ("won_cards", "1"), ("won_coins", "0"), ("won_settebello", "0"), ("won_primiera", "tie")]
    )
    form = posted(WonForm, TWO, fields, rules=Rules())
    assert not form.validate()
    assert errors(form)["won_cards"] == ["cards: tap only one side, or Tie"]


def test_the_napola_holder_and_points_are_read_together(posted):
    fields = {
        "won_cards": "0",
        "won_coins": "0",
        "won_settebello": "0",
        "won_primiera": "0",
        "napola": "0",
        "napola_points": "5",
    }
    form = posted(WonForm, TWO, fields, rules=Rules(napola=True))
    assert form.validate(), errors(form)
    assert [s.napola for s in form.entry().sides] == [5, 0]
    missing = posted(WonForm, TWO, {**fields, "napola_points": "2"}, rules=Rules(napola=True))
    assert not missing.validate()
    assert errors(missing)["napola_points"] == ["napola: tap its points (3 to 10)"]


# --- By piles ------------------------------------------------------------------------------------------------------


def test_piles_give_each_card_to_the_side_it_went_to(posted):
    anna = {"7d", "1d", "2d"}
    fields = {f"c_{c}": "0" if str(c) in anna else "1" for c in DECK} | {"sides-0-scopas": "1"}
    entry = posted(PilesForm, TWO, fields).entry()
    assert {str(c) for c in entry.sides[0].pile} == anna and len(entry.sides[1].pile) == 37
    assert entry.sides[0].scopas == 1 and entry.kind == "piles"


def test_piles_of_three_with_cards_not_given_ask_where_they_go(posted):
    form = posted(PilesForm, THREE, {"c_7d": "0", "c_1c": "1", "c_2c": "2"})
    with pytest.raises(InvalidRoundError) as err:
        form.entry()
    assert err.value.field == "rest" and "37 cards not given" in str(err.value)
    saved_short = posted(PilesForm, THREE, {"c_7d": "0", "c_1c": "1", "c_2c": "2", "rest": "missing"}).entry()
    assert [len(s.pile) for s in saved_short.sides] == [1, 1, 1]


def test_a_card_given_to_no_such_side_is_refused_beside_that_card(posted):
    form = posted(PilesForm, TWO, {"c_7d": "5"})
    assert not form.validate()
    assert errors(form) == {"c_7d": ["7d was given to an unknown side"]}


def test_a_core_error_about_a_card_of_a_pile_lands_on_that_cards_cell(posted):
    entry = posted(PilesForm, TWO, {"c_7d": "0", "c_5c": "0", "rest": "1"}).entry()
    # sides[0].pile[1] is Anna's second card in deck order.
    assert form_field("sides[0].pile[1]", entry) == f"c_{entry.sides[0].pile[1]}"
    assert form_field("sides[1].tally.coins") == "sides-1-coins" and form_field("sides") is None
    assert form_field("sides[0].tally.settebello") == "settebello"


# --- What every hand form carries ----------------------------------------------------------------------------------


def test_fields_of_sides_the_game_does_not_have_are_dropped(posted):
    form = posted(CountsForm, TWO, {"sides-0-cards": "22", "sides-9-cards": "5", "sides-²-cards": "1"})
    assert len(form.sides) == 2 and "sides-9-cards" not in form.values()


def test_the_side_that_called_out_is_read_only_when_it_names_a_side(posted):
    assert posted(CountsForm, TWO, {"call_out": "1"}).called() == 1
    assert posted(CountsForm, TWO, {"call_out": "2"}).called() is None
    assert posted(CountsForm, TWO, {"call_out": "x"}).called() is None
    # A called hand may stop before the settebello is taken: the form offers "Nobody yet".
    called = posted(CountsForm, TWO, {"call_out": "0"})
    assert "none" in [c.value for c in called.settebello.choices]
    assert "none" not in [c.value for c in posted(CountsForm, TWO, {}).settebello.choices]


def test_a_damaged_list_of_scopas_shown_is_refused(posted):
    form = posted(CountsForm, TWO, {"scopas_shown": "1,x"})
    assert not form.validate() and errors(form)["scopas_shown"] == ["this form is damaged; open the hand form again"]
    assert posted(CountsForm, TWO, {"scopas_shown": "1,0"}).scopas_shown.data == (1, 0)


# --- The small action forms ----------------------------------------------------------------------------------------


def test_a_scopa_mark_must_say_add_or_take_back(app):
    with app.test_request_context(method="POST"):
        assert ScopaForm(MultiDict({"side": "1", "change": "-1"}), meta={"csrf": False}).validate()
        unsaid = ScopaForm(MultiDict({"side": "1"}), meta={"csrf": False})
        assert not unsaid.validate() and unsaid.change.errors
        assert not ScopaForm(MultiDict({"side": "9", "change": "1"}), meta={"csrf": False}).validate()


def test_a_delete_names_the_version_it_saw(app):
    with app.test_request_context(method="POST"):
        form = DeleteForm(MultiDict({"version": "12", "round_id": "r1"}), meta={"csrf": False})
        assert form.validate() and form.version.data == 12 and form.round_id.data == "r1"
        assert not DeleteForm(MultiDict({"version": "v12"}), meta={"csrf": False}).validate()
