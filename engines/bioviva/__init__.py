"""Bioviva: nature challenges (questions, map localization, word association)."""
