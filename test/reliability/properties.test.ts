// Property-based tests (fast-check) for the pure rules every adapter relies on: page paths,
// frontmatter edits, markdown patches, link extraction and rewriting, and the changes cursor.
// Each property states what must hold for every input, not for a few examples.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import fc from 'fast-check';
import { AppError } from '../../src/domain/errors.js';
import { isBrainConfigPath, isPagePath, normalizeFolder, normalizePagePath, MAX_PATH_BYTES } from '../../src/domain/paths.js';
import { setFrontmatterKeys } from '../../src/domain/frontmatter.js';
import { parsePage } from '../../src/domain/markdown.js';
import { applyPatch, findSection } from '../../src/domain/markdownPatch.js';
import { extractLinks, rewriteLinks } from '../../src/domain/links.js';
import { loadConfig } from '../../src/config.js';
import { buildContainer, type Container } from '../../src/container.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { bootstrapWorkspace } from '../../src/services/bootstrapService.js';
import { tempDir } from '../helpers/server.js';

const RUNS = { numRuns: 300 };
/** remark parses every generated page: fewer runs keep the patch properties to a few seconds. */
const PATCH_RUNS = { numRuns: 150 };

// ---- generators

const word = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);
const title = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
const unicodeSegment = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 });
const safeSegment = fc.oneof(word, fc.constantFrom('Ada Lovelace', 'café', 'naïve-notes', 'Zürich', '日本', 'a.b', 'x_y'));

const paragraph = fc.array(word, { minLength: 1, maxLength: 8 }).map((w) => w.join(' '));
const section = fc.record({ depth: fc.constantFrom(2, 3), name: title, body: fc.array(paragraph, { maxLength: 3 }) });
const frontmatterValue = fc.oneof(word, fc.integer({ min: -1000, max: 1000 }), fc.boolean(), fc.array(word, { maxLength: 3 }));
const page = fc.record({
  frontmatter: fc.option(fc.dictionary(fc.stringMatching(/^[a-z][a-z_]{0,6}$/), frontmatterValue, { maxKeys: 4 }), { nil: null }),
  h1: fc.option(title, { nil: null }),
  intro: fc.array(paragraph, { maxLength: 2 }),
  sections: fc.uniqueArray(section, { maxLength: 5, selector: (s) => s.name }),
  crlf: fc.boolean(),
  trailing: fc.constantFrom('', '\n', '\n\n'),
});

type PageShape = typeof page extends fc.Arbitrary<infer T> ? T : never;

function render(p: PageShape): string {
  const lines: string[] = [];
  if (p.frontmatter) {
    lines.push('---');
    for (const [k, v] of Object.entries(p.frontmatter)) lines.push(`${k}: ${JSON.stringify(v)}`);
    lines.push('---');
  }
  if (p.h1) lines.push(`# ${p.h1}`, '');
  for (const para of p.intro) lines.push(para, '');
  for (const s of p.sections) {
    lines.push(`${'#'.repeat(s.depth)} ${s.name}`, '');
    for (const para of s.body) lines.push(para, '');
  }
  let md = lines.join('\n').replace(/\n+$/, '') + p.trailing;
  if (p.crlf) md = md.replace(/\n/g, '\r\n');
  return md;
}

const markdownPage = page.map(render);

// ---- page paths

