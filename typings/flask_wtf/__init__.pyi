# Flask-WTF 1.3: the names the app uses (see typings/README.md).
from typing import Any

from wtforms import Form
from wtforms.form import _FormData

class FlaskForm(Form):
    class Meta:
        csrf: bool

    # Without formdata, the request's form (or files) when the request is a submission, else none.
    def __init__(self, formdata: _FormData | None = ..., **kwargs: Any) -> None: ...
    def is_submitted(self) -> bool: ...
    def validate_on_submit(self, extra_validators: dict[str, Any] | None = None) -> bool: ...
