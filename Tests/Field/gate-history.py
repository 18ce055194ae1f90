#!/usr/bin/env python3
"""`whatsnew check` over a real repository's history, as its pull requests met it.

    Tests/Field/gate-history.py REPOSITORY WHATSNEW [OTHER_WHATSNEW] [--commits N] [--settings YAML]

For each of the last N commits on the first-parent line of REPOSITORY's HEAD (a squash-merged
pull request each, in most projects), a worktree is checked out at the commit and
`whatsnew check --base PARENT` is run: the change is judged as its pull request was. With
`--settings 'input: CHANGES.md'`, the commit and its parent are first given a `.whatsnew.yml`
of that text (new commits made with git's plumbing, the history's own left as they are), as a
project that adopted whatsnew would have it at its base. Prints, per binary, how many changes
passed and failed and, with two binaries, every change they judge differently, with the files
it touched, for a person to read. Nothing of the repository's history or working tree is
changed: the worktree is made in a temporary folder and removed (the commits with settings stay
as unreferenced objects, which `git gc` removes)."""
import argparse, os, shutil, subprocess, sys, tempfile


def git(repository, *arguments):
    return subprocess.run(['git', '-C', repository, *arguments], capture_output=True, text=True, check=True).stdout


def with_settings(repository, commit, blob, parent=None):
    """`commit` with `.whatsnew.yml` added to its tree, as a new commit on `parent`."""
    index = os.path.join(tempfile.mkdtemp(prefix='whatsnew-index-'), 'index')
    environment = dict(os.environ, GIT_INDEX_FILE=index)
    run = lambda *arguments: subprocess.run(['git', '-C', repository, *arguments], capture_output=True, text=True,
                                            check=True, env=environment).stdout.strip()
    run('read-tree', commit)
    run('update-index', '--add', '--cacheinfo', f'100644,{blob},.whatsnew.yml')
    tree = run('write-tree')
    shutil.rmtree(os.path.dirname(index), ignore_errors=True)
    return run('commit-tree', tree, *(['-p', parent] if parent else []), '-m', 'with settings')


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
    options.add_argument('--settings')
    arguments = options.parse_args()
    repository = os.path.abspath(arguments.repository)
    binaries = [os.path.abspath(binary) for binary in arguments.binaries]
    commits = git(repository, 'rev-list', '--first-parent', f'--max-count={arguments.commits}', 'HEAD').split()
    scratch = tempfile.mkdtemp(prefix='whatsnew-gate-')
    worktree = os.path.join(scratch, 'tree')
    git(repository, 'worktree', 'add', '--detach', '-q', worktree, commits[0])
    try:
        blob = None
        if arguments.settings:
            blob = subprocess.run(['git', '-C', repository, 'hash-object', '-w', '--stdin'], input=arguments.settings + '\n',
                                  capture_output=True, text=True, check=True).stdout.strip()
        totals = [{0: 0, 1: 0, 'other': 0} for _ in binaries]
        differing = []
        for commit in commits:
            parents = git(repository, 'rev-list', '--parents', '-n', '1', commit).split()[1:]
            if not parents:
                continue
            base, head = parents[0], commit
            if blob:
                base = with_settings(repository, parents[0], blob)
                head = with_settings(repository, commit, blob, parent=base)
            git(worktree, 'checkout', '-q', '--detach', '-f', head)
            git(worktree, 'clean', '-qfdx')
            results = [judge(binary, worktree, base) for binary in binaries]
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
