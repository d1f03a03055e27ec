"""The opponents: who they are (the pool), and how they play across the board."""
