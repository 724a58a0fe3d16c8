"""Pure game rules for Campfire. Nothing here imports Textual, rich, saves or tui."""
