"""The app's screens and modal dialogs."""
