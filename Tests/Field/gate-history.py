#!/usr/bin/env python3
"""`whatsnew check` over a real repository's history, as its pull requests met it.

    Tests/Field/gate-history.py REPOSITORY WHATSNEW [OTHER_WHATSNEW] [--commits N] [--notes FILE]

For each of the last N commits on the first-parent line of REPOSITORY's HEAD (a squash-merged
pull request each, in most projects), a worktree is checked out at the commit and
`whatsnew check --base PARENT` is run: the change is judged as its pull request was. With
`--notes CHANGES.md`, a project whose notes have another name gets a link `CHANGELOG.md`
pointing at them, which git is told to ignore, so the history is read as it is. Prints, per
binary, how many changes passed and failed and, with two binaries, every change they judge
differently, with the files it touched, for a person to read. Nothing of the repository is
changed: the worktree is made in a temporary folder and removed."""
import argparse, os, shutil, subprocess, sys, tempfile


def git(repository, *arguments):
    return subprocess.run(['git', '-C', repository, *arguments], capture_output=True, text=True, check=True).stdout


def judge(binary, worktree, parent):
    run = subprocess.run([binary, 'check', '--base', parent], cwd=worktree, capture_output=True, text=True,
                         timeout=120, env=dict(os.environ, LANG='C.UTF-8'))
    last = run.stderr.strip().splitlines()[-1] if run.stderr.strip() else ''
    return run.returncode, last


def main():
    options = argparse.ArgumentParser()
    options.add_argument('repository')
    options.add_argument('binaries', nargs='+')
    options.add_argument('--commits', type=int, default=200)
    options.add_argument('--notes')
    arguments = options.parse_args()
    repository = os.path.abspath(arguments.repository)
    binaries = [os.path.abspath(binary) for binary in arguments.binaries]
    commits = git(repository, 'rev-list', '--first-parent', f'--max-count={arguments.commits}', 'HEAD').split()
    scratch = tempfile.mkdtemp(prefix='whatsnew-gate-')
    worktree = os.path.join(scratch, 'tree')
    git(repository, 'worktree', 'add', '--detach', '-q', worktree, commits[0])
    try:
        if arguments.notes:
            exclude = git(worktree, 'rev-parse', '--git-path', 'info/exclude').strip()
            exclude = exclude if os.path.isabs(exclude) else os.path.join(worktree, exclude)
            os.makedirs(os.path.dirname(exclude), exist_ok=True)
            with open(exclude, 'a') as file:
                file.write('\n/CHANGELOG.md\n')
        totals = [{0: 0, 1: 0, 'other': 0} for _ in binaries]
        differing = []
        for commit in commits:
            parents = git(repository, 'rev-list', '--parents', '-n', '1', commit).split()[1:]
            if not parents:
                continue
            git(worktree, 'checkout', '-q', '--detach', '-f', commit)
            git(worktree, 'clean', '-qfdx', '-e', 'CHANGELOG.md')
            if arguments.notes and not os.path.lexists(os.path.join(worktree, 'CHANGELOG.md')):
                os.symlink(arguments.notes, os.path.join(worktree, 'CHANGELOG.md'))
            results = [judge(binary, worktree, parents[0]) for binary in binaries]
            for total, (status, _) in zip(totals, results):
                total[status if status in (0, 1) else 'other'] += 1
            if len({status for status, _ in results}) > 1:
                files = git(repository, 'diff', '--name-only', parents[0], commit).split()
                subject = git(repository, 'log', '-1', '--format=%s', commit).strip()
                differing.append((commit[:10], subject, files, results))
        for binary, total in zip(binaries, totals):
            print(f'{binary}: {total[0]} passed, {total[1]} failed, {total["other"]} other, of {len(commits)} changes')
        for commit, subject, files, results in differing:
            print(f'\n{commit} {subject}\n  touches: {" ".join(files[:8])}{" …" if len(files) > 8 else ""}')
            for binary, (status, last) in zip(binaries, results):
                print(f'  {os.path.basename(os.path.dirname(binary)) or binary}: {status} {last[:200]}')
        print(f'\n{len(differing)} changes judged differently')
    finally:
        subprocess.run(['git', '-C', repository, 'worktree', 'remove', '--force', worktree], capture_output=True)
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == '__main__':
    sys.exit(main())
