#!/usr/bin/env python3
"""Convert the grading fixtures into the evaluation JSONL format (the tuning set).

Reads Tests/GradingTests/Fixtures/answers/{lang}.json (a list of objects with
question, answer, choice, expected, note; the language is the file name) and
writes Tests/GradingTests/Evaluation/tuning/{lang}.jsonl, one object per line:
{"language", "question", "answer", "expect", "note"} plus "choice" when set.
Prints only counts, so running it does not show the fixtures' contents.
"""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = ROOT / "Tests/GradingTests/Fixtures/answers"
TARGET = ROOT / "Tests/GradingTests/Evaluation/tuning"


def convert(path: pathlib.Path) -> int:
    language = path.stem
    items = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(items, list):
        sys.exit(f"{path}: expected a JSON array")
    lines = []
    for index, item in enumerate(items, start=1):
        missing = [key for key in ("question", "answer", "expected") if key not in item]
        if missing:
            sys.exit(f"{path}: item {index} lacks {', '.join(missing)}")
        line = {
            "language": language,
            "question": item["question"],
            "answer": item["answer"],
            "expect": item["expected"],
        }
        if item.get("choice") is not None:
            line["choice"] = item["choice"]
        if item.get("note"):
            line["note"] = item["note"]
        lines.append(json.dumps(line, ensure_ascii=False))
    TARGET.mkdir(parents=True, exist_ok=True)
    (TARGET / f"{language}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(lines)


def main() -> None:
    paths = sorted(SOURCE.glob("*.json"))
    if not paths:
        sys.exit(f"no fixtures in {SOURCE}")
    for path in paths:
        print(f"{path.stem}: {convert(path)} answers")


if __name__ == "__main__":
    main()
