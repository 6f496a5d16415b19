"""What a wheel carries and what the package says of itself (issue 31): the licence, the metadata
an index shows, the catalogue as a package of data, and the ways to install and complete."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib

from conftest import ROOT

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_licence_the_metadata_declares_is_in_the_repository_and_the_wheel() -> None:
    project = PROJECT["project"]
    assert project["license"].startswith("MIT")
    assert project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License\n")


def test_an_index_can_file_the_package() -> None:
    project = PROJECT["project"]
    assert {"go-stop", "matgo", "minhwatu", "고스톱"} <= set(project["keywords"])
    classifiers = set(project["classifiers"])
    assert {"Topic :: Games/Entertainment", "Natural Language :: Korean", "Typing :: Typed"} <= classifiers


def test_the_catalogue_is_a_package_of_data() -> None:
    """setuptools asked for gostop_arbiter.locale.ko.LC_MESSAGES among the packages (a warning
    at every build); the catalogue is its data."""
    setuptools = PROJECT["tool"]["setuptools"]
    assert "gostop_arbiter.locale.ko.LC_MESSAGES" in setuptools["packages"]
    assert setuptools["package-data"]["gostop_arbiter.locale.ko.LC_MESSAGES"] == ["*.po", "*.mo"]


def test_pipx_and_completion_are_documented_and_completion_works() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "pipx install ." in readme and "_GOSTOP_ARBITER_COMPLETE=bash_source gostop-arbiter" in readme
    env = {**os.environ, "COMP_WORDS": "gostop-arbiter ch", "COMP_CWORD": "1", "_GOSTOP_ARBITER_COMPLETE": "bash_complete"}
    result = subprocess.run([sys.executable, "-m", "gostop_arbiter"], capture_output=True, text=True, env=env, timeout=60)
    assert result.stdout.split() == ["plain,check"]