describe('property: page path rules', () => {
  it('any string either normalizes to a safe path or is refused with 400 invalid_path', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 80 }), fc.array(fc.oneof(unicodeSegment, fc.constantFrom('..', '.', '', '.git', ' x', '\\a')), { maxLength: 6 }).map((s) => s.join('/'))), (input) => {
        let out: string;
        try {
          out = normalizePagePath(input);
        } catch (e) {
          assert.ok(e instanceof AppError, `not an AppError: ${String(e)}`);
          assert.equal(e.status, 400);
          assert.equal(e.code, 'invalid_path');
          return;
        }
        assert.equal(normalizePagePath(out), out, 'idempotent');
        assert.ok(!out.startsWith('/') && !out.includes('\\'));
        assert.doesNotMatch(out, /[\u0000-\u001f\u007f]/);
        assert.ok(Buffer.byteLength(out) <= MAX_PATH_BYTES);
        assert.equal(out, out.normalize('NFC'));
        for (const seg of out.split('/')) {
          assert.ok(seg !== '' && seg !== '.' && seg !== '..' && seg.toLowerCase() !== '.git', `segment '${seg}'`);
          assert.equal(seg, seg.trim());
        }
        assert.ok(isBrainConfigPath(out) || isPagePath(out), 'a page path ends in .md');
      }),
      RUNS,
    );
  });

  it('well-formed segments are kept as given, with .md appended once', () => {
    fc.assert(
      fc.property(fc.array(safeSegment, { minLength: 1, maxLength: 5 }), fc.boolean(), (segs, withExt) => {
        const raw = segs.join('/') + (withExt ? '.md' : '');
        if (segs[0] === '.brain') return;
        const out = normalizePagePath(raw);
        assert.equal(out, raw.toLowerCase().endsWith('.md') ? raw.normalize('NFC') : `${raw}.md`.normalize('NFC'));
        assert.equal(normalizeFolder(segs.join('/') + '/'), segs.join('/').normalize('NFC'));
      }),
      RUNS,
    );
  });
});

// ---- frontmatter

describe('property: setFrontmatterKeys', () => {
  const keys = fc.dictionary(fc.stringMatching(/^[a-z][a-z_]{0,6}$/), frontmatterValue, { minKeys: 1, maxKeys: 3 });

  it('sets exactly the keys given, keeps the body and every other key byte for byte, and is idempotent', () => {
    fc.assert(
      fc.property(markdownPage, keys, (md, values) => {
        const out = setFrontmatterKeys(md, values);
        const parsed = parsePage('p.md', out);
        for (const [k, v] of Object.entries(values)) assert.deepEqual(parsed.frontmatter[k], v, k);
        const before = parsePage('p.md', md);
        for (const [k, v] of Object.entries(before.frontmatter)) if (!(k in values)) assert.deepEqual(parsed.frontmatter[k], v, `kept ${k}`);
        assert.equal(parsed.body.replace(/^\r?\n/, ''), before.body.replace(/^\r?\n/, ''), 'body unchanged');
        const fence = /^---[ \t]*\r?\n(?:[\s\S]*?\r?\n)?---[ \t]*(\r?\n|$)/;
        const bodyBytes = (s: string) => (fence.test(s) ? s.slice(fence.exec(s)![0].length) : s);
        if (fence.test(md)) assert.equal(bodyBytes(out), bodyBytes(md));
        else assert.ok(out.endsWith(md));
        // Lines of keys that were not set are the very same lines.
        const lines = (s: string) => (fence.exec(s)?.[0] ?? '').split(/\r?\n/);
        for (const line of lines(md)) {
          const key = /^([a-z][a-z_]*):/.exec(line)?.[1];
          if (key && !(key in values)) assert.ok(lines(out).includes(line), line);
        }
        assert.equal(setFrontmatterKeys(out, values), out, 'idempotent');
      }),
      RUNS,
    );
  });
});

// ---- markdown patches

