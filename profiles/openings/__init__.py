"""The names of openings: lichess's table (data/, CC0), and the opening a game reached."""
