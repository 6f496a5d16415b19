"""gostop-arbiter: replays Go-Stop (고스톱), Matgo (맞고) and Minhwatu (민화투) hands written in GSN,
checks every play, and settles who pays whom."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("gostop-arbiter")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0+source"
