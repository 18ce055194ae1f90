#!/usr/bin/env python3
"""In-app field run: real changelogs, decided on as an app decides (kept out of the repository's inputs).

    Tests/Field/in-app.py BINARY APPFIELD [--every-date] [FILE…]

For each changelog (by default the real changelogs on this machine, Benchmarks/changelogs.py)
writes the JSON an app bundles, `--format json --release all`, as made today and as made the day
before each release's date (CI cutting the build before the release day, so the release is
scheduled there), then runs APPFIELD (Tests/SchemaClient's AppField, which depends on
WhatsNewSchema alone) over them: every released version as the running one, updates from one
and two versions back, first looks. Without --every-date, at most 12 dates per changelog,
spread over its history. Prints AppField's figures; exits 1 when it finds a problem."""
import concurrent.futures, datetime, json, os, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Benchmarks"))
from changelogs import real_changelogs  # noqa: E402


def sheet(binary, path, today=None):
    arguments = [binary, path, "--format", "json", "--release", "all", "--max-size", "64M"]
    if today:
        arguments += ["--today", today]
    done = subprocess.run(arguments, capture_output=True, timeout=300)
    return done.stdout if done.returncode == 0 else None


def prepare(binary, label, text, root, every_date):
    """The changelog's folder of JSON; nil when whatsnew makes no sheet of it."""
    folder = os.path.join(root, label.strip("/").replace("/", "+"))
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "CHANGELOG.md")
    with open(path, "wb") as file:
        file.write(text)
    now = sheet(binary, path)
    if now is None:
        return label, 0
    with open(os.path.join(folder, "now.json"), "wb") as file:
        file.write(now)
    dates = sorted({r["date"] for r in json.loads(now)["releases"]
                    if r.get("date") and r.get("version") and not r.get("unreleased")})
    if not every_date and len(dates) > 12:
        dates = [dates[round(i * (len(dates) - 1) / 11)] for i in range(12)]
    for date in dates:
        try:
            before = (datetime.date.fromisoformat(date) - datetime.timedelta(days=1)).isoformat()
        except ValueError:
            continue
        early = sheet(binary, path, before)
        if early is not None:
            with open(os.path.join(folder, f"before-{date}.json"), "wb") as file:
                file.write(early)
    return label, len(dates)


def main():
    arguments = sys.argv[1:]
    every_date = "--every-date" in arguments
    arguments = [a for a in arguments if a != "--every-date"]
    if len(arguments) < 2:
        sys.exit(__doc__)
    binary, app_field, files = arguments[0], arguments[1], arguments[2:]
    sources = [(f, open(f, "rb").read()) for f in files] if files else real_changelogs()
    with tempfile.TemporaryDirectory() as root:
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            made = list(pool.map(lambda s: prepare(binary, s[0], s[1], root, every_date), sources))
        print(f"{len(made)} changelogs, {sum(n for _, n in made)} JSON files made the day before a release")
        sys.stdout.flush()
        done = subprocess.run([app_field, root])
        sys.exit(done.returncode)


if __name__ == "__main__":
    main()
