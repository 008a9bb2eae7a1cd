from collections.abc import Sequence
from typing import Any

from wtforms.fields.core import Field
from wtforms.validators import _Validator

class StringField(Field):
    data: str | None
    def _value(self) -> str: ...

class HiddenField(StringField): ...
class TextAreaField(StringField): ...

class BooleanField(Field):
    data: bool
    def _value(self) -> str: ...
    def __init__(
        self,
        label: object | None = None,
        validators: Sequence[_Validator] | None = None,
        false_values: tuple[Any, ...] | None = None,
        **kwargs: Any,
    ) -> None: ...
