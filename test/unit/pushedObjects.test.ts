// What a push's checks hand the catch-up (src/services/pushCheck.ts PushedObjects): the derivation
// of the pushed pages starts once the checks passed (deriveEarly), for the pages whose text the
// checks decoded, and never for a push that changes .brain/ (its link rules may change with it);
// the pushed commits the checks read are summarized as readCommit summarizes them (commitSummaryOf).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PushedObjects } from '../../src/services/pushCheck.js';
import { BrainRepository, commitSummaryOf } from '../../src/storage/git/brainRepository.js';
import type { IndexEntry } from '../../src/storage/sqlite/pageIndexRepo.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const C = 'c'.repeat(40);
const BASE = '1'.repeat(40);
const TIP = '2'.repeat(40);
/** Link rules as the cache holds them: compared by identity. */
const RULES = { cues: [] };

function pushed(paths: string[]): PushedObjects {
  const p = new PushedObjects();
  p.keepDiff(BASE, TIP, [
    { path: 'notes/a.md', utf8: true, mode: '100644', oldMode: '100644', oldOid: C, oid: A, deleted: false },
    { path: 'files/b.png', utf8: true, mode: '100644', oldMode: '000000', oldOid: '0'.repeat(40), oid: B, deleted: false },
    { path: 'notes/gone.md', utf8: true, mode: '000000', oldMode: '100644', oldOid: C, oid: '0'.repeat(40), deleted: true },
  ]);
  p.keepText(A, '# A\n');
  p.keepBlob(B, Buffer.from('png'));
  p.net = { from: BASE, to: TIP, paths };
  return p;
}

describe('PushedObjects: the pushed pages derived from the checks on', () => {
  it('starts deriving the pages whose text the checks decoded, and hands each to the catch-up by path and blob', () => {
    const p = pushed(['notes/a.md', 'files/b.png', 'notes/gone.md']);
    let started: IndexEntry[] = [];
    let closed = 0;
    p.deriveEarly((entries) => {
      started = entries;
      entries.forEach((e) => (e.derive = () => undefined));
      return { close: () => closed++ };
    }, () => RULES);
    assert.deepEqual(
      started.map((e) => [e.op, e.path, e.markdown]),
      [['put', 'notes/a.md', '# A\n']],
    );
    assert.equal(p.derive('notes/a.md', A), started[0]!.derive);
    assert.equal(p.derive('notes/a.md', C), undefined, 'another blob at the path is not this derivation');
    assert.equal(p.derive('files/b.png', B), undefined);
    p.close();
    assert.equal(closed, 1);
    assert.equal(p.derive('notes/a.md', A), undefined, 'closed: the catch-up derives itself');
  });

  it('derives nothing early for a push that changes .brain/, or before the checks passed', () => {
    let calls = 0;
    const start = () => {
      calls++;
      return null;
    };
    pushed(['notes/a.md', '.brain/schema.json']).deriveEarly(start, () => RULES);
    const unchecked = pushed(['notes/a.md']);
    unchecked.net = null;
    unchecked.deriveEarly(start, () => RULES);
    assert.equal(calls, 0);
    assert.equal(unchecked.derive('notes/a.md', A), undefined);
  });

  it('hands out nothing derived with link rules that are no longer the brain\'s (its schema read again meanwhile)', () => {
    const p = pushed(['notes/a.md']);
    let rules: object = RULES;
    p.deriveEarly((entries) => {
      entries.forEach((e) => (e.derive = () => undefined));
      return null;
    }, () => rules);
    assert.notEqual(p.derive('notes/a.md', A), undefined);
    rules = { ...RULES };
    assert.equal(p.derive('notes/a.md', A), undefined, 'the catch-up derives it with the rules it stamps');
    rules = RULES;
    assert.notEqual(p.derive('notes/a.md', A), undefined);
  });

  it('starts nothing once closed (a check that ends after the push was given up)', () => {
    const p = pushed(['notes/a.md']);
    p.close();
    let calls = 0;
    p.deriveEarly(() => {
      calls++;
      return null;
    }, () => RULES);
    assert.equal(calls, 0);
  });
});

