# WTForms 3.3: the names the app uses (see typings/README.md).
from wtforms.fields.choices import RadioField as RadioField
from wtforms.fields.choices import SelectField as SelectField
from wtforms.fields.core import Field as Field
from wtforms.fields.form import FormField as FormField
from wtforms.fields.list import FieldList as FieldList
from wtforms.fields.numeric import IntegerField as IntegerField
from wtforms.fields.simple import BooleanField as BooleanField
from wtforms.fields.simple import HiddenField as HiddenField
from wtforms.fields.simple import StringField as StringField
from wtforms.fields.simple import TextAreaField as TextAreaField
from wtforms.form import Form as Form
from wtforms.validators import ValidationError as ValidationError
