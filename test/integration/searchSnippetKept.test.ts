// Snippets reuse the tokens of a chunk text asked before (src/domain/snippet.ts, keyed by the
// text): a page written again is shown from its new text on the very next search.
import assert from 'node:assert/strict';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('search snippets from kept tokens', function () {
  this.timeout(60_000);
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(async () => s?.stop());

  it('a page write shows in the next search snippet', async () => {
    const filler = 'The orchard notes keep growing with every season of pruning and harvest. '.repeat(6);
    const snippetOf = async () => {
      const r = await s.c.search.search(SYSTEM_ACTOR, s.mainBrainId, { q: 'quince', mode: 'exact' });
      return r.hits.find((h) => h.path === 'garden/orchard.md')?.snippet;
    };
    await s.c.pages.put(SYSTEM_ACTOR, s.mainBrainId, { path: 'garden/orchard.md', markdown: `# Orchard\n\n${filler}The quince tree flowered early.\n` });
    assert.match((await snippetOf())!, /The \*\*quince\*\* tree flowered early\./);
    assert.match((await snippetOf())!, /The \*\*quince\*\* tree flowered early\./, 'asked again: the same snippet');
    await s.c.pages.put(SYSTEM_ACTOR, s.mainBrainId, { path: 'garden/orchard.md', markdown: `# Orchard\n\n${filler}The quince tree was cut down.\n` });
    const after = (await snippetOf())!;
    assert.match(after, /The \*\*quince\*\* tree was cut down\./);
    assert.doesNotMatch(after, /flowered/);
  });
});

describe('search snippets of a page cut part way', function () {
  this.timeout(60_000);
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(async () => s?.stop());

  // The cut of a hit's chunk stops after that chunk and is kept: a later hit on a chunk further
  // down the same page must cut again, not show an empty or wrong text.
  it('a hit on a later chunk of a page cut before shows that chunk', async () => {
    const section = (i: number, word: string) => `## Part ${i}\n\n${`filler${i} words about the orchard season. `.repeat(50)}The ${word} sits here.\n`;
    const markdown = `# Orchard\n\n${section(0, 'medlar')}\n${section(1, 'x')}\n${section(2, 'x')}\n${section(3, 'quince')}\n`;
    await s.c.pages.put(SYSTEM_ACTOR, s.mainBrainId, { path: 'garden/orchard.md', markdown });
    const first = await s.c.search.search(SYSTEM_ACTOR, s.mainBrainId, { q: 'medlar', mode: 'exact' });
    assert.match(first.hits.find((h) => h.path === 'garden/orchard.md')!.snippet, /The \*\*medlar\*\* sits here\./);
    const later = await s.c.search.search(SYSTEM_ACTOR, s.mainBrainId, { q: 'quince', mode: 'exact' });
    assert.match(later.hits.find((h) => h.path === 'garden/orchard.md')!.snippet, /The \*\*quince\*\* sits here\./);
    const again = await s.c.search.search(SYSTEM_ACTOR, s.mainBrainId, { q: 'medlar', mode: 'exact' });
    assert.match(again.hits.find((h) => h.path === 'garden/orchard.md')!.snippet, /The \*\*medlar\*\* sits here\./);
  });
});
