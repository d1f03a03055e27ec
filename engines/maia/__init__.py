"""Opponents that play like people: the Maia networks, run in numpy.

lc0's weights file (:mod:`~engines.maia.weights`, over a small protocol-buffer reader,
:mod:`~engines.maia.wire`), its input planes (:mod:`~engines.maia.planes`) and policy
(:mod:`~engines.maia.policy`), the forward pass (:mod:`~engines.maia.network`), the move a Maia
opponent plays (:mod:`~engines.maia.choice`) and the UCI engine that plays it
(:mod:`~engines.maia.engine`, the command ``rated-play-maia``).

Importing this package sets one BLAS thread for numpy, unless the environment says otherwise:
a network's matrix products are small (64×576 by 576×64) and are over before more threads have
started; on a busy machine extra threads made a forward pass ten times slower at the 95th
percentile (``benchmarks/maia.py``). numpy reads the setting when it is first imported, so what
runs a network imports this package before numpy.
"""

from __future__ import annotations

import os

for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")
