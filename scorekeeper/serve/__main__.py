"""``python -m scorekeeper.serve``: see ``cli.py``."""

from scorekeeper.serve.cli import main

main()
