"""What the ledger says of a player: the card, seasons, history, purse."""
