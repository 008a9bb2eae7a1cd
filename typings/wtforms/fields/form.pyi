from collections.abc import Iterator, Sequence
from typing import Any, Generic, TypeVar

from wtforms.fields.core import Field
from wtforms.form import BaseForm
from wtforms.validators import _Validator

# Covariant so that a form declaring FieldList[FormField[Base]] may be given one of a subclass's sub-forms.
_F = TypeVar("_F", bound=BaseForm, covariant=True)

class FormField(Field, Generic[_F]):
    """A form inside a form; ``.form`` is the sub-form (bound fields of its own)."""

    form: _F
    def __init__(
        self,
        form_class: type[_F],
        label: object | None = None,
        validators: Sequence[_Validator] | None = None,
        separator: str = "-",
        **kwargs: Any,
    ) -> None: ...
    def __iter__(self) -> Iterator[Field]: ...
    def __getitem__(self, name: str) -> Field: ...
