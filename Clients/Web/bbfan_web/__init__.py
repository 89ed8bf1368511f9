"""The fan apps in a browser: the pages and the WebSocket bridge to bbfan (`bbfan-web`)."""

__all__ = ["main"]


def main() -> None:
    """Runs the `bbfan-web` command (see cli.main)."""
    from .cli import main as cli_main

    cli_main()
