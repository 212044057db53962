// Inbox revisions (issue 20.5): a new version of a document is compared only with the document's
// LATEST version. The same bytes as the latest are a repeat; the bytes of an older version are a
// revert, so a new revision linked to the latest, with its diff. Over real HTTP.
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('inbox revisions compare with the latest version only', () => {
  let s: TestServer;
  let writer: string;
  let reader: string;
  let base: string;
  const upload = (body: Record<string, unknown>) => s.request('POST', base, { token: writer, body });
  const item = (id: string) => s.request('GET', `${base}/${id}`, { token: reader });

  before(async () => {
    s = await startTestServer();
    writer = s.credential('Write');
    reader = s.credential('Read');
    base = `/api/v1/brains/${s.mainBrainId}/inbox`;
  });
  after(async () => {
    await s?.stop();
  });

  it('without versions: A, B, then A again is a revert (a new revision); A once more is a repeat', async () => {
    const ref = { provider: 'notion', providerItemId: 'page-42', filename: 'plan.md' };
    const a = await upload({ ...ref, content: 'Plan\nkeep the budget\n' });
    assert.equal(a.status, 201, a.text);
    const b = await upload({ ...ref, content: 'Plan\ncut the budget\n' });
    assert.equal(b.status, 201, b.text);
    assert.equal(b.body.item.supersedesItemId, a.body.item.id);

    const revert = await upload({ ...ref, content: 'Plan\nkeep the budget\n' });
    assert.equal(revert.status, 201, revert.text);
    assert.equal(revert.body.duplicate, false);
    assert.notEqual(revert.body.item.id, a.body.item.id);
    assert.equal(revert.body.item.supersedesItemId, b.body.item.id);
    assert.equal(revert.body.item.sha256, a.body.item.sha256);
    assert.notEqual(revert.body.item.externalId, a.body.item.externalId, 'the revert has an id of its own');
    const got = await item(revert.body.item.id);
    assert.equal(got.body.revisionOf.id, b.body.item.id);
    assert.match(got.body.revisionDiff, /^-cut the budget$/m);
    assert.match(got.body.revisionDiff, /^\+keep the budget$/m);
    assert.equal((await item(b.body.item.id)).body.supersededByItemId, revert.body.item.id);

    const repeat = await upload({ ...ref, content: 'Plan\nkeep the budget\n' });
    assert.equal(repeat.status, 200, repeat.text);
    assert.equal(repeat.body.duplicate, true);
    assert.equal(repeat.body.item.id, revert.body.item.id, 'a repeat of the latest version');

    // And back again: B's bytes after the revert are a revision too.
    const again = await upload({ ...ref, content: 'Plan\ncut the budget\n' });
    assert.equal(again.status, 201, again.text);
    assert.equal(again.body.item.supersedesItemId, revert.body.item.id);
  });

  it('with versions: v3 with the bytes of v1 is a revision; re-sending v1 or v3 is a repeat', async () => {
    const ref = { canonicalUrl: 'https://docs.google.com/document/d/1RevertRevertRevertRevert/edit', filename: 'memo.txt' };
    const v1 = await upload({ ...ref, version: '1', content: 'Memo: ship on Friday\n' });
    const v2 = await upload({ ...ref, version: '2', content: 'Memo: ship on Monday\n' });
    const v3 = await upload({ ...ref, version: '3', content: 'Memo: ship on Friday\n' });
    assert.deepEqual([v1.status, v2.status, v3.status], [201, 201, 201], v3.text);
    assert.equal(v3.body.item.supersedesItemId, v2.body.item.id);
    assert.equal(v3.body.item.externalId, 'gdrive:1RevertRevertRevertRevert@3');
    const resentOld = await upload({ ...ref, version: '1', content: 'Memo: ship on Friday\n' });
    assert.equal(resentOld.status, 200);
    assert.equal(resentOld.body.item.id, v1.body.item.id);
    const resent = await upload({ ...ref, version: '3', content: 'Memo: ship on Friday\n' });
    assert.equal(resent.body.item.id, v3.body.item.id);
    // A new version label with the latest version's bytes changes nothing.
    const v4 = await upload({ ...ref, version: '4', content: 'Memo: ship on Friday\n' });
    assert.equal(v4.status, 200, v4.text);
    assert.equal(v4.body.item.id, v3.body.item.id);
  });

  it('content with no document behind it still repeats any item with the same bytes', async () => {
    const plain = await upload({ filename: 'note.txt', content: 'a loose note\n' });
    assert.equal(plain.status, 201);
    const same = await upload({ filename: 'other.txt', content: 'a loose note\n' });
    assert.equal(same.status, 200);
    assert.equal(same.body.item.id, plain.body.item.id);
    assert.equal(same.body.matchedBy, 'content');
    // A document's version is compared with its own history only, even when a loose item has its bytes.
    const doc = await upload({ provider: 'notion', providerItemId: 'page-77', filename: 'n.txt', content: 'a loose note\n' });
    assert.equal(doc.status, 201, doc.text);
    // ...and a loose upload of a document version's bytes is a repeat of that version.
    const loose = await upload({ filename: 'x.txt', content: 'Memo: ship on Monday\n' });
    assert.equal(loose.status, 200);
  });
});
