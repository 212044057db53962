// The graph service's script spellings (what search adds for a name written in another script) follow
// the brain's pages: a page written, moved or deleted since the last question changes them at the
// next one (caught up from the changes feed), and so does an import of more changes than are caught
// up one by one (every name read again). Asked of the service directly, so a word the search would
// not find anyway still shows.
import assert from 'node:assert/strict';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { loadRomanization } from '../../src/domain/scriptSpellings.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('script spellings follow the pages', function () {
  let s: TestServer;
  let write: string;
  const spell = (word: string) => s.c.graph.otherScriptSpellings(s.mainBrainId, [word]).get(word) ?? [];
  const put = async (path: string, markdown: string) => {
    const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path, markdown } });
    assert.ok(r.status === 200 || r.status === 201, r.text);
  };

  before(async () => {
    s = await startTestServer();
    write = s.credential('Write');
    await loadRomanization();
  });
  after(async () => s.stop());

  it('a written page adds its names, a move replaces them, a delete takes them away', async () => {
    await put('Notes/English.md', '# English\n\nNothing in another script yet.\n');
    assert.deepEqual(spell('almaty'), []);
    await put('Meetings/Совещание Алматы.md', '# Совещание Алматы\n\nБюджет.\n');
    assert.deepEqual(spell('almaty'), ['алматы']);
    const move = await s.request('POST', '/api/v1/brains/main/pages/move', { token: write, body: { fromPath: 'Meetings/Совещание Алматы.md', toPath: 'Meetings/Совещание Астана.md' } });
    assert.equal(move.status, 200, move.text);
    // The title (its first heading) is still "Совещание Алматы": the file name is a name too.
    assert.deepEqual(spell('astana'), ['астана']);
    await put('Meetings/Совещание Астана.md', '# Совещание Астана\n\nБюджет.\n');
    assert.deepEqual(spell('almaty'), [], 'no page is named Алматы any more');
    const del = await s.request('DELETE', `/api/v1/brains/main/pages?path=${encodeURIComponent('Meetings/Совещание Астана.md')}`, { token: write });
    assert.ok(del.status === 200 || del.status === 204, del.text);
    assert.deepEqual(spell('astana'), []);
  });

  it('more changes than are caught up one by one: every name is read again', async () => {
    assert.deepEqual(spell('tbilisi'), []);
    const files = Array.from({ length: 300 }, (_, i) => ({ path: `Bulk/Note ${i}.md`, content: Buffer.from(`# Note ${i}\n\nText.\n`) }));
    files.push({ path: 'Reports/თბილისი.md', content: Buffer.from('# თბილისი\n\nანგარიში.\n') });
    await s.c.pages.importPages(SYSTEM_ACTOR, 'main', files);
    assert.deepEqual(spell('tbilisi'), ['თბილისი']);
    assert.deepEqual(spell('თბილისი'), [], 'never a word of its own script');
  });
});
