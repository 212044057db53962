// A chunk's vector borrows its page's title, aliases and summary and its link neighbours' titles, so
// a page write re-embeds the neighbours only when it changes what they borrow: a new title or
// aliases, or a different set of links. An edit of the text alone re-embeds only the chunks it changed.
import assert from 'node:assert/strict';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const hub = (title: string, links: string, tail: string) =>
  `# ${title}\n\nThe hub of the garden notes: ${links}.\n\n## Soil\n\n${'Compost and mulch keep the beds alive. '.repeat(40)}\n\n## Later\n\n${tail}\n`;

describe('embedding context: neighbours re-embedded only when what they borrow changed', function () {
  this.timeout(60_000);
  let s: TestServer;
  /** When each page's chunks were last embedded, by path. */
  const embeddedAt = () =>
    Object.fromEntries(
      (s.c.db
        .prepare('SELECT p.path, MAX(e.embedded_at) AS at FROM search_embeddings e JOIN search_chunks c ON c.id = e.chunk_id JOIN pages p ON p.id = c.page_id GROUP BY p.path')
        .all() as Array<{ path: string; at: string }>).map((r) => [r.path, r.at]),
    );
  const put = async (path: string, markdown: string) => {
    await new Promise((r) => setTimeout(r, 5)); // timestamps apart
    await s.c.pages.put(SYSTEM_ACTOR, s.mainBrainId, { path, markdown });
    await s.c.embeddings.drain();
  };

  before(async () => {
    s = await startTestServer();
    await put('garden/tomatoes.md', '# Tomatoes\n\nRed fruit on the vine.\n');
    await put('garden/basil.md', '# Basil\n\nA herb beside the tomatoes.\n');
    await put('garden/chives.md', '# Chives\n\nThin green leaves.\n');
    await put('garden/hub.md', hub('Garden', '[[Tomatoes]] and [[Basil]]', 'First draft.'));
  });
  after(async () => s?.stop());

  it('an edit of the text alone re-embeds none of the neighbours', async () => {
    const before = embeddedAt();
    await put('garden/hub.md', hub('Garden', '[[Tomatoes]] and [[Basil]]', 'Second draft, with more words.'));
    const after = embeddedAt();
    assert.equal(after['garden/tomatoes.md'], before['garden/tomatoes.md']);
    assert.equal(after['garden/basil.md'], before['garden/basil.md']);
    assert.notEqual(after['garden/hub.md'], before['garden/hub.md'], 'the changed chunk is embedded again');
  });

  it('a new title re-embeds the neighbours', async () => {
    const before = embeddedAt();
    await put('garden/hub.md', hub('Kitchen garden', '[[Tomatoes]] and [[Basil]]', 'Second draft, with more words.'));
    const after = embeddedAt();
    assert.notEqual(after['garden/tomatoes.md'], before['garden/tomatoes.md']);
    assert.notEqual(after['garden/basil.md'], before['garden/basil.md']);
    assert.equal(after['garden/chives.md'], before['garden/chives.md']);
  });

  it('a changed set of links re-embeds the pages linked before and after', async () => {
    const before = embeddedAt();
    await put('garden/hub.md', hub('Kitchen garden', '[[Tomatoes]] and [[Chives]]', 'Second draft, with more words.'));
    const after = embeddedAt();
    assert.notEqual(after['garden/chives.md'], before['garden/chives.md'], 'the page linked now');
    assert.notEqual(after['garden/basil.md'], before['garden/basil.md'], 'the page no longer linked');
  });
});
