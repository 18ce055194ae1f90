#!/usr/bin/env python3
"""Field check of reading in part (kept out of the repository's inputs).

    Tests/Field/partial-reading.py BINARY [FILE…]

Runs every file (by default the real changelogs on this machine, Benchmarks/changelogs.py) as a
user would, once as it runs and once with WHATSNEW_READ_WHOLE=1, and compares standard output,
standard error and the exit status byte for byte: the latest release in text, JSON, Markdown and
HTML; on a day before most releases (some then scheduled); five versions with --release, and
--since, in text and JSON. Counts how often the file was read in part and why not, and the share
of lines handed to cmark. Prints a summary and exits 1 on any difference."""
import collections, concurrent.futures, json, os, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Benchmarks"))
from changelogs import real_changelogs  # noqa: E402


def run(binary, path, arguments, whole, trace=False):
    environment = dict(os.environ, COLUMNS="80", NO_COLOR="1")
    environment.pop("WHATSNEW_READ_WHOLE", None)
    if whole:
        environment["WHATSNEW_READ_WHOLE"] = "1"
    if trace:
        environment["WHATSNEW_TRACE_READS"] = "1"
    done = subprocess.run([binary, path, "--max-size", "64M"] + arguments, capture_output=True,
                          env=environment, timeout=120)
    return done.returncode, done.stdout, done.stderr


def check(binary, path):
    """The differences found, the trace of the default run, and the runs made."""
    status, out, _ = run(binary, path, ["--format", "json", "--release", "all"], whole=True)
    versions = []
    if status == 0:
        versions = [r["version"] for r in json.loads(out)["releases"] if r.get("version")]
    picked = list(dict.fromkeys(versions[:3] + versions[len(versions) // 2:][:1] + versions[-1:]))
    cases = [["--format", "text"], ["--format", "json"], ["--format", "markdown"], ["--format", "html"]]
    cases.append(["--today", "2019-01-01"])
    for version in picked:
        cases += [["--release", version], ["--release", version, "--format", "json"]]
    if len(versions) > 2:
        cases += [["--since", versions[2]], ["--since", versions[2], "--format", "json"]]
    differences = []
    for arguments in cases:
        part = run(binary, path, arguments, whole=False)
        whole = run(binary, path, arguments, whole=True)
        if part != whole:
            which = [name for name, a, b in zip(("status", "stdout", "stderr"), part, whole) if a != b]
            differences.append(f"{' '.join(arguments)}: {', '.join(which)} differ")
    _, _, trace = run(binary, path, [], whole=False, trace=True)
    lines = [line for line in trace.decode(errors="replace").splitlines()
             if line.startswith("whatsnew: ") and not line.startswith("whatsnew: read ")]
    return differences, (lines[0] if lines else ""), len(cases) * 2


def main():
    binary = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as folder:
        files = []
        if len(sys.argv) > 2:
            files = [(path, path) for path in sys.argv[2:]]
        else:
            for index, (label, text) in enumerate(real_changelogs()):
                path = os.path.join(folder, f"{index:03}-{os.path.basename(label)}.md")
                with open(path, "wb") as file:
                    file.write(text)
                files.append((label, path))
        results = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            futures = {pool.submit(check, binary, path): label for label, path in files}
            for future in concurrent.futures.as_completed(futures):
                results[futures[future]] = future.result()
    problems, runs, read_in_part, lines_read, lines_total = 0, 0, 0, 0, 0
    reasons = collections.Counter()
    for label in sorted(results):
        differences, trace, count = results[label]
        runs += count
        if " in part: " in trace:
            read_in_part += 1
            counted = trace.split(" in part: ")[1].split(" lines")[0].split(" of ")
            lines_read += int(counted[0])
            lines_total += int(counted[1])
        else:
            reasons[trace.split(" whole: ")[-1] if " whole: " in trace else "not read in part"] += 1
        for difference in differences:
            problems += 1
            print(f"{label}: {difference}")
    whole = len(results) - read_in_part
    print(f"{len(results)} files, {runs} runs: {read_in_part} read in part "
          f"({lines_read:,} of their {lines_total:,} lines handed to cmark), {whole} whole"
          + "".join(f"; {count} {reason}" for reason, count in reasons.most_common()))
    print(f"{problems} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
