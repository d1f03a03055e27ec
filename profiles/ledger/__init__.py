"""The ledger: the SQLite file every game is written to, and reading it back."""
