"""Rules profiles: the house rules as data (GSN §7, docs/rules-reference.md §16)."""

from __future__ import annotations

from ..errors import RulesError
from .named import PROFILES, profile_named, resolve
from .profile import KNOBS, SEVEN, Profile, with_overrides

__all__ = ["KNOBS", "PROFILES", "SEVEN", "Profile", "RulesError", "profile_named", "resolve", "with_overrides"]
