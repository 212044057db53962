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
