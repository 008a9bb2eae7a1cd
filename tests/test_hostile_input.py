"""Input no phone sends but a stranger can: every one is a clear 4xx or a safe redirect, never a 500."""

import pytest

from app import create_app


@pytest.fixture
def client(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite3"), "WTF_CSRF_ENABLED": False})
    return app.test_client()


@pytest.mark.parametrize("next_", ["/g/abc\r\nSet-Cookie: keeper=stolen", "/\r\n", "/g/x\nLocation: //evil.example",
                                   "/\x00", "/" + "a" * 5000])  # fmt: skip
def test_the_language_switch_never_sends_a_header_split_by_its_next_address(client, next_):
    answer = client.post("/language", data={"lang": "it", "next": next_})
    assert answer.status_code == 303
    assert answer.headers["Location"] == "/"
    assert "stolen" not in answer.headers.get("Set-Cookie", "")


def test_the_language_switch_still_goes_back_to_the_page_it_came_from(client):
    answer = client.post("/language", data={"lang": "it", "next": "/check?hand=7d&lang=en"})
    assert answer.status_code == 303 and answer.headers["Location"] == "/check?hand=7d"
