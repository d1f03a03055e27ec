"""Calibration: measuring the pool's ratings on this machine, and checking them."""
