#!/usr/bin/env python3
"""Runs every `kinema ...` command of the README's text blocks and checks that the CLI prints exactly the
output shown under it (README.md promises that each output shown is what the command prints).

A command is a line `$ kinema ...` in a ```text block, with its continuation lines (ending in a backslash); its
expected stdout is every line after it up to the next `$ ` line or the end of the block, trailing blank lines
left out. Commands run with bash from the checkout's root, with the built CLI first on PATH, and must exit 0.
Output files must be given under /tmp (the tour leaves nothing in the checkout): the test checks that before
running anything, runs the commands with /tmp/ replaced by a private directory (in the expected output too),
and checks that every --png file is a PNG, every --svg file an SVG and every --json file JSON.

  readme_commands_test.py --kinema BUILD/bin/kinema [--readme README.md]
  readme_commands_test.py --kinema BUILD/bin/kinema --self-test   # doctored copies of the README must fail

Prints 'N passed, N failed' and exits 1 if any command failed.
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FILE_FLAGS = {"--png": "png", "--svg": "svg", "--json": "json", "--csv": "csv"}
MIN_COMMANDS = 8  # the tour has more; fewer means the extraction broke, not that the README is right


def extract_commands(text):
    """[(line number, command, expected stdout lines)] for every `$ kinema` line of the ```text blocks."""
    commands = []
    in_block = False
    current = None
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            in_block = line.strip() == "```text"
            current = None
            i += 1
            continue
        if in_block and line.startswith("$ "):
            start = i + 1
            command = line[2:]
            while command.endswith("\\") and i + 1 < len(lines):
                i += 1
                command = command[:-1].rstrip() + " " + lines[i].strip()
            current = (start, command, []) if command.startswith("kinema ") else None
            if current:
                commands.append(current)
        elif in_block and current is not None:
            current[2].append(line)
        i += 1
    return [(n, c, strip_trailing_blanks(out)) for n, c, out in commands]


def strip_trailing_blanks(lines):
    lines = list(lines)
    while lines and lines[-1].strip() == "":
        lines.pop()
    return lines


def output_files(command):
    """[(flag, path)] of the command's output-file flags."""
    words = shlex.split(command, comments=True)
    return [(w, words[k + 1]) for k, w in enumerate(words[:-1]) if w in FILE_FLAGS]


def check_file(kind, path):
    """None when the file at path is a valid `kind` file, else why not."""
    if not os.path.isfile(path):
        return "was not written"
    with open(path, "rb") as f:
        data = f.read()
    if kind == "png" and not data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "is not a PNG"
    if kind == "svg" and b"<svg" not in data[:4096]:
        return "is not an SVG"
    if kind == "json":
        try:
            json.loads(data)
        except ValueError as e:
            return f"is not JSON ({e})"
    return None


def run_readme(readme_path, kinema):
    """Checks every command of the README; returns (passed, [failure messages])."""
    with open(readme_path, encoding="utf-8") as f:
        commands = extract_commands(f.read())
    name = os.path.basename(readme_path)
    if len(commands) < MIN_COMMANDS:
        return 0, [f"{name}: only {len(commands)} kinema commands found in its text blocks"]
    failures = []
    for line, command, _ in commands:
        for flag, path in output_files(command):
            if not path.startswith("/tmp/"):
                failures.append(f"{name}:{line}: {flag} {path} writes into the checkout; use /tmp/")
    if failures:
        return 0, failures
    env = dict(os.environ, PATH=os.path.dirname(os.path.abspath(kinema)) + os.pathsep + os.environ["PATH"])
    passed = 0
    with tempfile.TemporaryDirectory(prefix="kinema-readme-") as scratch:
        for line, command, expected in commands:
            run = command.replace("/tmp/", scratch + "/")
            want = [e.replace("/tmp/", scratch + "/") for e in expected]
            p = subprocess.run(["bash", "-c", run], cwd=REPO, env=env, capture_output=True, text=True)
            got = strip_trailing_blanks(p.stdout.split("\n"))
            problems = []
            if p.returncode != 0:
                problems.append(f"exit code {p.returncode}, stderr: {p.stderr.strip()}")
            if got != want:
                problems.append(first_difference(want, got))
            for flag, path in output_files(run):
                why = check_file(FILE_FLAGS[flag], path)
                if why:
                    problems.append(f"{flag} {path.replace(scratch + '/', '/tmp/')} {why}")
            if problems:
                failures.append(f"{name}:{line}: $ {command}\n    " + "\n    ".join(problems))
            else:
                passed += 1
    return passed, failures


def first_difference(want, got):
    for k in range(max(len(want), len(got))):
        w = want[k] if k < len(want) else "(no line)"
        g = got[k] if k < len(got) else "(no line)"
        if w != g:
            return f"output line {k + 1} differs:\n      README: {w}\n      prints: {g}"
    return "output differs"


def doctored_copies(text):
    """(what was changed, doctored README text) cases that the check must reject."""
    wrong_number = text.replace("exact: 15.623476 cm, 6 frames", "exact: 15.623477 cm, 6 frames", 1)
    missing_line = text.replace("  continuous limit:                             459.96 deg/s\n", "", 1)
    into_checkout = text.replace("--png /tmp/ramp.png", "--png ramp.png", 1)
    return [("a wrong number in kinema stop's output", wrong_number, "output line 2 differs"),
            ("a line of kinema turn's output left out", missing_line, "output line 4 differs"),
            ("a picture written into the checkout", into_checkout, "writes into the checkout")]


def self_test(readme_path, kinema):
    """Each doctored copy must fail, naming the change; returns the failures of the self-test."""
    with open(readme_path, encoding="utf-8") as f:
        text = f.read()
    failures = []
    passed = 0
    with tempfile.TemporaryDirectory(prefix="kinema-readme-doctored-") as scratch:
        for what, doctored, expected_message in doctored_copies(text):
            if doctored == text:
                failures.append(f"self-test: cannot doctor the README for {what}: its text changed")
                continue
            copy = os.path.join(scratch, "README.md")
            with open(copy, "w", encoding="utf-8") as f:
                f.write(doctored)
            _, problems = run_readme(copy, kinema)
            if not any(expected_message in p for p in problems):
                failures.append(f"self-test: {what} was not caught (problems: {problems})")
            else:
                passed += 1
    return passed, failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kinema", required=True, help="the built kinema CLI")
    parser.add_argument("--readme", default=os.path.join(REPO, "README.md"))
    parser.add_argument("--self-test", action="store_true", help="check that doctored READMEs fail")
    args = parser.parse_args()
    check = self_test if args.self_test else run_readme
    passed, failures = check(args.readme, args.kinema)
    for failure in failures:
        print("FAIL " + failure)
    print(f"{passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
