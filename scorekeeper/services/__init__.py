"""The services: each public function one use case of keeping games, groups or events, owning its transaction.

The web shell calls these and never the store; ``Database`` is the handle it holds and passes on.
"""

from scorekeeper.services.database import Database as Database
