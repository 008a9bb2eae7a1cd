from collections.abc import Sequence
from typing import Any

from wtforms.fields.core import Field
from wtforms.validators import _Validator

class IntegerField(Field):
    data: int | None
    def _value(self) -> str: ...
    def __init__(
        self,
        label: object | None = None,
        validators: Sequence[_Validator] | None = None,
        invalid_value_message: object | None = None,
        **kwargs: Any,
    ) -> None: ...
