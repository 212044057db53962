// Issue 21, item 2 (audit): regexes on user content that backtracked quadratically were replaced
// by scanners — search-text link stripping (chunking.plainInline), email finding (filing/text.ts,
// meeting attendees) and timeline entry cleaning. Each new version must give what the regex gave
// (differential properties, seeded) and finish a 100 KB hostile input (a bound that only catches a
// hang: the regexes took 10–40 s on 50 KB).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { performance } from 'node:perf_hooks';
import { chunkPage, plainInline } from '../../src/domain/chunking.js';
import { emailsIn } from '../../src/domain/filing/text.js';
import { parseAttendee } from '../../src/domain/filing/meeting.js';
import { cleanEntryText } from '../../src/domain/timeline.js';

function oldPlain(text: string): string {
  if (!text.includes('[') && !text.includes('<!--')) return text;
  return text
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/!\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
    .replace(/\[\[([^\[\]\n|#]+?)(?:#([^\[\]\n|]*))?(?:\|([^\[\]\n]*))?\]\]/g, (_m, target: string, heading: string | undefined, label: string | undefined) =>
      label?.trim() || [target.trim(), heading?.trim()].filter(Boolean).join(' '),
    )
    .replace(/\[([^\]\n]*)\]\([^)\n]*\)/g, '$1');
}
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const oldEmails = (t: string) => [...new Set((t.match(EMAIL) ?? []).map((e) => e.toLowerCase().replace(/\.$/, '')))];
const oldClean = (t: string) => t.replace(/\s*[\r\n]+\s*/g, ' ').trim();

const text = (alphabet: string[]) => fc.array(fc.constantFrom(...alphabet), { maxLength: 40 }).map((p) => p.join(''));

/** Generous: a quadratic regex takes tens of seconds on these; a linear scan a few milliseconds. */
const HANG_MS = 3000;
function finishes(name: string, fn: () => unknown): void {
  const t = performance.now();
  try {
    fn();
  } catch {
    // a 400 for empty input is fine; only the time matters here
  }
  const ms = performance.now() - t;
  assert.ok(ms < HANG_MS, `${name} took ${Math.round(ms)} ms`);
}

describe('security: regexes on user content are linear (issue 21, item 2 audit)', function () {
  this.timeout(120_000);

  it('plainInline gives what the regexes gave', () => {
    fc.assert(
      fc.property(text(['[', ']', '(', ')', '!', '[[', ']]', '|', '#', 'a', ' ', '\n', '<!--', '-->', 'x.md']), (t) => assert.equal(plainInline(t), oldPlain(t))),
      { numRuns: 3000, seed: 2101 },
    );
  });

  it('emailsIn gives what the pattern gave', () => {
    fc.assert(
      fc.property(text(['a', 'B', '1', '.', '-', '_', '@', ' ', 'com', '.io', '+', '%', 'x.y', '@@']), (t) => assert.deepEqual(emailsIn(t), oldEmails(t))),
      { numRuns: 3000, seed: 2102 },
    );
  });

  it('cleanEntryText gives what the replace gave', () => {
    fc.assert(
      fc.property(text(['a', ' ', '\t', '\n', '\r', '\r\n', 'b c']), (t) => {
        const want = oldClean(t);
        if (!want) assert.throws(() => cleanEntryText(t));
        else assert.equal(cleanEntryText(t), want);
      }),
      { numRuns: 3000, seed: 2103 },
    );
  });

  for (const unit of ['[', '[](x', '![', '<!--', '-', '.', '1', 'a.', 'a_', ' ', '\t', '2024-01-']) {
    it(`100 KB of ${JSON.stringify(unit)} does not hang the fixed parsers`, () => {
      const big = unit.repeat(Math.ceil(100_000 / unit.length));
      finishes('plainInline', () => plainInline(big));
      finishes('chunkPage', () => chunkPage('t', big));
      finishes('emailsIn', () => emailsIn(big));
      finishes('parseAttendee', () => parseAttendee(big));
      finishes('cleanEntryText', () => cleanEntryText(big));
    });
  }

  it('still finds the ordinary cases', () => {
    assert.deepEqual(emailsIn('Mail Ada.Lovelace@Example.com, bob@b.io. or x@y'), ['ada.lovelace@example.com', 'bob@b.io']);
    assert.deepEqual(parseAttendee('Ada Lovelace <ada@acme.com>'), { name: 'Ada Lovelace', email: 'ada@acme.com' });
    assert.equal(plainInline('See [[Ada Lovelace|Ada]] and [the docs](x.md) ![pic](p.png) <!-- hidden -->.'), 'See Ada and the docs pic  .');
    assert.equal(cleanEntryText('  met \n\n  Ada  '), 'met Ada');
  });
});
