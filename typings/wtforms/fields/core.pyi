from collections.abc import Callable, Sequence
from typing import Any, Self

from wtforms.form import BaseForm
from wtforms.validators import _Validator

# The label, description and messages a field is given: text, or text translated when it is shown (LazyString).
_Text = object

class Label:
    field_id: str
    text: _Text

class Field:
    name: str
    short_name: str
    id: str
    label: Label
    description: _Text
    default: Any
    # Whatever the field's processing made of the submission or of its default (each field class narrows it).
    data: Any
    # The values as submitted, before processing; None when the form was not given this field.
    raw_data: list[Any] | None
    # Messages beside the field: WTForms' own, and the core's (str or Msg) that the app places there.
    errors: list[object]
    invalid_value_message: _Text
    render_kw: dict[str, Any] | None
    # Declared on a form class, a field is an unbound field that the form binds per instance; see typings/README.md.
    def __new__(cls, *args: Any, **kwargs: Any) -> Self: ...
    def __init__(
        self,
        label: _Text | None = None,
        validators: Sequence[_Validator] | None = None,
        filters: Sequence[Callable[[Any], Any]] = (),
        description: _Text = "",
        id: str | None = None,
        default: object = None,
        invalid_value_message: _Text | None = None,
        widget: Callable[..., Any] | None = None,
        render_kw: dict[str, Any] | None = None,
        name: str | None = None,
        datalist: Sequence[str] | None = None,
    ) -> None: ...
    def __call__(self, **kwargs: Any) -> str: ...
    def process_formdata(self, valuelist: list[Any]) -> None: ...
    def validate(self, form: BaseForm, extra_validators: Sequence[_Validator] = ()) -> bool: ...
