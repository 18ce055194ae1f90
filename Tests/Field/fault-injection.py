#!/usr/bin/env python3
"""Fault injection for the commands that write files.

    Tests/Field/fault-injection.py .build/debug/whatsnew [scenario ...]

Each scenario (a project, a command) is first run under strace to count the calls it makes
to write, fsync, rename, link, unlink, mkdir, rmdir and fchmod. It is then run once per call
and per fault — an I/O error (EIO), SIGKILL and SIGTERM at that call — each time on a fresh
copy of the project. After each run:

- the project is as it was before, or as a run without faults leaves it, or a journal is
  there that the next command finds: `whatsnew lint` reports an interrupted release;
- a run that exited 0 left the project as a faultless run does;
- a run that failed and left it changed says so (`whatsnew recover`, or what was written);
- after the next command (`whatsnew recover`, or the same command again for outputs outside
  the project's folders) the project is before or after and no temporary file, journal or
  lock is left.

Prints one line per scenario with its counts, and every violation; exits 1 on any."""
import os, re, shutil, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

CALLS = ['write', 'fsync', 'rename', 'renameat', 'renameat2', 'link', 'linkat', 'unlink', 'unlinkat',
         'mkdir', 'mkdirat', 'rmdir', 'fchmod']
FAULTS = ['error=EIO', 'signal=SIGKILL', 'signal=SIGTERM']
NOTES = '# Changelog\n\n## [Unreleased]\n\n## [1.0.0] - 2024-01-01\n\n### Added\n\n- First.\n'
APPCAST = ('<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0" '
           'xmlns:sparkle="http://www.andymatuschak.org/xml-namespaces/sparkle">\n<channel>\n'
           '<title>App</title>\n<item>\n<title>1.0.0</title>\n<sparkle:version>100</sparkle:version>\n'
           '<sparkle:shortVersionString>1.0.0</sparkle:shortVersionString>\n'
           '<description><![CDATA[old]]></description>\n</item>\n</channel>\n</rss>\n')


VERSION_FILES = {
    '.whatsnew.yml': 'version-files: [Config/Version.xcconfig, package.json, Cargo.toml]\nbuild: increment\n',
    'Config/Version.xcconfig': 'MARKETING_VERSION = 1.0.0\nCURRENT_PROJECT_VERSION = 7\n',
    'package.json': '{\n  "name": "app",\n  "version": "1.0.0"\n}\n',
    'Cargo.toml': '[package]\nname = "app"\nversion = "1.0.0"\n',
}


# Three packages sharing .changes, as issue 61's repository has them: a Swift library, an app
# whose Xcode project keeps its version and build, and a widget with an Info.plist of its own.
PBXPROJ = ('// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA /* Release */ = {\n\t\t\tisa = XCBuildConfiguration;\n'
           '\t\t\tbuildSettings = {\n\t\t\t\tCURRENT_PROJECT_VERSION = 7;\n\t\t\t\tMARKETING_VERSION = 1.0.0;\n'
           '\t\t\t};\n\t\t\tname = Release;\n\t\t};\n\t};\n}\n')
PLIST = ('<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n'
         '\t<key>CFBundleShortVersionString</key>\n\t<string>1.0.0</string>\n'
         '\t<key>CFBundleVersion</key>\n\t<string>7</string>\n</dict>\n</plist>\n')
PACKAGES = {
    '.whatsnew.yml': ('packages:\n  core: Core\n  app:\n    folder: App\n    uses: [core]\n'
                      '    version-files: [App/App.xcodeproj/project.pbxproj]\n    build: increment\n'
                      '  widget:\n    folder: Widget\n    version-files: [Widget/Info.plist]\n'),
    'Core/CHANGELOG.md': NOTES, 'App/CHANGELOG.md': NOTES, 'Widget/CHANGELOG.md': NOTES,
    'App/App.xcodeproj/project.pbxproj': PBXPROJ, 'Widget/Info.plist': PLIST,
    '.changes/20240301-000000-core-aaaa.md': '---\nkind: added\npackages: [core]\n---\nCore note.\n',
    '.changes/20240302-000000-both-bbbb.md': '---\nkind: fixed\npackages: [core, widget]\n---\nShared note.\n',
    '.changes/20240303-000000-widget-cccc.md': '---\nkind: fixed\npackages: [widget]\n---\nWidget note.\n',
}


