import assert from 'node:assert/strict';
import { normalizePagePath, isPagePath, isBrainConfigPath } from '../../src/domain/paths.js';
import { AppError } from '../../src/domain/errors.js';

// Table of path rules: input → normalized path, or null when it must be refused with 400 invalid_path.
const CASES: Array<[unknown, string | null]> = [
  ['people/ada', 'people/ada.md'],
  ['people/ada.md', 'people/ada.md'],
  ['Notes.MD', 'Notes.MD'],
  ['  spaced/path  ', 'spaced/path.md'],
  ['cafe\u0301', 'caf\u00e9.md'], // NFD in, NFC out
  ['.obsidian/config', '.obsidian/config.md'],
  ['.brain/schema.json', '.brain/schema.json'],
  ['.brain/skills/ingest.md', '.brain/skills/ingest.md'],
  ['a/%2e%2e.md', 'a/%2e%2e.md'], // a literal file name, not a traversal (last segment ends in .md)
  ['100%/done', '100%/done.md'],
  ['x'.repeat(509), `${'x'.repeat(509)}.md`],
  // traversal and other refusals
  ['../secret', null],
  ['a/../../etc/passwd', null],
  ['a/./b', null],
  ['..', null],
  ['%2e%2e/etc/passwd', null],
  ['a/%2E%2E/b', null],
  ['a%2fb/../c', null],
  ['a%2f..%2fb/c', null],
  ['..\\windows\\system32', null],
  ['a\\b', null],
  ['/etc/passwd', null],
  ['//server/share', null],
  ['.git/config', null],
  ['a/.GIT/hooks/pre-commit', null],
  ['%2egit/config', null],
  ['a\u0000b', null],
  ['a\nb', null],
  ['a\u007fb', null],
  ['a\u0085b', null],
  ['a\ud800b', null],
  ['a//b', null],
  ['a/', null],
  ['a/ b', null],
  ['', null],
  ['   ', null],
  [null, null],
  [42, null],
  ['x'.repeat(510), null], // 510 + '.md' = 513 bytes
  ['é'.repeat(255), null], // 510 bytes + '.md'
];

describe('page path rules', () => {
  for (const [input, expected] of CASES) {
    const label = JSON.stringify(input)?.slice(0, 60);
    it(`${label} → ${expected === null ? 'refused' : JSON.stringify(expected).slice(0, 60)}`, () => {
      if (expected !== null) {
        assert.equal(normalizePagePath(input), expected);
        return;
      }
      assert.throws(() => normalizePagePath(input), (e: unknown) => e instanceof AppError && e.status === 400 && e.code === 'invalid_path');
    });
  }

  it('classifies pages and brain configuration', () => {
    assert.equal(isPagePath('a/b.md'), true);
    assert.equal(isPagePath('.brain/instructions.md'), false);
    assert.equal(isBrainConfigPath('.brain/schema.json'), true);
    assert.equal(isBrainConfigPath('.brainy/x.md'), false);
  });
});
