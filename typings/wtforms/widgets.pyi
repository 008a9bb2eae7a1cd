from typing import Any

from wtforms.fields.core import Field

class HiddenInput:
    def __init__(self, *args: Any, **kwargs: Any) -> None: ...
    def __call__(self, field: Field, **kwargs: Any) -> str: ...
