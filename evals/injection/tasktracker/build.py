"""TaskTracker (Microsoft, MIT): its injection triggers with secondary tasks, and its jailbreak prompts.

Usage: ``python evals/injection/tasktracker/build.py /path/to/TaskTracker/task_tracker/dataset_creation/datasets``
(github.com/microsoft/TaskTracker, written from commit b4fabe2).

TaskTracker poisons retrieved paragraphs with a *trigger* ("Hold on to your hat because what I'm
about to reveal...", ``saved_injections*.txt``) followed by a *secondary task* (a trivia question,
``trivia_pairs.txt`` without its answer, or one of ``translated_secondary_tasks.txt``). Its contexts
(SQuAD, HotpotQA) are not redistributed with it, so the trigger-plus-task paragraph is kept on its
own: 400 of them, each pairing a trigger and a task drawn at random. Its PAIR jailbreaks
(``jailbreaks_pair_attack.txt``) and adaptive attacks (``llm_adaptive_attacks.txt``) are kept too.
All rows are positives.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from _common import rng_for, row, write

HERE = Path(__file__).resolve().parent
PAIRS = 400


def _lines(path: Path) -> list[str]:
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main(datasets: Path) -> None:
    rng = rng_for("tasktracker")
    triggers = _lines(datasets / "saved_injections.txt") + _lines(datasets / "saved_injections_test.txt")
    trivia = [q.split(" Answer:")[0].removeprefix("Question:").strip() for q in _lines(datasets / "trivia_pairs.txt")]
    tasks = trivia + _lines(datasets / "translated_secondary_tasks.txt")
    rows = [row(f"{rng.choice(triggers)} {rng.choice(tasks)}", 1, "trigger+task") for _ in range(PAIRS)]
    rows += [row(t, 1, "jailbreak") for t in _lines(datasets / "jailbreaks_pair_attack.txt")]
    rows += [row(t, 1, "adaptive") for t in _lines(datasets / "llm_adaptive_attacks.txt")]
    meta = {
        "name": "tasktracker",
        "licence": "MIT",
        "origin": "github.com/microsoft/TaskTracker @ b4fabe2, task_tracker/dataset_creation/datasets/",
        "imperative": False,
    }
    write(HERE, rows, meta)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
