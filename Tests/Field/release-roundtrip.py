#!/usr/bin/env python3
"""Field check for `whatsnew release` on real changelogs (kept out of the repository).

    Tests/Field/release-roundtrip.py CHANGELOG.md .build/debug/whatsnew [-v]

The newest release is turned back into fragments (one per list item, its rows' kinds as the
sheet reads them, rows of no kind as kinds of the project's own), taken out of the file with its
comparison link, and written again with `whatsnew release VERSION --date DATE`. The result is
compared with the original (its unreleased content set aside): the lines that differ beyond
whitespace, and with -v the whole diff. Needs cmark (Debian's `cmark`) for source positions."""
import json, os, re, subprocess, sys, tempfile, xml.etree.ElementTree as ET

NS = '{http://commonmark.org/xml/1.0}'

def span(node):
    a, b = node.get('sourcepos').split('-')
    return int(a.split(':')[0]), int(b.split(':')[0])

def text(node):
    return ''.join(t.text or '' for t in node.iter() if t.tag in (NS + 'text', NS + 'code'))

def main(path, whatsnew):
    whatsnew = os.path.abspath(whatsnew)
    original = open(path, encoding='utf-8').read()
    lines = original.split('\n')
    data = json.loads(subprocess.run([whatsnew, path, '--format', 'json', '--release', 'all'],
                                     capture_output=True, text=True, check=True).stdout)
    releases = data['releases']
    index = next(i for i, r in enumerate(releases) if r['version'] and not r.get('unreleased'))
    release = releases[index]
    version, date = release['version'], release['date']
    tree = ET.fromstring(subprocess.run(['cmark', '--to', 'xml', '--sourcepos', path],
                                        capture_output=True, text=True, check=True).stdout)
    top = list(tree)
    headings = [(span(n), int(n.get('level')), text(n)) for n in top if n.tag == NS + 'heading']
    (start, _), level, _ = next(h for h in headings if version in h[2] and h[0][0] >= 1)
    # The release ends at the next heading as high as its own.
    end = next((h[0][0] - 1 for h in headings if h[0][0] > start and h[1] <= level), len(lines))
    heading_end = next(span(n)[1] for n in top if span(n)[0] == start)
    sections = [s for s in release['sections']]
    section_lines = [s['line'] for s in sections if start < s['line'] <= end]
    heading_text = next(h[2] for h in headings if h[0][0] == start)
    # What stands before the first row: a date line the heading template writes again, and a
    # summary, which goes back into the notes as unreleased content (no fragment holds prose).
    prelude_end = (min(section_lines) - 1) if section_lines else end
    prelude = [n for n in top if heading_end < span(n)[0] <= prelude_end and n.tag != NS + 'list']
    if prelude and date and date[:4] in text(prelude[0]) and date[:4] not in heading_text:
        prelude = prelude[1:]
    fragments, kinds = [], {}
    for number, section in enumerate(sections):
        first = section['line']
        if not (start < first <= end):  # a release of one row, no heading: its lists are the items
            first = prelude_end if section_lines else heading_end
        last = section_lines[section_lines.index(first) + 1] - 1 if first in section_lines and section_lines.index(first) + 1 < len(section_lines) else end
        kind = section['kind'] if section['kind'] not in ('other', None) else None
        if kind is None:
            name = 'k%d' % number
            kinds[name] = section['title']
            kind = name
        for node in top:
            a, b = span(node)
            if not (first < a <= last or (a == first and node.tag == NS + 'list')):
                continue
            if node.tag == NS + 'list':
                for item in node:
                    ia, ib = span(item)
                    body = lines[ia - 1:ib]
                    while body and not body[-1].strip():
                        body.pop()
                    fragments.append((kind, body))
            elif node.tag not in (NS + 'heading', NS + 'thematic_break', NS + 'html_block'):
                body = lines[a - 1:b]
                fragments.append((kind, body))

    # The file before the release: the release taken out, its link definition too, and the
    # unreleased link pointing at the release before it.
    previous = next((r['version'] for r in releases[index + 1:] if r['version']), None)
    baseline = list(lines)
    unreleased = next((r for r in releases if r.get('unreleased') and not r['version']), None)
    if unreleased:  # its own content is not part of the round trip
        u = next(h for h in headings if re.search(r'unreleased|^\W*(main|master|upcoming|next|tbd)\W*$', h[2], re.I))
        u_end = next(h[0][0] - 1 for h in headings if h[0][0] > u[0][0] and h[1] <= u[1])
        baseline[u[0][1]:u_end] = ['']
    base_text = '\n'.join(baseline)
    # Recompute the release's place in the baseline.
    delta = len(lines) - len(baseline)
    s, e = start - delta, end - delta
    carried = [l for n in prelude for l in lines[span(n)[0] - 1:span(n)[1]] + ['']]
    added_heading = None
    if carried and not unreleased:
        added_heading = '#' * level + ' Unreleased'
    working = baseline[:s - 1] + ([added_heading, ''] if added_heading else []) + \
        ([] if not carried or unreleased else carried) + baseline[e:]
    if carried and unreleased:
        u = next(h for h in headings if re.search(r'unreleased|^\W*(main|master|upcoming|next|tbd)\W*$', h[2], re.I))
        at = u[0][1] if u[0][0] < start else u[0][1] - (e - s + 1)
        working = working[:at] + [''] + carried + working[at:]
    working = [l for l in working if not re.match(r'^\[%s\]:' % re.escape(version), l, re.I)]
    if previous:
        working = [re.sub(r'^(\[unreleased\]:.*)%s' % re.escape(version), lambda m: m.group(1) + previous, l, flags=re.I) for l in working]
    folder = tempfile.mkdtemp(prefix='roundtrip-')
    os.makedirs(os.path.join(folder, '.changes'))
    open(os.path.join(folder, 'CHANGELOG.md'), 'w').write('\n'.join(working))
    for number, (kind, body) in enumerate(fragments):
        open(os.path.join(folder, '.changes', '%04d-note.md' % number), 'w').write(
            '---\nkind: %s\n---\n%s\n' % (kind, '\n'.join(body)))
    if kinds:
        open(os.path.join(folder, '.whatsnew.yml'), 'w').write(
            'kinds:\n' + ''.join('  %s:\n    title: %s\n' % (k, json.dumps(t)) for k, t in kinds.items()))
    arguments = [whatsnew, 'release', version] + (['--date', date] if date else ['--allow-older'])
    result = subprocess.run(arguments, cwd=folder, capture_output=True, text=True)
    if result.returncode != 0:
        print('%s: release failed: %s' % (path, result.stderr.strip()))
        return
    written = open(os.path.join(folder, 'CHANGELOG.md')).read()
    if added_heading:  # the Unreleased heading the summary came in under
        written = written.replace(added_heading + '\n\n', '', 1)
        open(os.path.join(folder, 'CHANGELOG.md'), 'w').write(written)
    open(folder + '/expected.md', 'w').write(base_text)
    diff = subprocess.run(['diff', '-u', folder + '/expected.md', folder + '/CHANGELOG.md'], capture_output=True, text=True).stdout
    loose = subprocess.run(['diff', '-w', '-B', folder + '/expected.md', folder + '/CHANGELOG.md'], capture_output=True, text=True).stdout
    changed = [l for l in loose.split('\n') if l.startswith(('<', '>'))]
    release_lines = end - start + 1
    same = 'byte-identical' if written == base_text else 'beyond whitespace %d lines differ' % len(changed)
    print('%s: %s (%s), %d fragments, %d kinds of its own; release %d lines; %s'
          % (os.path.basename(path), version, date, len(fragments), len(kinds), release_lines, same))
    if '-v' in sys.argv:
        print(diff)

if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
