"""Real changelogs on this machine, never from the repository: the CHANGELOG.md of every Swift
package mirrored under /opt/swift-packages, then Debian's Markdown NEWS and CHANGELOG files
under /usr/share/doc (OpenSSL, man-db, polkit, iso-codes, Node.js…), in a fixed order. Used by
the benchmark and by the field check of reading in part (Tests/Field/partial-reading.py)."""
import glob, gzip, os, subprocess


def swift_changelog(repository):
    names = subprocess.run(["git", "-C", repository, "ls-tree", "--name-only", "HEAD"],
                           capture_output=True, text=True).stdout.split()
    for name in names:
        if name.lower() in ("changelog.md", "changelog"):
            return subprocess.run(["git", "-C", repository, "show", f"HEAD:{name}"],
                                  capture_output=True).stdout
    return None


def real_changelogs():
    """(label, bytes) of each distinct changelog found, Swift packages first."""
    sources = []
    seen = set()  # the mirror holds some packages twice, under two spellings or owners
    for repository in sorted(glob.glob("/opt/swift-packages/*/*.git"), key=str.lower):
        label = os.path.relpath(repository, "/opt/swift-packages")[:-4]
        text = swift_changelog(repository)
        if text and text not in seen:
            seen.add(text)
            sources.append((label, text))
    docs = sorted(glob.glob("/usr/share/doc/*/*.md.gz") + glob.glob("/usr/share/doc/*/*.md")
                  + glob.glob("/usr/share/doc/*/changelogs/*.md"))
    for path in docs:
        name = os.path.basename(path).lower()
        if not any(word in name for word in ("news", "changelog", "changes", "history")):
            continue
        text = gzip.open(path).read() if path.endswith(".gz") else open(path, "rb").read()
        if text not in seen:
            seen.add(text)
            sources.append((path, text))
    return sources
