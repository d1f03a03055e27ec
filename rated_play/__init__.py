"""rated-play: rated chess games against calibrated engines, in the terminal."""

__version__ = "0.1.0"