def fragments(count):
    return {f'.changes/2024030{i}-000000-note-{i}{i}{i}{i}.md': f'---\nkind: added\n---\nNote {i}.\n'
            for i in range(count)}


# name: (files, command, the command that comes next, whether the output is outside the notes' folders)
SCENARIOS = {
    'release': ({'CHANGELOG.md': NOTES, **fragments(3)}, ['release', '1.1.0', '--date', '2024-05-02'],
                ['recover']),
    'release-linked': ({'docs/CHANGELOG.md': NOTES, 'CHANGELOG.md': '@docs/CHANGELOG.md', **fragments(2)},
                       ['release', '1.1.0', '--date', '2024-05-02'], ['recover']),
    # The version written to three files with the notes; the notes go last.
    'release-versions': ({'CHANGELOG.md': NOTES, **fragments(2), **VERSION_FILES},
                         ['release', 'auto', '--date', '2024-05-02'], ['recover']),
    # No fragments: the journal's folder is made for the release.
    'release-versions-unreleased': ({'CHANGELOG.md': NOTES.replace('## [Unreleased]\n', '## [Unreleased]\n\n### Fixed\n\n- A fix.\n'),
                                     **VERSION_FILES}, ['release', 'patch', '--date', '2024-05-02'], ['recover']),
    # A Cargo workspace whose unlisted member follows the root: its manifest's pin and the
    # lock's entries are written too, and recovery knows them whatever a cut-short run left.
    'release-workspace': ({'CHANGELOG.md': NOTES, **fragments(2),
                           'Cargo.toml': '[workspace]\nmembers = ["a", "b"]\n\n[workspace.package]\nversion = "1.0.0"\n',
                           'a/Cargo.toml': '[package]\nname = "a"\nversion.workspace = true\n\n[dependencies]\n'
                                           'b = { path = "../b", version = "1.0.0" }\n',
                           'b/Cargo.toml': '[package]\nname = "b"\nversion = { workspace = true }\n',
                           'Cargo.lock': 'version = 4\n\n[[package]]\nname = "a"\nversion = "1.0.0"\n\n'
                                         '[[package]]\nname = "b"\nversion = "1.0.0"\n',
                           '.whatsnew.yml': 'version-files: [Cargo.toml]\n'},
                          ['release', 'auto', '--date', '2024-05-02'], ['recover']),
    # Every package in one journal: three notes files, two version files, three fragments.
    'release-packages': (PACKAGES, ['release', '--package', 'all', 'auto', '--date', '2024-05-02'], ['recover']),
    # Core and the app that uses it; the note shared with the widget is rewritten to wait for it.
    'release-package-partial': (PACKAGES, ['release', '--package', 'core', 'auto', '--date', '2024-05-02'],
                                ['recover']),
    # Notes drafted from commits (HISTORIES): into a folder that has notes, and a folder made for them.
    'draft': ({'CHANGELOG.md': NOTES, **fragments(1)}, ['draft'], ['draft']),
    'draft-first': ({'CHANGELOG.md': NOTES}, ['draft'], ['draft']),
    'new': ({'CHANGELOG.md': NOTES, **fragments(1)}, ['new', '--kind', 'fixed', '--body', 'A fault note.'],
            ['recover']),
    'new-first': ({'CHANGELOG.md': NOTES}, ['new', '--kind', 'fixed', '--body', 'The first note.'], ['recover']),
    'export-fastlane': ({'CHANGELOG.md': NOTES,
                         'fastlane/metadata/en-US/release_notes.txt': 'old ios\n',
                         'fastlane/metadata/android/en-US/changelogs/7.txt': 'old android\n'},
                        ['export', 'fastlane', '--version-code', '7', '--release', '1.0.0'], None),
    'export-sparkle': ({'CHANGELOG.md': NOTES, 'appcast.xml': APPCAST},
                       ['export', 'sparkle', '--appcast', 'appcast.xml', '--release', '1.0.0'], ['recover']),
    'output': ({'CHANGELOG.md': NOTES, 'site/sheet.html': 'old sheet\n'},
               ['--format', 'html', '--output', 'site/sheet.html'], None),
    # Into folders that do not exist yet: made for the file, and gone again if it fails.
    'output-new-folders': ({'CHANGELOG.md': NOTES}, ['--format', 'html', '--output', 'site/docs/sheet.html'], None),
}


