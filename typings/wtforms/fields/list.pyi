from collections.abc import Iterator, Sequence
from typing import Any, Generic, TypeVar

from wtforms.fields.core import Field
from wtforms.validators import _Validator

# Covariant so that a form declaring FieldList[FormField[Base]] may be given one of a subclass's sub-forms.
_T = TypeVar("_T", bound=Field, covariant=True)

class FieldList(Field, Generic[_T]):
    """A list of the same field, one entry per index submitted (``sides-0-``, ``sides-1-`` ...)."""

    entries: list[_T]
    def __init__(
        self,
        unbound_field: _T,
        label: object | None = None,
        validators: Sequence[_Validator] | None = None,
        min_entries: int = 0,
        max_entries: int | None = None,
        separator: str = "-",
        default: Any = (),
        **kwargs: Any,
    ) -> None: ...
    def __iter__(self) -> Iterator[_T]: ...
    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> _T: ...
    def append_entry(self, data: Any = ...) -> _T: ...
