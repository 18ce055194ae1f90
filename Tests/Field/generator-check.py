#!/usr/bin/env python3
"""Field check for generator-made changelogs (kept out of the repository).

    Tests/Field/generator-check.py .build/debug/whatsnew FILE…

For each file, reads it independently with cmark (Debian's `cmark`, its XML) and compares with
whatsnew's JSON of every release:
  - releases: headings that carry a version (`1.2.3`, `v1.2`, `[1.2.3](…)`) and the ones whatsnew
    found, and of those with a date written in the heading or the line under it, how many got one;
  - items: every list item of the notes must appear in the JSON (items, summaries or section HTML);
  - the plain-text sheet of the latest release (the default command) must hold no address of an
    issue, pull request or commit.
Prints one line per file and exits 1 if any file misses something."""
import json, re, subprocess, sys, xml.etree.ElementTree as ET, html

NS = '{http://commonmark.org/xml/1.0}'
VERSION = re.compile(r'(?<![\w.])v?\d+\.\d+(?:\.\d+)?(?:[-.+]?[0-9A-Za-z.]+)?(?![\w])')
DATE = re.compile(r'\b(\d{4}-\d{2}-\d{2}|\d{4}/\d{2}/\d{2}|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2},? \d{4}|\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{4})\b')
STARTS_WITH_VERSION = re.compile(r'^\s*\[?v?\d+\.\d+')
REFERENCE_URL = re.compile(r'https?://\S+/(?:issues|pull|pulls|commit|commits|merge_requests)/\S+')

def text(node):
    return ''.join((t.text or '') + (' ' if t.tag in (NS + 'softbreak', NS + 'linebreak') else '')
                   for t in node.iter() if t.tag in (NS + 'text', NS + 'code', NS + 'softbreak', NS + 'linebreak'))

def norm(value):
    return re.sub(r'\s+', ' ', value).strip()

def check(whatsnew, path):
    xml = subprocess.run(['cmark', '--to', 'xml', path], capture_output=True, check=True).stdout
    root = ET.fromstring(xml)
    blocks = list(root)
    headings = [(i, b) for i, b in enumerate(blocks) if b.tag == NS + 'heading']
    run = subprocess.run([whatsnew, path, '--format', 'json', '--release', 'all'], capture_output=True, text=True)
    if run.returncode != 0:
        return {'file': path, 'error': run.stderr.strip()[:200]}
    data = json.loads(run.stdout)
    releases = data['releases']
    found = {r['version'] for r in releases if r['version']}
    dated = {r['version'] for r in releases if r['version'] and r['date']}
    archives = {a['title'] for a in data.get('archives', [])}
    # Release headings as a reader sees them: the shallowest heading level that carries versions.
    versioned = [(i, b) for i, b in headings if VERSION.search(text(b))]
    if not versioned:
        return {'file': path, 'error': 'no versioned heading'}
    level = min(int(b.get('level')) for _, b in versioned)
    expected, missing, undated = [], [], []
    for i, b in versioned:
        words = text(b)
        # Release headings: the shallowest level that carries versions, and deeper headings that
        # open with a version (conventional-changelog writes patch releases a level down).
        if int(b.get('level')) != level and not STARTS_WITH_VERSION.match(words):
            continue
        version = VERSION.search(words).group(0).lstrip('v')
        if words.strip() in archives or version in archives:
            continue
        expected.append(version)
        if not any(v == version or v.lstrip('v') == version or v.startswith(version) for v in found):
            missing.append(version)
            continue
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        has_date = DATE.search(words) or (nxt is not None and nxt.tag == NS + 'paragraph' and DATE.search(text(nxt)[:80]))
        if has_date and not any(v.startswith(version) for v in dated):
            undated.append(version)
    # Every list item of the notes after the first release heading appears in the JSON.
    plain = [r.get('summary') or '' for r in releases] + [
        '\n'.join(s['items']) + '\n' + (s.get('summary') or '') + '\n' + (s.get('title') or '')
        for r in releases for s in r['sections']]
    markup = [html.unescape(re.sub(r'<[^>]+>', ' ', s['html'])) for r in releases for s in r['sections']]
    everything = norm(' '.join(plain)) + ' ' + norm(' '.join(markup))
    start = versioned[0][0]
    lost, items = [], 0
    for block in blocks[start:]:
        for item in block.iter(NS + 'item'):
            # The item's own words: its first paragraph, not the lists nested in it.
            first = next((child for child in item if child.tag == NS + 'paragraph'), None)
            words = norm(text(first))[:60] if first is not None else ''
            words = words.rstrip('\\')
            if not words:
                continue
            items += 1
            # A kind marker (`Fix:`, `**deps:**`, `breaking change:`) becomes the row's kind.
            unmarked = words.split(': ', 1)[-1][:40]
            if words not in everything and unmarked not in everything:
                lost.append(words)
    sheet = subprocess.run([whatsnew, path], capture_output=True, text=True, env={'NO_COLOR': '1', 'COLUMNS': '80'}).stdout
    urls = REFERENCE_URL.findall(sheet)
    return {'file': path, 'headings': len(expected), 'missing': missing, 'undated': undated, 'items': items,
            'lost': lost[:5], 'lostCount': len(lost), 'referenceURLs': urls[:3], 'releases': len(releases)}

def main():
    whatsnew, files = sys.argv[1], sys.argv[2:]
    failed = False
    for path in files:
        report = check(whatsnew, path)
        bad = report.get('error') or report['missing'] or report['undated'] or report['lostCount'] or report['referenceURLs']
        failed |= bool(bad)
        print(json.dumps(report, ensure_ascii=False))
    sys.exit(1 if failed else 0)

if __name__ == '__main__':
    main()
