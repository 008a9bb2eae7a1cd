from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from wtforms.fields.core import Field
from wtforms.validators import _Validator

@dataclass
class SelectChoice:
    """One choice of a menu or a row of radio buttons (new in WTForms 3.3)."""

    value: str
    label: object = None
    render_kw: dict[str, Any] = field(default_factory=dict)
    optgroup: str | None = None

class SelectFieldBase(Field):
    choices: list[SelectChoice]

class SelectField(SelectFieldBase):
    # The chosen value as ``coerce`` made it (text for the app's menus, an option value for the checker's).
    data: Any
    def __init__(
        self,
        label: object | None = None,
        validators: Sequence[_Validator] | None = None,
        coerce: Callable[[Any], Any] = ...,
        choices: Sequence[SelectChoice] | None = None,
        validate_choice: bool = True,
        invalid_value_message: object | None = None,
        invalid_choice_message: object | None = None,
        **kwargs: Any,
    ) -> None: ...

class RadioField(SelectField): ...