describe('property: markdown patch operations keep untouched bytes', () => {
  const block = fc.array(paragraph, { minLength: 1, maxLength: 2 }).map((p) => p.join('\n\n'));

  it('append keeps the whole page before its trailing blank space', () => {
    fc.assert(
      fc.property(markdownPage, block, (md, content) => {
        const out = applyPatch(md, { operation: 'append', content });
        assert.ok(out.startsWith(md.trimEnd()));
        assert.ok(out.includes(content.split('\n')[0]!));
      }),
      PATCH_RUNS,
    );
  });

  it('append-section on an existing section changes nothing before its end or after it', () => {
    fc.assert(
      fc.property(page.filter((p) => p.sections.length > 0), fc.nat(), block, (p, pick, content) => {
        const md = render(p);
        const name = p.sections[pick % p.sections.length]!.name;
        const s = findSection(md, name)!;
        assert.ok(s, name);
        const out = applyPatch(md, { operation: 'append-section', section: name, content });
        assert.ok(out.startsWith(md.slice(0, s.contentEnd)), 'prefix kept');
        if (s.end < md.length) assert.ok(out.endsWith(md.slice(s.end)), 'suffix kept');
        const after = findSection(out, name)!;
        assert.ok(out.slice(after.heading.end, after.end).includes(content.split(/\r?\n/)[0]!), 'content landed in the section');
      }),
      PATCH_RUNS,
    );
  });

  it('replace-section keeps everything outside the section and is idempotent', () => {
    fc.assert(
      fc.property(page.filter((p) => p.sections.length > 0), fc.nat(), block, (p, pick, content) => {
        const md = render(p);
        const name = p.sections[pick % p.sections.length]!.name;
        const s = findSection(md, name)!;
        const out = applyPatch(md, { operation: 'replace-section', section: name, content });
        assert.ok(out.startsWith(md.slice(0, s.heading.end)), 'prefix kept');
        if (s.contentEnd < md.length) assert.ok(out.endsWith(md.slice(s.contentEnd)), 'suffix kept');
        assert.equal(applyPatch(out, { operation: 'replace-section', section: name, content }), out, 'idempotent');
      }),
      PATCH_RUNS,
    );
  });

  it('set-frontmatter leaves the body byte for byte', () => {
    fc.assert(
      fc.property(markdownPage, fc.dictionary(fc.stringMatching(/^[a-z][a-z_]{0,6}$/), word, { minKeys: 1, maxKeys: 3 }), (md, values) => {
        const out = applyPatch(md, { operation: 'set-frontmatter', content: values });
        const body = (s: string) => parsePage('p.md', s).body.replace(/^\r?\n/, '');
        assert.equal(body(out), body(md));
      }),
      PATCH_RUNS,
    );
  });
});

// ---- links

