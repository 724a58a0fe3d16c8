"""Session journals and save files. Imports engines, never tui, textual or rich."""
