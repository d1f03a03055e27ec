"""The laws of play every game obeys: time controls, the clock, how a game ends."""
