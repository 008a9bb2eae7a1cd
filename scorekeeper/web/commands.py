"""The command line: ``flask --app app backup FILE`` and ``flask --app app restore FILE`` (services.backup)."""

from __future__ import annotations

import click
from flask import Flask, current_app

from scorekeeper.services.backup import BackupError, backup, restore


def register_commands(app: Flask) -> None:
    """``flask --app app backup FILE`` and ``flask --app app restore FILE``."""

    @app.cli.command("backup")
    @click.argument("file")
    def backup_command(file: str) -> None:
        """Copy the database to FILE (safe while the app runs)."""
        try:
            games = backup(current_app.config["DATABASE"], file)
        except BackupError as err:
            raise click.ClickException(str(err)) from None
        click.echo(f"Backed up {games} games to {file}.")

    @app.cli.command("restore")
    @click.argument("file")
    def restore_command(file: str) -> None:
        """Put the backup FILE in place of the database (stop the app first)."""
        try:
            done = restore(file, current_app.config["DATABASE"])
        except BackupError as err:
            raise click.ClickException(str(err)) from None
        click.echo(f"Restored {done.games} games from {file}.")
        if done.kept:
            click.echo(f"The database it replaced is kept as {done.kept}.")
