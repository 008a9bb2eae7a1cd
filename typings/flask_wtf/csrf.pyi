from collections.abc import Callable
from typing import Any, TypeVar

from flask import Blueprint, Flask
from werkzeug.exceptions import BadRequest

_V = TypeVar("_V", bound=Blueprint | Callable[..., Any] | str)

class CSRFError(BadRequest): ...

class CSRFProtect:
    def __init__(self, app: Flask | None = None) -> None: ...
    def init_app(self, app: Flask) -> None: ...
    # A view, a blueprint or an endpoint's name whose requests need no CSRF token; given back unchanged.
    def exempt(self, view: _V) -> _V: ...

# The request's CSRF token (the one ``csrf_token()`` gives templates), made and kept in the session when missing.
def generate_csrf(secret_key: str | None = None, token_key: str | None = None) -> str: ...
