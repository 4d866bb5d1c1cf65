"""tests.shared.once_per_run: built once, shared, and never half-published."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shared import once_per_run


def test_the_first_caller_builds_and_every_later_one_reads_the_same_directory(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    builds: list[Path] = []

    def build(out: Path) -> None:
        builds.append(out)
        (out / "product.txt").write_text("made once", encoding="utf-8")

    first = once_per_run(tmp_path_factory, "self-test-once", build)
    second = once_per_run(tmp_path_factory, "self-test-once", build)
    assert first == second
    assert len(builds) == 1
    assert (second / "product.txt").read_text(encoding="utf-8") == "made once"


def test_a_failed_build_leaves_nothing_and_the_next_caller_builds_again(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    def broken(out: Path) -> None:
        (out / "half.txt").write_text("half", encoding="utf-8")
        raise RuntimeError("the build failed")

    with pytest.raises(RuntimeError, match="the build failed"):
        once_per_run(tmp_path_factory, "self-test-broken", broken)
    root = once_per_run(tmp_path_factory, "self-test-probe", lambda out: None).parent
    assert not list(root.glob("self-test-broken*partial"))
    assert not (root / "self-test-broken").exists()
    built = once_per_run(tmp_path_factory, "self-test-broken", lambda out: (out / "ok.txt").write_text("ok"))
    assert (built / "ok.txt").read_text() == "ok"
