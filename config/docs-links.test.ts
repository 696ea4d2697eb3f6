import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The README and docs/ link to each other by relative paths and #anchors; a page renamed or a heading
// reworded must not leave a reader at a dead link.
const root = path.resolve(__dirname, '..');
const docs = path.join(root, 'docs');

const markdownFiles = (): string[] => [
  path.join(root, 'README.md'),
  path.join(root, 'api', 'README.md'),
  ...fs
    .readdirSync(docs)
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(docs, name)),
];

// Code blocks and code spans hold examples, not links.
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered.
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

function brokenLinks(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const broken: string[] = [];
  for (const [, target] of prose(text).matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)) {
    if (/^[a-z][a-z+.-]*:/i.test(target)) continue;
    const [where, anchor] = target.split('#') as [string, string | undefined];
    const resolved = where === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(where));
    const name = `${path.relative(root, file)} → ${target}`;
    if (!fs.existsSync(resolved)) broken.push(`${name}: no such file`);
    else if (anchor !== undefined) {
      if (!resolved.endsWith('.md')) broken.push(`${name}: an anchor into a file that is not markdown`);
      else if (!anchors(fs.readFileSync(resolved, 'utf8')).has(anchor)) broken.push(`${name}: no such heading`);
    }
  }
  return broken;
}

describe('the documentation', () => {
  it('has no relative link to a file or heading that does not exist', () => {
    expect(markdownFiles().flatMap(brokenLinks)).toEqual([]);
  });

  it('lists every page of docs/ in its index', () => {
    const index = fs.readFileSync(path.join(docs, 'README.md'), 'utf8');
    const unlisted = fs
      .readdirSync(docs)
      .filter((name) => name.endsWith('.md') && name !== 'README.md')
      .filter((name) => !index.includes(`](${name})`));
    expect(unlisted).toEqual([]);
  });

  it('finds a broken link and a missing heading', () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-links-'));
    try {
      fs.writeFileSync(path.join(scratch, 'a.md'), '# A page\n\n## Two `words`: here\n');
      fs.writeFileSync(
        path.join(scratch, 'b.md'),
        '[ok](a.md#two-words-here) [gone](c.md) [no heading](a.md#three) `[code](d.md)` [web](https://x.org)\n',
      );
      expect(brokenLinks(path.join(scratch, 'b.md'))).toEqual([
        expect.stringMatching(/→ c\.md: no such file$/),
        expect.stringMatching(/→ a\.md#three: no such heading$/),
      ]);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
