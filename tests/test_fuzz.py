"""Mutated transcripts never make the arbiter fail: a verdict, or exit 2 with a message."""

from __future__ import annotations

import random

from click.testing import CliRunner
from conftest import sample_files, spec_examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gostop_arbiter.cli import cli

SEEDS = [p.read_bytes() for p in [*spec_examples(), *sample_files()]]


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One random edit of the kinds a careless hand or a broken disk makes."""
    kind = rng.randrange(10)
    lines = _lines(data)
    if kind == 0 and lines:  # delete a line
        del lines[rng.randrange(len(lines))]
    elif kind == 1 and lines:  # duplicate a line
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
    elif kind == 2 and len(lines) > 1:  # swap two lines
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == 3 and lines:  # swap two words of a line
        i = rng.randrange(len(lines))
        words = lines[i].split(b" ")
        if len(words) > 1:
            a, b = rng.randrange(len(words)), rng.randrange(len(words))
            words[a], words[b] = words[b], words[a]
        lines[i] = b" ".join(words)
    elif kind == 4 and data:  # flip a byte
        buf = bytearray(data)
        buf[rng.randrange(len(buf))] ^= 1 << rng.randrange(8)
        return bytes(buf)
    elif kind == 5:  # truncate
        return data[: rng.randrange(len(data) + 1)]
    elif kind == 6 and lines:  # a huge number
        i = rng.randrange(len(lines))
        lines[i] = lines[i].replace(b"1", b"9" * rng.choice([20, 400, 5000]), 1).replace(b"?*10", b"?*99999999999")
    elif kind == 7:  # a very long line
        lines.insert(rng.randrange(len(lines) + 1), rng.choice([b"A: ", b"# ", b"deal A: ", b"[Note \""]) + b"3p " * 20000)
    elif kind == 8:  # binary junk
        junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
        at = rng.randrange(len(data) + 1)
        return data[:at] + junk + data[at:]
    else:  # a stray word from another line
        if lines:
            donor = rng.choice(lines).split(b" ")
            i = rng.randrange(len(lines))
            lines[i] = lines[i] + b" " + rng.choice(donor)
    return b"\n".join(lines)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(SEEDS))), st.integers(0, 2**32 - 1), st.integers(1, 4), st.booleans())
def test_mutated_transcripts_never_crash(seed_index: int, rng_seed: int, edits: int, as_json: bool) -> None:
    rng = random.Random(rng_seed)
    data = SEEDS[seed_index]
    for _ in range(edits):
        data = mutate(data, rng)
    args = ["check", "-", "--settle"] + (["--json"] if as_json else [])
    result = CliRunner().invoke(cli, args, input=data, catch_exceptions=True)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1, 2, 3), result.output


def test_every_mutation_kind_runs() -> None:
    rng = random.Random(1)
    for seed in SEEDS[:3]:
        for _ in range(40):
            mutate(seed, rng)
