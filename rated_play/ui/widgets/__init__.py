"""Widgets of the app; each shows one thing and knows nothing of the screens around it."""
