import assert from 'node:assert/strict';
import { applyPatch, findSection } from '../../src/domain/markdownPatch.js';
import { addTimelineEntry, readTimeline, checkDate } from '../../src/domain/timeline.js';
import { AppError } from '../../src/domain/errors.js';

const PAGE = `---
title: Ada
tags: [math]
---
# Ada Lovelace

Intro   with  odd   spacing.

## Work

Wrote notes.

### Notes on the Engine

Deep detail.

## Life

Born 1815.
\`\`\`
## Not a heading
\`\`\`
`;

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return (e as AppError).code;
  }
  return 'no error';
}

describe('markdownPatch', () => {
  it('finds sections by heading text, case-insensitively, ignoring headings in code blocks', () => {
    const s = findSection(PAGE, 'work')!;
    assert.equal(PAGE.slice(s.heading.start, s.heading.end), '## Work');
    assert.ok(PAGE.slice(s.heading.end, s.end).includes('Deep detail.'), 'subsections belong to the section');
    assert.ok(PAGE.slice(s.end).startsWith('## Life'));
    assert.equal(findSection(PAGE, 'Not a heading'), null);
    assert.equal(findSection(PAGE, '## WORK')!.heading.start, s.heading.start);
  });

  it('append-section adds at the end of the section (after subsections) and keeps every other byte', () => {
    const out = applyPatch(PAGE, { operation: 'append-section', section: 'Work', content: 'More work.\n' });
    assert.equal(out, PAGE.replace('Deep detail.\n\n## Life', 'Deep detail.\n\nMore work.\n\n## Life'));
  });

  it('append-section with position start goes right under the heading', () => {
    const out = applyPatch(PAGE, { operation: 'append-section', section: 'Life', content: 'First.', position: 'start' });
    assert.equal(out, PAGE.replace('## Life\n\nBorn', '## Life\n\nFirst.\n\nBorn'));
  });

  it('append-section on the last section keeps the trailing newline', () => {
    const md = '# T\n\n## A\n\ntext\n';
    assert.equal(applyPatch(md, { operation: 'append-section', section: 'a', content: 'more' }), '# T\n\n## A\n\ntext\n\nmore\n');
  });

  it('append-section creates a missing section at the end (or at the top of the body with start)', () => {
    assert.equal(applyPatch('# T\n\nbody\n', { operation: 'append-section', section: 'Links', content: '- x' }), '# T\n\nbody\n\n## Links\n\n- x\n');
    assert.equal(applyPatch('# T\n\nbody\n', { operation: 'append-section', section: '### Deep', content: 'y' }), '# T\n\nbody\n\n### Deep\n\ny\n');
    assert.equal(applyPatch('---\na: 1\n---\n# T\n\nbody\n', { operation: 'append-section', section: 'Top', content: 'y', position: 'start' }), '---\na: 1\n---\n# T\n\n## Top\n\ny\n\nbody\n');
    assert.equal(applyPatch('', { operation: 'append-section', section: 'A', content: 'x' }), '## A\n\nx\n');
  });

  it('replace-section replaces up to the next heading of the same or higher level', () => {
    const out = applyPatch(PAGE, { operation: 'replace-section', section: 'work', content: 'Replaced.' });
    assert.equal(out, PAGE.replace(/## Work\n[\s\S]*?## Life/, '## Work\n\nReplaced.\n\n## Life'));
    const sub = applyPatch(PAGE, { operation: 'replace-section', section: 'Notes on the Engine', content: 'New detail.' });
    assert.equal(sub, PAGE.replace('Deep detail.', 'New detail.'));
    const last = applyPatch('# T\n\n## A\n\nold\n', { operation: 'replace-section', section: 'A', content: 'new' });
    assert.equal(last, '# T\n\n## A\n\nnew\n');
    assert.equal(code(() => applyPatch(PAGE, { operation: 'replace-section', section: 'Nope', content: 'x' })), 'section_not_found');
  });

  it('append adds at the end, or at the top of the body (after frontmatter and H1) with start', () => {
    assert.equal(applyPatch(PAGE, { operation: 'append', content: 'Tail.' }), `${PAGE}\nTail.\n`);
    assert.equal(applyPatch(PAGE, { operation: 'append', content: 'Head.', position: 'start' }), PAGE.replace('# Ada Lovelace\n\n', '# Ada Lovelace\n\nHead.\n\n'));
    assert.equal(applyPatch('no newline', { operation: 'append', content: 'x' }), 'no newline\n\nx\n');
    assert.equal(applyPatch('', { operation: 'append', content: 'x' }), 'x\n');
  });

  it('keeps CRLF line endings', () => {
    const md = '# T\r\n\r\n## A\r\n\r\ntext\r\n\r\n## B\r\n\r\nb\r\n';
    assert.equal(applyPatch(md, { operation: 'append-section', section: 'A', content: 'one\ntwo' }), '# T\r\n\r\n## A\r\n\r\ntext\r\n\r\none\r\ntwo\r\n\r\n## B\r\n\r\nb\r\n');
  });

  it('set-frontmatter merges keys, null removes one, the body stays byte for byte', () => {
    const out = applyPatch(PAGE, { operation: 'set-frontmatter', content: { status: 'active', tags: null } });
    assert.equal(out, PAGE.replace('tags: [math]\n', 'status: active\n'));
    assert.equal(code(() => applyPatch(PAGE, { operation: 'set-frontmatter', content: 'x' })), 'invalid_patch');
    assert.equal(code(() => applyPatch(PAGE, { operation: 'set-frontmatter', content: ['a'] })), 'invalid_patch');
    assert.equal(code(() => applyPatch(PAGE, { operation: 'set-frontmatter', content: { 'bad key': 1 } })), 'invalid_patch');
  });

  it('refuses non-string content and a missing section name', () => {
    assert.equal(code(() => applyPatch(PAGE, { operation: 'append', content: { a: 1 } })), 'invalid_patch');
    assert.equal(code(() => applyPatch(PAGE, { operation: 'append-section', content: 'x' })), 'invalid_patch');
  });
});

describe('timeline', () => {
  it('reads entries newest first, ignoring other lines', () => {
    const md = '# P\n\n## Timeline\n\n- 2024-01-02: second\n- 2025-03-01: third\nnot an entry\n- 2023-05-06: first\n\n## After\n\n- 2030-01-01: not timeline\n';
    assert.deepEqual(readTimeline(md), [
      { date: '2025-03-01', text: 'third' },
      { date: '2024-01-02', text: 'second' },
      { date: '2023-05-06', text: 'first' },
    ]);
    assert.deepEqual(readTimeline('# none\n'), []);
  });

  it('creates the section when missing and keeps lines sorted newest first', () => {
    let md = '# P\n\nBody.\n';
    md = addTimelineEntry(md, { date: '2024-05-01', text: 'middle' });
    assert.equal(md, '# P\n\nBody.\n\n## Timeline\n\n- 2024-05-01: middle\n');
    md = addTimelineEntry(md, { date: '2025-01-01', text: 'newest' });
    md = addTimelineEntry(md, { date: '2020-01-01', text: 'oldest' });
    md = addTimelineEntry(md, { date: '2024-05-01', text: 'same day, later' });
    assert.equal(md, '# P\n\nBody.\n\n## Timeline\n\n- 2025-01-01: newest\n- 2024-05-01: same day, later\n- 2024-05-01: middle\n- 2020-01-01: oldest\n');
  });

  it('leaves the rest of the page alone when adding inside a section followed by another', () => {
    const md = '# P\n\n## timeline\n\n- 2020-01-01: a\n\n## Next\n\ntext\n';
    assert.equal(addTimelineEntry(md, { date: '2021-01-01', text: 'b\nc' }), '# P\n\n## timeline\n\n- 2021-01-01: b c\n- 2020-01-01: a\n\n## Next\n\ntext\n');
    assert.equal(addTimelineEntry('## Timeline\n\n## Next\n', { date: '2021-01-01', text: 'x' }), '## Timeline\n\n- 2021-01-01: x\n\n## Next\n');
  });

  it('refuses bad dates and empty text', () => {
    for (const d of ['2024-13-01', '2024-02-30', '24-01-01', 'today', '2024-1-1', '0999-01-01']) {
      assert.equal(code(() => checkDate(d)), 'invalid_date', d);
    }
    assert.equal(checkDate('2024-02-29'), '2024-02-29');
    assert.equal(code(() => addTimelineEntry('', { date: '2024-01-01', text: ' \n ' })), 'invalid_timeline_entry');
  });
});

describe('move link rewriting', () => {
  it('rewrites links by path, file name and relative href; leaves titles, code and other pages alone', async () => {
    const { rewriteLinksToMovedPage, relocateOwnLinks } = await import('../../src/domain/moveLinks.js');
    const move = { fromPath: 'people/Éclair.md', toPath: 'food/éclair-au-chocolat.md' };
    const yes = () => true;
    const md = 'A [[people/Éclair]], [[éclair|pastry]], [[Chocolate Éclair]], [x](../people/%C3%89clair.md), [y](../people/other.md), `[[people/Éclair]]`.\n';
    assert.equal(
      rewriteLinksToMovedPage(md, 'notes/n.md', move, yes),
      'A [[food/éclair-au-chocolat]], [[food/éclair-au-chocolat|pastry]], [[Chocolate Éclair]], [x](../food/%C3%A9clair-au-chocolat.md), [y](../people/other.md), `[[people/Éclair]]`.\n',
    );
    assert.equal(rewriteLinksToMovedPage('[[éclair]]', 'n.md', move, () => false), '[[éclair]]', 'a bare name owned by another page stays');
    assert.equal(
      relocateOwnLinks('[up](other.md) [me](Éclair.md#top) [[people/Éclair]] [web](https://x.org/a.md)\n', move, yes),
      '[up](../people/other.md) [me](%C3%A9clair-au-chocolat.md#top) [[food/éclair-au-chocolat]] [web](https://x.org/a.md)\n',
    );
  });

  it('relative wiki links stay relative and follow a move; markdown hrefs are rewritten from where the index sends them', async () => {
    const { rewriteLinksToMovedPage, relocateOwnLinks } = await import('../../src/domain/moveLinks.js');
    const yes = () => true;
    // (a) the moved page's own [[../x]] is recomputed from its new folder
    assert.equal(relocateOwnLinks('See [[../Reading/Theory#Intro|theory]].\n', { fromPath: 'English/Travel/a.md', toPath: 'a.md' }, yes), 'See [[./English/Reading/Theory#Intro|theory]].\n');
    assert.equal(relocateOwnLinks('[[./Plan]]\n', { fromPath: 'work/a.md', toPath: 'work/sub/a.md' }, yes), '[[../Plan]]\n');
    // (c) a relative link to the moved page is rewritten relative
    const theory = { fromPath: 'English/Reading/Theory.md', toPath: 'English/Theory.md' };
    assert.equal(rewriteLinksToMovedPage('[[../English/Reading/Theory|t]] [[English/Reading/Theory]]\n', 'Deutsch/x.md', theory, yes), '[[../English/Theory|t]] [[English/Theory]]\n');
    // (b) [x](Note.md) in home/ that the index resolves to other/Note.md (nothing beside it)
    const goesTo = (link: { target: string }, from: string) => (link.target === 'Note.md' && from.startsWith('home/') ? 'other/Note.md' : null);
    assert.equal(rewriteLinksToMovedPage('[x](Note.md)\n', 'home/x.md', { fromPath: 'other/Note.md', toPath: 'other/Renamed.md' }, yes, goesTo), '[x](../other/Renamed.md)\n');
    assert.equal(relocateOwnLinks('[x](Note.md)\n', { fromPath: 'home/x.md', toPath: 'work/x.md' }, yes, goesTo), '[x](../other/Note.md)\n');
    assert.equal(rewriteLinksToMovedPage('[x](Note.md)\n', 'home/x.md', { fromPath: 'home/Note.md', toPath: 'home/N2.md' }, yes, goesTo), '[x](Note.md)\n', 'not the page it reaches');
  });
});
