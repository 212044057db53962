import assert from 'node:assert/strict';
import { candidateDomains, canMove, completeReference, deriveExternalId, documentKey, inferProvider, parseGoogleDriveId, timeOrderedUuid } from '../../src/domain/inbox.js';

describe('inbox rules', () => {
  it('infers the provider from the link host', () => {
    const cases: Array<[string, string | null]> = [
      ['https://contoso.sharepoint.com/sites/ops/doc.docx', 'sharepoint'],
      ['https://contoso-my.sharepoint.com/personal/ann/doc.docx', 'onedrive'],
      ['https://onedrive.live.com/?id=ABC', 'onedrive'],
      ['https://drive.google.com/file/d/1AbCdEfGhIjKlMn/view', 'gdrive'],
      ['https://docs.google.com/spreadsheets/d/1AbCdEfGhIjKlMn/edit', 'gdrive'],
      ['https://acme.atlassian.net/wiki/spaces/OPS/pages/1', 'confluence'],
      ['https://www.notion.so/acme/Plan-0123', 'notion'],
      ['https://example.com/doc', null],
    ];
    for (const [url, provider] of cases) assert.equal(inferProvider(new URL(url)), provider, url);
  });

  it('parses Google Drive item ids from the usual link shapes', () => {
    assert.equal(parseGoogleDriveId(new URL('https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view?usp=sharing')), '1AbCdEfGhIjKlMnOp');
    assert.equal(parseGoogleDriveId(new URL('https://docs.google.com/document/u/0/d/1AbCdEfGhIjKlMnOp/edit')), '1AbCdEfGhIjKlMnOp');
    assert.equal(parseGoogleDriveId(new URL('https://drive.google.com/open?id=1AbCdEfGhIjKlMnOp')), '1AbCdEfGhIjKlMnOp');
    assert.equal(parseGoogleDriveId(new URL('https://drive.google.com/drive/folders/1AbCdEfGhIjKlMnOp')), '1AbCdEfGhIjKlMnOp');
    assert.equal(parseGoogleDriveId(new URL('https://example.com/file/d/1AbCdEfGhIjKlMnOp')), null);
  });

  it('derives {provider}:{itemId}@{version}, or the content hash without a version', () => {
    const ref = completeReference({ canonicalUrl: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view', version: 'v3' });
    assert.equal(deriveExternalId(ref, 'f'.repeat(64)), 'gdrive:1AbCdEfGhIjKlMnOp@v3');
    assert.equal(deriveExternalId(completeReference({ provider: 'Box', providerItemId: '42' }), 'ab'.repeat(32)), `box:42@sha256-${'ab'.repeat(8)}`);
    assert.equal(deriveExternalId(completeReference({ canonicalUrl: 'https://example.com/x' }), 'f'.repeat(64)), null);
    assert.equal(documentKey(completeReference({ canonicalUrl: 'https://example.com/x' })), 'url:https://example.com/x');
    assert.equal(completeReference({}), null);
  });

  it('allows exactly the CONTRACT status moves', () => {
    const allowed = new Set(['0>1', '0>2', '0>3', '1>0', '1>2', '1>3', '3>0']);
    for (const from of [0, 1, 2, 3] as const) for (const to of [0, 1, 2, 3] as const) assert.equal(canMove(from, to), allowed.has(`${from}>${to}`), `${from}>${to}`);
  });

  it('takes candidate domains from senders and text, never from public mail providers', () => {
    assert.deepEqual(candidateDomains(['Ann <ann@Acme.com>', 'bob@gmail.com'], 'cc: pat@globex.com and me@outlook.com'), ['acme.com', 'globex.com']);
  });
});
describe('timeOrderedUuid', () => {
  it('is a version 7 UUID carrying its millisecond, and ids sort in time order', () => {
    const id = timeOrderedUuid(0x0123456789ab, 'ffffffff-ffff-4fff-bfff-ffffffffffff');
    assert.equal(id, '01234567-89ab-7fff-bfff-ffffffffffff');
    const ids = [1000, 1001, 5000, 1_700_000_000_000].map((t) => timeOrderedUuid(t));
    assert.deepEqual([...ids].sort(), ids);
    for (const x of ids) assert.match(x, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
