"""Every message of the code and the templates is in every catalogue, translated, with the same placeholders.

The messages are extracted from the sources exactly as ``make messages`` does (``babel.cfg``), so a sentence added
anywhere without its translation fails here, as does a translation that drops or renames a placeholder, an entry
marked fuzzy, or an Italian or Spanish entry left in English.
"""

from __future__ import annotations

import os
import re
from configparser import RawConfigParser
from html.parser import HTMLParser

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po

from scorekeeper.web.common.i18n import TRANSLATIONS, catalogue_languages

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|%%")
# Words an Italian table says as they are: the game's own words, names and symbols. An Italian entry may equal its
# English id only when every word of it is one of these (or it has no words at all).
SAME_IN_ITALIAN = {
    "baraonda",
    "scopa",
    "scope",
    "scopone",
    "scientifico",
    "settebello",
    "primiera",
    "napola",
    "napoleone",
    "re",
    "bello",
    "asso",
    "piglia",
    "tutto",
    "assi",
    # The donna di denari and Cirulla's grande are Italian names in every language.
    "donna",
    "grande",
    # The sister games' names are their own in every language, and so are their words: Escoba's siete de oros,
    # setenta and escobas ("Escoba de quince"), Cirulla's piccola.
    "escoba",
    "cirulla",
    "escobas",
    "siete",
    "oros",
    "setenta",
    "quince",
    "piccola",
    "denari",
    "coppe",
    "spade",
    "bastoni",
    "fante",
    "cavallo",
    "english",
    "italiano",
    "csv",
    "qr",
    "ok",
    "no",
    "di",
    "a",
    "e",
    "o",
    "s",
    "d",
    "c",
    "b",
    "n",
    "x",
    "vs",
    "min",
    "max",
    "buchholz",
    "bh",
}
# The same for a Spanish table: the Italian game's words (Scopa is played with its Italian names), and the Spanish
# words that English writes alike.
SAME_IN_SPANISH = {
    "baraonda",
    "scopa",
    "scopas",
    "scopone",
    "scientifico",
    "settebello",
    "primiera",
    "napola",
    "napoleone",
    "bello",
    "asso",
    "piglia",
    "tutto",
    "assi",
    "fante",
    "cavallo",
    # The donna di denari and Cirulla's grande are Italian names in every language.
    "donna",
    "denari",
    "grande",
    # The sister games' names are their own in every language, and so are their words: Escoba's siete de oros,
    # setenta and escobas ("Escoba de quince"), Cirulla's piccola.
    "escoba",
    "cirulla",
    "escobas",
    "siete",
    "oros",
    "setenta",
    "quince",
    "piccola",
    "total",
    "pts",
    "csv",
    "buchholz",
}
SAME_AS_ENGLISH = {"it": SAME_IN_ITALIAN, "es": SAME_IN_SPANISH}


def _extraction() -> tuple[dict[str, str], dict[str, str]]:
    """The babel.cfg settings: the method and the keywords for each source pattern."""
    parser = RawConfigParser()
    parser.read(os.path.join(ROOT, "babel.cfg"))
    methods, keywords = {}, {}
    for section in parser.sections():
        method, pattern = (part.strip() for part in section.split(":", 1))
        methods[pattern] = method
        if parser.has_option(section, "keywords"):
            keywords[pattern] = parser.get(section, "keywords")
    return methods, keywords


def _keyword_spec(text: str) -> dict[str, tuple]:
    spec: dict[str, tuple] = {}
    for item in text.split():
        name, _, args = item.partition(":")
        if not args:
            spec[name] = (1,)
            continue
        parts = []
        for arg in args.split(","):
            parts.append((int(arg[:-1]), "c") if arg.endswith("c") else int(arg))
        spec[name] = tuple(parts)
    return spec


def extracted() -> dict[tuple[str | None, str], tuple[str, ...]]:
    """Every message in the sources: (context, id) -> its forms, with where it was found."""
    methods, keywords = _extraction()
    found: dict[tuple[str | None, str], tuple[str, ...]] = {}
    for pattern, method in methods.items():
        spec = _keyword_spec(keywords[pattern]) if pattern in keywords else DEFAULT_KEYWORDS
        for filename, _line, message, _comments, context in extract_from_dir(
            ROOT, [(pattern, method)], keywords=spec, strip_comment_tags=True
        ):
            forms = message if isinstance(message, tuple) else (message,)
            if forms[0]:
                found[(context, forms[0])] = (*forms, filename)
    return found


MESSAGES = extracted()
LANGUAGES = [code for code in catalogue_languages() if code != "en"]


def _catalog(code: str):
    with open(os.path.join(TRANSLATIONS, code, "LC_MESSAGES", "messages.po"), "rb") as f:
        return read_po(f, locale=code)