describe('commitSummaryOf: a pushed commit read from its text as readCommit reads it from the repository', () => {
  let root: string;
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'brainkeep-commitsummary-'));
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('gives readCommit\'s summary for a root commit, a merge, trailers, CRs, blank lines around the message, extra and repeated headers', async () => {
    const gitdir = path.join(root, 'r.git');
    const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_'))), GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' };
    const git = (args: string[], input?: string) => execFileSync('git', ['--git-dir', gitdir, ...args], { env, input }).toString();
    git(['init', '--quiet', '--bare']);
    const tree = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
    git(['hash-object', '-t', 'tree', '-w', '--stdin'], '');
    const write = (text: string) => git(['hash-object', '-t', 'commit', '-w', '--stdin', '--literally'], text).trim();
    const who = 'A U Thor <a@example.com> 1700000000 +0100';
    const root1 = write(`tree ${tree}\nauthor ${who}\ncommitter ${who}\n\nFirst\n`);
    const side = write(`tree ${tree}\nparent ${root1}\nauthor Side <s@example.com> 1700000100 -0500\ncommitter ${who}\n\nSide line\n\nBrainkeep-Actor: x <y>\nBrainkeep-Op: put\n`);
    const merge = write(`tree ${tree}\nparent ${root1}\nparent ${side}\nauthor ${who}\ncommitter ${who}\nencoding UTF-8\ngpgsig -----BEGIN-----\n abc\n -----END-----\n\n\n\r\nMerge side\r\n\r\nBody\r\n\n\n`);
    const odd = write(`tree ${tree}\nparent ${merge}\nauthor First <f@example.com> 1700000200 +0000\nparent ${root1}\nauthor Second <s@example.com> 1 +0000\ncommitter ${who}\n\nTitle only`);
    const repo = new BrainRepository(gitdir, { fsync: false });
    for (const oid of [root1, side, merge, odd]) {
      const raw = execFileSync('git', ['--git-dir', gitdir, 'cat-file', 'commit', oid], { env }).toString('utf8');
      assert.deepEqual(commitSummaryOf(oid, raw), await repo.readCommit(oid), oid);
    }
    assert.equal(commitSummaryOf(root1, 'no blank line'), null);
    assert.equal(commitSummaryOf(root1, `parent ${root1}\n\nmsg\n`), null, 'tree must come first');
  });

  it('answers the catch-up with the commits the checks kept', () => {
    const p = new PushedObjects();
    const tree = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
    p.keepCommit(TIP, `tree ${tree}\nparent ${BASE}\nauthor P <p@example.com> 1700000000 +0000\ncommitter P <p@example.com> 1700000000 +0000\n\nEdit\n`);
    assert.deepEqual(p.commit(TIP), { oid: TIP, parents: [BASE], message: 'Edit', author: { name: 'P', email: 'p@example.com', timestamp: 1700000000 }, trailers: {} });
    assert.equal(p.commit(BASE), undefined);
  });
});

describe('PushedObjects: the commits kept for the catch-up are bounded', () => {
  it('keeps commits up to 1 MiB of text in all: a push of many large commits is read again, not held', () => {
    const p = new PushedObjects();
    const big = (n: number) => `tree ${'4b825dc642cb6eb9a060e54bf8d69288fbee4904'}\nauthor P <p@example.com> 1 +0000\ncommitter P <p@example.com> 1 +0000\n\n${String(n).repeat(200 * 1024)}\n`;
    for (let n = 0; n < 5; n++) p.keepCommit(String(n).repeat(40), big(n));
    assert.ok(p.commit('0'.repeat(40)), 'the first commits are kept');
    assert.equal(p.commit('4'.repeat(40)), undefined, 'past the budget, the catch-up reads them');
  });
});
