"""The Textual app: a thin layer over the rated-game session, the ledger and the engine pool."""