describe('property: link extraction and rewriting', () => {
  const target = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join('/'));
  const piece = fc.oneof(
    paragraph,
    fc.record({ t: target, h: fc.option(word, { nil: null }), l: fc.option(title, { nil: null }) }).map(({ t, h, l }) => `[[${t}${h ? `#${h}` : ''}${l ? `|${l}` : ''}]]`),
    title.map((t) => `[[${t}]]`),
    fc.record({ l: title, t: target }).map(({ l, t }) => `[${l}](../${t}.md)`),
    target.map((t) => '`[[' + t + ']]`'),
    fc.constant('[external](https://example.com/x.md)'),
    fc.constant('\n\n'),
  );
  const doc = fc.array(piece, { maxLength: 12 }).map((ps) => ps.join(' '));
  const source = fc.constantFrom('notes/a.md', 'people/team/b.md', 'c.md');

  const gaps = (md: string, links: Array<{ start: number; end: number }>) => {
    const out: string[] = [];
    let last = 0;
    for (const l of links) {
      out.push(md.slice(last, l.start));
      last = l.end;
    }
    out.push(md.slice(last));
    return out;
  };

  it('links are ordered, disjoint, and each range holds link syntax; code spans hold none', () => {
    fc.assert(
      fc.property(doc, source, (md, src) => {
        const links = extractLinks(md, src);
        let last = 0;
        for (const l of links) {
          assert.ok(l.start >= last && l.end > l.start);
          last = l.end;
          assert.ok(md.slice(l.start, l.end).startsWith(l.kind === 'wiki' ? '[[' : '['));
          assert.equal(md.slice(0, l.start).split('\n').length, l.line);
        }
        for (const m of md.matchAll(/`\[\[[^`]*\]\]`/g)) assert.ok(!links.some((l) => l.start >= m.index! && l.start < m.index! + m[0].length));
      }),
      RUNS,
    );
  });

  it('rewriting nothing is the identity; retargeting keeps every byte outside links and every label and heading', () => {
    fc.assert(
      fc.property(doc, source, (md, src) => {
        assert.equal(rewriteLinks(md, src, () => null), md);
        const before = extractLinks(md, src);
        const out = rewriteLinks(md, src, () => 'moved/target.md');
        const after = extractLinks(out, src);
        assert.equal(after.length, before.length);
        assert.deepEqual(gaps(out, after), gaps(md, before), 'text between links unchanged');
        after.forEach((l, i) => {
          assert.equal(l.kind, before[i]!.kind);
          assert.equal(l.path, 'moved/target.md');
          assert.equal(l.label, before[i]!.label);
          assert.equal(l.heading, before[i]!.heading);
        });
      }),
      RUNS,
    );
  });
});

// ---- the changes cursor

describe('property: the changes cursor', function () {
  this.timeout(60_000);
  let dir: string;
  let c: Container;
  before(async () => {
    dir = tempDir();
    c = buildContainer(loadConfig({ BRAINKEEP_DATA: dir, BRAINKEEP_FSYNC: 'off', BRAINKEEP_FILING_CRON: 'off' }));
    await c.recover();
    await bootstrapWorkspace(c, 'owner@example.com');
  });
  after(async () => {
    await c.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const putOp = fc.record({ kind: fc.constant('put' as const), path: fc.constantFrom('a', 'b', 'c', 'd/e'), text: word });
  const op = fc.oneof(
    putOp,
    fc.record({ kind: fc.constant('delete' as const), path: fc.constantFrom('a', 'b', 'c', 'd/e') }),
    fc.record({ kind: fc.constant('move' as const), path: fc.constantFrom('a', 'b', 'c', 'd/e'), to: fc.constantFrom('a', 'b', 'm/n', 'z') }),
  );

  it('polling with any page sizes sees every change exactly once, in order, and the cursor is never null', async () => {
    let brainNo = 0;
    let changesSeen = 0;
    await fc.assert(
      // Each run starts with a put on a fresh brain, so every run records at least one change
      // (otherwise a run of refused deletes and moves would test nothing).
      fc.asyncProperty(fc.tuple(putOp, fc.array(op, { maxLength: 9 })).map(([first, rest]) => [first, ...rest]), fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 5 }), async (ops, sizes) => {
        const brain = await c.brains.create(SYSTEM_ACTOR, { slug: `cursor-${++brainNo}` });
        const seen: Array<{ seq: number; op: string; path: string }> = [];
        let cursor: string | null = null;
        let poll = 0;
        const drain = async () => {
          for (;;) {
            const pageOf = c.pages.changes(SYSTEM_ACTOR, brain.id, { since: cursor, limit: sizes[poll++ % sizes.length] });
            assert.equal(typeof pageOf.nextCursor, 'string');
            cursor = pageOf.nextCursor;
            if (!pageOf.changes.length) return;
            seen.push(...pageOf.changes);
          }
        };
        await drain(); // the template commit's changes (none are pages, so maybe nothing)
        let expected = seen.length;
        // What each page holds, to know which writes change something: a put of the bytes a page
        // already has makes no commit and so no change.
        const pages = new Map<string, string>();
        for (const o of ops) {
          try {
            let changed = true;
            if (o.kind === 'put') {
              await c.pages.put(SYSTEM_ACTOR, brain.id, { path: o.path, markdown: `# ${o.text}\n` });
              changed = pages.get(o.path) !== o.text;
              pages.set(o.path, o.text);
            } else if (o.kind === 'delete') {
              await c.pages.delete(SYSTEM_ACTOR, brain.id, o.path);
              pages.delete(o.path);
            } else {
              await c.pages.move(SYSTEM_ACTOR, brain.id, { fromPath: o.path, toPath: o.to });
              pages.set(o.to, pages.get(o.path)!);
              pages.delete(o.path);
            }
            if (changed) expected++;
          } catch (e) {
            assert.ok(e instanceof AppError && e.status < 500, String(e)); // a missing page or an occupied target is refused
          }
          if (o.kind === 'put') await drain(); // interleave polls with writes
        }
        await drain();
        assert.equal(seen.length, expected, 'one change per successful write');
        for (let i = 1; i < seen.length; i++) assert.ok(seen[i]!.seq > seen[i - 1]!.seq, 'strictly increasing, no repeats');
        const stable = c.pages.changes(SYSTEM_ACTOR, brain.id, { since: cursor });
        assert.deepEqual(stable.changes, []);
        assert.equal(stable.nextCursor, cursor, 'an idle poll returns the same cursor');
        changesSeen += seen.length;
      }),
      { numRuns: 15 },
    );
    assert.ok(changesSeen >= 15, `only ${changesSeen} changes across all runs`);
  });
});
