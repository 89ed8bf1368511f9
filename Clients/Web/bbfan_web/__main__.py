"""`python -m bbfan_web`: the same as the `bbfan-web` command."""

from .cli import main

main()
