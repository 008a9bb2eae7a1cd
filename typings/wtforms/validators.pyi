from collections.abc import Callable

from wtforms.fields.core import Field
from wtforms.form import BaseForm

# A validator (a stub-only name): called with the form and the field, it raises ValidationError to refuse.
_Validator = Callable[[BaseForm, Field], object]

class ValidationError(ValueError):
    def __init__(self, message: object = "", *args: object) -> None: ...

class NumberRange:
    def __init__(self, min: float | None = None, max: float | None = None, message: object | None = None) -> None: ...
    def __call__(self, form: BaseForm, field: Field) -> None: ...

class Optional:
    def __init__(self, strip_whitespace: bool = True) -> None: ...
    def __call__(self, form: BaseForm, field: Field) -> None: ...
