"""
Saves are written whole or not at all, and otherwise as a plain write would leave them.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from maumau._files import write_text_whole


class TestWholeWrites:
    def test_the_text_replaces_the_old_content(self, tmp_path: Path) -> None:
        path = tmp_path / "save.json"
        path.write_text("old and longer\n")

        write_text_whole(path, "new\n")

        assert path.read_text() == "new\n"
        assert [entry.name for entry in tmp_path.iterdir()] == ["save.json"]

    def test_a_write_cut_short_leaves_the_old_file_and_nothing_else(
        self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        path = tmp_path / "save.json"
        path.write_text("old\n")

        def interrupted(descriptor: int) -> None:
            raise KeyboardInterrupt

        monkeypatch.setattr(os, "fsync", interrupted)
        with pytest.raises(KeyboardInterrupt):
            write_text_whole(path, "new\n")

        assert path.read_text() == "old\n"
        assert [entry.name for entry in tmp_path.iterdir()] == ["save.json"]

    @pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
    def test_a_replaced_file_keeps_its_mode(self, tmp_path: Path) -> None:
        path = tmp_path / "save.json"
        path.write_text("old\n")
        path.chmod(0o600)

        write_text_whole(path, "new\n")

        assert stat.S_IMODE(path.stat().st_mode) == 0o600

    @pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
    def test_a_new_file_has_the_mode_open_gives(self, tmp_path: Path) -> None:
        plain, whole = tmp_path / "plain", tmp_path / "whole"
        plain.write_text("x")

        write_text_whole(whole, "x")

        assert stat.S_IMODE(whole.stat().st_mode) == stat.S_IMODE(plain.stat().st_mode)

    @pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need privileges on Windows")
    def test_a_symbolic_link_stays_one_and_its_target_is_written(self, tmp_path: Path) -> None:
        target, link = tmp_path / "target.json", tmp_path / "link.json"
        target.write_text("old\n")
        link.symlink_to(target)

        write_text_whole(link, "new\n")

        assert link.is_symlink()
        assert target.read_text() == "new\n"
