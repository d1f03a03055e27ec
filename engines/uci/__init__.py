"""Any opponent as a UCI engine, for a GUI or a tournament manager."""