# The commits a scenario's repository holds after its files: tagged at its first, fixed times.
HISTORIES = {
    'draft': ['feat: dark mode (#12)', 'fix: a crash on launch', 'chore: tidy', 'perf: faster sync'],
    'draft-first': ['feat: dark mode (#12)', 'fix: a crash on launch'],
}


def history(root, messages):
    """A git repository of the files, tagged v1.0.0, then one commit per message."""
    env = dict(os.environ, GIT_AUTHOR_NAME='Dev', GIT_AUTHOR_EMAIL='dev@example.com', GIT_COMMITTER_NAME='Dev',
               GIT_COMMITTER_EMAIL='dev@example.com')
    def git(*arguments, when=1_700_000_000):
        env['GIT_AUTHOR_DATE'] = env['GIT_COMMITTER_DATE'] = f'@{when} +0000'
        subprocess.run(['git', *arguments], cwd=root, env=env, check=True, capture_output=True)
    git('init', '-q', '-b', 'main')
    git('add', '-A')
    git('commit', '-qm', 'Start')
    git('tag', 'v1.0.0')
    for index, message in enumerate(messages):
        with open(os.path.join(root, 'code.txt'), 'w') as f:
            f.write(f'{index}\n')
        git('add', '-A')
        git('commit', '-qm', message, when=1_700_000_000 + 60 * (index + 1))


def make(root, files):
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        if text.startswith('@'):
            os.symlink(text[1:], full)
        else:
            with open(full, 'w') as f:
                f.write(text)


def stray(name):
    return '.whatsnew-' in name or name == '.whatsnew.lock' or name.startswith('.whatsnew-files-')


def snapshot(root, scenario):
    """The project's files; fragments by content (new ones are named at random), and apart the
    files no finished run leaves (temporaries, journals, the lock)."""
    state, leftovers, notes = {}, [], []
    for folder, directories, names in os.walk(root):
        for name in directories + names:
            full = os.path.join(folder, name)
            relative = os.path.relpath(full, root)
            if any(stray(part) for part in relative.split(os.sep)):
                leftovers.append(relative)
                continue
            if os.path.islink(full):
                state[relative] = ('link', os.readlink(full))
            elif os.path.isdir(full) and scenario.startswith('output'):
                # An output's folders are its own to make and to take back.
                state[relative] = ('folder',)
            elif os.path.isfile(full):
                data = open(full, 'rb').read()
                if scenario.startswith('new') and relative.startswith('.changes/') and name != 'README.md':
                    notes.append(data)
                else:
                    state[relative] = ('file', data, os.stat(full).st_mode & 0o7777)
    state['<fragments>'] = sorted(notes)
    return state, sorted(leftovers)


def run(binary, root, arguments, inject=None, call=None, env=None):
    command = [binary] + arguments
    if inject:
        command = ['strace', '-f', '-qq', '-o', '/dev/null', '-e', f'trace={call}', '-e',
                   f'inject={call}:{inject}'] + command
    try:
        done = subprocess.run(command, cwd=root, capture_output=True, text=True, timeout=60, env=env)
        return done.returncode, done.stderr
    except subprocess.TimeoutExpired:
        return 'timeout', ''


def count_calls(binary, root, arguments):
    log = os.path.join(tempfile.gettempdir(), f'faults-{os.getpid()}.log')
    subprocess.run(['strace', '-f', '-qq', '-o', log, '-e', 'trace=' + ','.join(CALLS), binary] + arguments,
                   cwd=root, capture_output=True, timeout=60)
    counts = {}
    for line in open(log):
        match = re.match(r'^\d+\s+(\w+)\(', line)
        if match:
            counts[match.group(1)] = counts.get(match.group(1), 0) + 1
    os.unlink(log)
    return counts


