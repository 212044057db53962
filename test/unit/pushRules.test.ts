import assert from 'node:assert/strict';
import {
  ZERO_OID,
  brainDirProblem,
  checkContent,
  contentProblem,
  messageProblem,
  modeProblem,
  pathProblem,
  refUpdateProblem,
  roleProblem,
  sizeProblem,
} from '../../src/domain/pushRules.js';
import { parseRefUpdates, refusalMessage } from '../../src/services/pushCheck.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

describe('push rules', () => {
  it('only main may be updated; no tags, other branches or deletes', () => {
    assert.equal(refUpdateProblem({ oldOid: A, newOid: B, ref: 'refs/heads/main' }), null);
    assert.equal(refUpdateProblem({ oldOid: ZERO_OID, newOid: B, ref: 'refs/heads/main' }), null);
    assert.match(refUpdateProblem({ oldOid: ZERO_OID, newOid: B, ref: 'refs/tags/v1' })!, /tags are not accepted/);
    assert.match(refUpdateProblem({ oldOid: A, newOid: B, ref: 'refs/heads/dev' })!, /only the main branch/);
    assert.match(refUpdateProblem({ oldOid: A, newOid: ZERO_OID, ref: 'refs/heads/main' })!, /cannot be deleted/);
  });

  it('paths follow the API rules and must already be normalized', () => {
    for (const ok of ['people/ada.md', 'Notes/Café.md', 'README.MD', '.brain/schema.json', '.brain/skills/ingest.md']) assert.equal(pathProblem(ok), null, ok);
    // Attachments of the allowed types live beside the pages (CONTRACT "Files"); other files do not.
    for (const ok of ['image.png', 'img/photo.JPG', 'docs/report.pdf', 'data/table.csv', 'notes/todo.txt', 'x.json', 'logo.svg']) assert.equal(pathProblem(ok), null, ok);
    assert.match(pathProblem('tool.exe')!, /only markdown pages \(\.md\) and files of the allowed types/);
    assert.match(pathProblem('.gitignore')!, /only markdown pages/);
    assert.match(pathProblem('page.html')!, /only markdown pages/);
    assert.match(pathProblem('.brain/logo.png')!, /only schema.json and markdown files/);
    assert.match(pathProblem('Notes/Cafe\u0301.md')!, /NFC/);
    assert.match(pathProblem('a/ b.md')!, /start or end with spaces/);
    assert.match(pathProblem('a/b\u0001.md')!, /control character/);
    assert.match(pathProblem('a/b\u0001.md')!, /b\\x01\.md/, 'control characters are shown escaped');
    assert.match(pathProblem('.brain/config.yaml')!, /only schema.json and markdown files/);
    assert.match(pathProblem(`${'x'.repeat(600)}.md`)!, /longer than 512 bytes/);
  });

  it('modes: regular files only', () => {
    assert.equal(modeProblem('a.md', '100644'), null);
    assert.equal(modeProblem('a.md', '100755'), null);
    assert.match(modeProblem('a.md', '120000')!, /symbolic links/);
    assert.match(modeProblem('a.md', '160000')!, /submodules/);
  });

  it('sizes, UTF-8 and the schema', () => {
    assert.equal(sizeProblem('a.md', 5 * 1024 * 1024), null);
    assert.match(sizeProblem('a.md', 5 * 1024 * 1024 + 1)!, /over the 5242880-byte limit/);
    assert.equal(contentProblem('a.md', Buffer.from('# Café\n')), null);
    assert.match(contentProblem('a.md', Buffer.from([0xff, 0xfe, 0x41]))!, /not valid UTF-8/);
    assert.equal(contentProblem('.brain/schema.json', Buffer.from('{"folders":[],"entityTypes":[]}')), null);
    assert.match(contentProblem('.brain/schema.json', Buffer.from('{nope'))!, /does not parse/);
    assert.match(contentProblem('.brain/schema.json', Buffer.from('{"folders":[]}'))!, /entityTypes/);
  });

  it('a page that passes comes with its text as Buffer.toString gives it (a BOM kept, every script), a file with none', () => {
    for (const bytes of [Buffer.from('# Café 東京 مرحبا\n'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('# With a BOM\n')]), Buffer.alloc(0)]) {
      assert.deepEqual(checkContent('notes/a.md', bytes), { problem: null, text: bytes.toString('utf8') });
    }
    assert.deepEqual(checkContent('notes/a.md', Buffer.from([0x23, 0xc3])), { problem: 'notes/a.md: not valid UTF-8 text' });
    // A schema with a BOM parses as before (the check's decoder dropped it).
    assert.equal(checkContent('.brain/schema.json', Buffer.from('\ufeff{"folders":[],"entityTypes":[]}')).problem, null);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    assert.deepEqual(checkContent('images/a.png', png), { problem: null });
  });

  it('roles: Write to push, Admin for .brain/', () => {
    assert.match(roleProblem('Read')!, /Write role/);
    assert.match(roleProblem(undefined)!, /Write role/);
    assert.equal(roleProblem('Write'), null);
    assert.equal(brainDirProblem('Write', []), null);
    assert.match(brainDirProblem('Write', ['.brain/instructions.md'])!, /need the Admin role/);
    assert.equal(brainDirProblem('Admin', ['.brain/instructions.md']), null);
    assert.equal(brainDirProblem('Owner', ['.brain/schema.json']), null);
  });

  it('a pushed commit may not claim a Brainkeep-Actor trailer', () => {
    assert.equal(messageProblem(A, 'Edit ada\n\nSigned-off-by: Ada <ada@example.com>\n'), null);
    assert.match(messageProblem(A, 'Edit\n\nBrainkeep-Actor: Owner <user:1>\n')!, /claims a Brainkeep-Actor trailer/);
  });

  it('parses hook input and words the refusal', () => {
    assert.deepEqual(parseRefUpdates(`${A} ${B} refs/heads/main\n\n`), [{ oldOid: A, newOid: B, ref: 'refs/heads/main' }]);
    const many = Array.from({ length: 25 }, (_, i) => `problem ${i}`);
    const text = refusalMessage(many);
    assert.match(text, /^Brainkeep refused this push; nothing was changed:\n {2}- problem 0\n/);
    assert.match(text, /\.\.\. and 5 more\n/);
    assert.ok(!text.includes('problem 20'));
  });
});
