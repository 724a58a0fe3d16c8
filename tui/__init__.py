"""Campfire's terminal interface: the Textual app, its screens and widgets, and the CLI."""

__version__ = "0.1.0"
