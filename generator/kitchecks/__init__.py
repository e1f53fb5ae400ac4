"""Checks every kit is held to, over every page and face, whatever the game: what a player must be able
to read, reach and fit at the table (a home printer's safe margin, legible figures, pieces that fit their
spaces, rules text that follows the model, contrast). Pure functions over a kit's files and scenes."""