def test_the_sources_have_messages_and_italian_and_spanish_are_offered():
    """The extraction finds the app's words (a broken babel.cfg would find none and pass everything)."""
    ids = {key[1] for key in MESSAGES}
    assert "Scopa Scorekeeper" in ids
    assert len(MESSAGES) > 500
    assert "it" in LANGUAGES and "es" in LANGUAGES


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_message_is_translated(code):
    catalog = _catalog(code)
    missing, empty, fuzzy, placeholders, english = [], [], [], [], []
    for (context, message_id), forms in MESSAGES.items():
        where = forms[-1]
        entry = catalog.get(message_id, context)
        if entry is None:
            missing.append(f"{where}: {message_id!r}")
            continue
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if not all(strings):
            empty.append(f"{where}: {message_id!r}")
            continue
        if entry.fuzzy:
            fuzzy.append(f"{where}: {message_id!r}")
        wanted = set(PLACEHOLDER.findall(message_id)) | (
            set(PLACEHOLDER.findall(forms[1])) if len(forms) > 2 else set()
        )
        for string in strings:
            got = set(PLACEHOLDER.findall(string))
            # A singular form may leave out the count ("una scopa" for "%(n)s scopa").
            if got - wanted or (wanted - got - {"n", "num"}):
                placeholders.append(f"{where}: {message_id!r} -> {string!r}")
        if code in SAME_AS_ENGLISH and strings[0] == message_id:
            # A placeholder is no word; a mark of one or two letters ("Ca", "T") is an abbreviation, not English.
            words = {w for w in re.findall(r"[^\W\d_]+", PLACEHOLDER.sub(" ", message_id).lower()) if len(w) > 2}
            if words - SAME_AS_ENGLISH[code]:
                english.append(f"{where}: {message_id!r}")
    problems = {
        "missing from the catalogue (run make messages, then translate)": missing,
        "not translated": empty,
        "marked fuzzy (check the translation, then remove the fuzzy flag)": fuzzy,
        "with other placeholders than the English": placeholders,
        "left in English": english,
    }
    report = [f"{len(items)} {what}:\n  " + "\n  ".join(items[:40]) for what, items in problems.items() if items]
    assert not report, f"{code} catalogue:\n" + "\n".join(report)


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_leftover_entries(code):
    """A catalogue holds only messages the app still uses (stale entries hide a message that lost its words)."""
    catalog = _catalog(code)
    stale = [m.id for m in catalog if m.id and (m.context, m.id if isinstance(m.id, str) else m.id[0]) not in MESSAGES]
    assert not stale, f"{code} catalogue has entries the sources no longer use (run make messages): {stale[:20]}"


# Attributes a person reads or hears (a screen reader says aria-label and title; placeholder and alt show).
READ_ATTRIBUTES = {"title", "alt", "placeholder", "aria-label", "aria-description", "aria-roledescription"}
JINJA = re.compile(r"\{#.*?#\}|\{%.*?%\}|\{\{.*?\}\}", re.S)
# Blocks that hold names for the code, not words: a body class, the id of the form the language switch carries.
CODE_BLOCKS = re.compile(r"\{%\s*block\s+(body_class|carry|carry_get)\s*%\}.*?\{%\s*endblock\s*%\}", re.S)
# Written the same in every language: the game's name and the formats' names.
SAME_EVERYWHERE = {"Scopa", "CSV", "JSON"}
ENTITY = re.compile(r"&#?\w+;")


class _Words(HTMLParser):
    """The words a template shows outside ``_()``: its text and the attributes that are read."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.words: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        for name, value in attrs:
            if name in READ_ATTRIBUTES and value:
                self.words += re.findall(r"[A-Za-z]{2,}", ENTITY.sub(" ", value))

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.words += re.findall(r"[A-Za-z]{2,}", ENTITY.sub(" ", data))


TEMPLATE_NAMES = sorted(
    os.path.relpath(os.path.join(folder, f), os.path.join(ROOT, "templates"))
    for folder, _dirs, files in os.walk(os.path.join(ROOT, "templates"))
    for f in files
    if f.endswith(".html")
)


@pytest.mark.parametrize("name", TEMPLATE_NAMES)
def test_templates_have_no_bare_words(name):
    """Every word a template shows goes through the catalogue: none is left outside ``{{ _("...") }}``."""
    with open(os.path.join(ROOT, "templates", name), encoding="utf-8") as f:
        source = f.read()
    parser = _Words()
    # Each Jinja tag becomes a placeholder: an attribute built by a tag still parses as one attribute.
    parser.feed(JINJA.sub("0", CODE_BLOCKS.sub("", source)))
    parser.words = [w for w in parser.words if w not in SAME_EVERYWHERE]
    assert not parser.words, f"{name} shows words outside the catalogue: {sorted(set(parser.words))}"