def trial(binary, base, name, template, arguments, follow, before, after, env, call, index, fault):
    """One faulty run and the next command after it: the problems found, and 1 when the fault
    left the project changed for the next command to finish."""
    problems, kinds = [], 0
    root = os.path.join(base, name, f'{call}-{index}-{fault.split("=")[1]}')
    shutil.copytree(template, root, symlinks=True)
    where = f'{name}: {fault} at {call} #{index}'
    status, stderr = run(binary, root, arguments, f'{fault}:when={index}', call, env)
    if status == 'timeout':
        return [f'{where}: did not end'], 0
    state, leftovers = snapshot(root, name)
    journal = os.path.isdir(os.path.join(root, '.changes', '.whatsnew-release'))
    # A kill that no handler sees, between making an output's folders and filling them, leaves
    # those folders empty (and a sealed temporary the next run removes): the next run fills them.
    killed_in_folders = (name.startswith('output') and status in (-9, 137) and set(state) - set(before[0])
                         and all(state[key] == ('folder',) for key in set(state) - set(before[0]))
                         and all(after[0].get(key) == ('folder',) for key in set(state) - set(before[0])))
    if state not in (before[0], after[0]) and not killed_in_folders:
        kinds = 1
        lint = subprocess.run([binary, 'lint'], cwd=root, capture_output=True, text=True, env=env).stdout
        files_listed = any(os.path.basename(n).startswith('.whatsnew-files-') for n in leftovers)
        if journal and 'unfinished-release' not in lint:
            problems.append(f'{where}: a journal lint does not report')
        if not journal and not files_listed:
            problems.append(f'{where}: changed half-way with nothing to finish it: {leftovers}')
        if status not in (-9, 137) and 'recover' not in stderr and 'written:' not in stderr and status != 0:
            problems.append(f'{where}: failed half-way without saying so: {stderr!r}')
    if status == 0 and state != after[0]:
        problems.append(f'{where}: exited 0 but the project is not as a faultless run leaves it')
    if status not in (0, -9, -15, 137, 143) and state == after[0] and 'nothing was changed' in stderr:
        problems.append(f'{where}: says nothing was changed, but it was')
    # The next command ends what the fault left.
    run(binary, root, follow or arguments, env=env)
    state, leftovers = snapshot(root, name)
    if state not in (before[0], after[0]):
        problems.append(f'{where}: after the next command, neither before nor after')
    if leftovers:
        problems.append(f'{where}: after the next command, left {leftovers}')
    shutil.rmtree(root, ignore_errors=True)
    return problems, kinds


def main(binary, wanted):
    binary = os.path.abspath(binary)
    env = dict(os.environ, LANG='C.UTF-8')
    problems, total = [], 0
    base = tempfile.mkdtemp(prefix='whatsnew-faults-')
    try:
        for name, (files, arguments, follow) in SCENARIOS.items():
            if wanted and name not in wanted:
                continue
            template = os.path.join(base, name, 'template')
            make(template, files)
            if name in HISTORIES:
                history(template, HISTORIES[name])
            before = snapshot(template, name)
            clean = os.path.join(base, name, 'clean')
            shutil.copytree(template, clean, symlinks=True)
            status, stderr = run(binary, clean, arguments, env=env)
            if status != 0:
                problems.append(f'{name}: the faultless run failed: {stderr}')
                continue
            after = snapshot(clean, name)
            if after[1]:
                problems.append(f'{name}: a faultless run left {after[1]}')
            counts = count_calls(binary, shutil.copytree(template, os.path.join(base, name, 'count'), symlinks=True),
                                 arguments)
            trials = [(call, index, fault) for call, count in sorted(counts.items())
                      for index in range(1, count + 1) for fault in FAULTS]
            # Each trial has its own copy of the project: they run side by side, one per core.
            with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
                results = list(pool.map(lambda t: trial(binary, base, name, template, arguments, follow,
                                                        before, after, env, *t), trials))
            runs = len(trials)
            kinds = sum(kind for _, kind in results)
            problems += [problem for found, _ in results for problem in found]
            total += runs
            calls = ', '.join(f'{c} {n}' for c, n in sorted(counts.items()))
            print(f'{name}: {runs} faulty runs ({calls}); {kinds} left a journal for the next command')
    finally:
        shutil.rmtree(base, ignore_errors=True)
    for problem in problems:
        print('FAIL', problem)
    print(f'{total} faulty runs, {len(problems)} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1], sys.argv[2:]))
