import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { describeOnBothBackends } from '../helpers/serverBackends.js';
import { PAGE_CONFLICT_MESSAGE } from '../../src/domain/errors.js';
import type { Actor } from '../../src/domain/actor.js';

describeOnBothBackends('pages on git (REST)', (b) => {
  let s: TestServer;
  let writer: string;
  let reader: string;
  let admin: string;
  let base: string;
  const git = (...args: string[]) => execFileSync('git', ['--git-dir', s.c.repos.gitdirOf(s.mainBrainId), ...args], { encoding: 'utf8' });
  const head = () => git('rev-parse', 'main').trim();
  const commitCount = () => Number(git('rev-list', '--count', 'main').trim());
  const put = (body: unknown, token = writer) => s.request('PUT', base, { token, body });
  const get = (path: string, token = reader) => s.request('GET', `${base}?path=${encodeURIComponent(path)}`, { token });

  before(async function () {
    this.timeout(120_000);
    s = await b.startServer();
    writer = s.credential('Write', 'main', 'Agent Smith');
    reader = s.credential('Read');
    admin = s.credential('Admin');
    base = `/api/v1/brains/${s.mainBrainId}/pages`;
  });
  after(async () => s.stop());
  afterEach(function () {
    if (this.currentTest?.state === 'passed') git('fsck', '--strict', '--no-progress');
  });

  describe('PUT and GET', () => {
    it('creates (201) then replaces (200), one commit each, authored as the caller with trailers', async () => {
      const before = commitCount();
      const created = await put({ path: 'people/ada', markdown: '---\ntitle: Ada Lovelace\ntags: [math]\n---\nShe wrote the first program.\n' });
      assert.equal(created.status, 201, created.text);
      assert.equal(created.body.path, 'people/ada.md');
      assert.equal(created.body.title, 'Ada Lovelace');
      assert.equal(created.body.summary, 'She wrote the first program.');
      assert.deepEqual(created.body.frontmatter, { title: 'Ada Lovelace', tags: ['math'] });
      assert.equal(created.body.version, 1);
      assert.equal(created.body.commit, head());
      assert.equal(created.body.updatedBy, 'Agent Smith');
      for (const k of ['path', 'title', 'summary', 'frontmatter', 'markdown', 'version', 'token', 'commit', 'partition', 'updatedAt', 'updatedBy']) assert.ok(k in created.body, k);
      // No frontmatter in the PUT: the page keeps its keys (CONTRACT "Page body").
      const replaced = await put({ path: 'people/ada.md', markdown: '# Ada\n\nUpdated.\n', expectedVersion: 1 });
      assert.equal(replaced.status, 200);
      assert.equal(replaced.body.version, 2);
      assert.notEqual(replaced.body.token, created.body.token);
      assert.equal(replaced.body.title, 'Ada Lovelace');
      assert.deepEqual(replaced.body.frontmatter, { title: 'Ada Lovelace', tags: ['math'] });
      assert.equal(commitCount(), before + 2);
      const log = git('log', '-1', '--format=%an|%ae|%s|%(trailers:key=Brainkeep-Op,valueonly)|%(trailers:key=Brainkeep-Actor,valueonly)', 'main').trim();
      const [an, ae, subject, op, actor] = log.split('|');
      assert.equal(an, 'Agent Smith');
      assert.match(ae!, /^credential\+[0-9a-f-]+@brainkeep\.local$/);
      assert.equal(subject, 'Update people/ada.md');
      assert.equal(op!.trim(), 'put');
      assert.match(actor!, /^Agent Smith <credential:[0-9a-f-]+>/);
      assert.equal(git('show', 'main:people/ada.md'), '---\ntitle: Ada Lovelace\ntags: [math]\n---\n# Ada\n\nUpdated.\n');
      const read = await get('people/ada');
      assert.equal(read.status, 200);
      assert.equal(read.body.markdown, '# Ada\n\nUpdated.\n');
      assert.equal(read.body.token, replaced.body.token);
    });

    it('a user is the commit author by name and email', async () => {
      const user = await s.c.identity.createUser({ email: 'grace@example.com', name: 'Grace Hopper', password: null }, { kind: 'system', name: 'test' });
      s.c.brainsRepo.grant(s.mainBrainId, user.id, 'Write', null);
      const actor: Actor = { kind: 'user', userId: user.id, email: 'grace@example.com', name: 'Grace Hopper', via: 'session' };
      await s.c.pages.put(actor, 'main', { path: 'notes/cobol', markdown: 'COBOL.\n' });
      assert.equal(git('log', '-1', '--format=%an <%ae>', 'main').trim(), 'Grace Hopper <grace@example.com>');
      assert.match(git('log', '-1', '--format=%B', 'main'), new RegExp(`Brainkeep-Actor: Grace Hopper <user:${user.id}>`));
    });

    it('lists pages with a prefix and a cursor', async () => {
      for (const n of [1, 2, 3]) await put({ path: `list/p${n}`, markdown: `# P${n}\n` });
      const first = await s.request('GET', `${base}?prefix=list/&limit=2`, { token: reader });
      assert.equal(first.status, 200);
      assert.deepEqual(first.body.pages.map((p: any) => p.path), ['list/p1.md', 'list/p2.md']);
      assert.ok(first.body.nextCursor);
      const second = await s.request('GET', `${base}?prefix=list/&limit=2&cursor=${first.body.nextCursor}`, { token: reader });
      assert.deepEqual(second.body.pages.map((p: any) => p.path), ['list/p3.md']);
      assert.equal(second.body.nextCursor, null);
    });

    it('expectedVersion 0 = create only, N = must match, expectedToken likewise: 409 with the exact message', async () => {
      const cur = (await get('people/ada')).body;
      const h = head();
      for (const body of [
        { path: 'people/ada', markdown: 'x', expectedVersion: 0 },
        { path: 'people/ada', markdown: 'x', expectedVersion: cur.version - 1 },
        { path: 'people/ada', markdown: 'x', expectedToken: 'stale' },
      ]) {
        const r = await put(body);
        assert.equal(r.status, 409);
        assert.equal(r.headers.get('content-type'), 'application/problem+json; charset=utf-8');
        assert.equal(r.body.detail, PAGE_CONFLICT_MESSAGE);
        assert.equal(r.body.currentVersion, cur.version);
        assert.equal(r.body.currentToken, cur.token);
      }
      const missing = await put({ path: 'nobody', markdown: 'x', expectedVersion: 3 });
      assert.equal(missing.status, 409);
      assert.equal(missing.body.currentVersion, null);
      assert.equal(head(), h, 'nothing was committed');
      assert.equal((await put({ path: 'people/ada', markdown: '# Ada\n\nUpdated.\n', expectedToken: cur.token })).status, 200);
    });

    it('50 concurrent PUTs with the same expectedVersion: exactly one wins', async () => {
      const start = await put({ path: 'race', markdown: 'v1\n' });
      const before = commitCount();
      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, i) => put({ path: 'race', markdown: `writer ${i}\n`, expectedVersion: start.body.version })),
      );
      const winners = replies.filter((r) => r.status === 200);
      const losers = replies.filter((r) => r.status === 409);
      assert.equal(winners.length, 1);
      assert.equal(losers.length, 49);
      const won = winners[0]!.body;
      assert.equal(won.version, 2);
      for (const l of losers) {
        assert.equal(l.body.detail, PAGE_CONFLICT_MESSAGE);
        assert.equal(l.body.code, 'page_conflict');
        assert.equal(l.body.currentVersion, 2);
        assert.equal(l.body.currentToken, won.token);
      }
      assert.equal(commitCount(), before + 1);
      assert.equal(git('show', 'main:race.md'), won.markdown);
    });

    it('roles: Read cannot write (403); .brain/ needs Admin and is validated', async () => {
      assert.equal((await put({ path: 'x', markdown: 'x' }, reader)).status, 403);
      const h = head();
      const w = await put({ path: '.brain/instructions.md', markdown: 'hijack' });
      assert.equal(w.status, 403);
      const bad = await put({ path: '.brain/schema.json', markdown: '{ not json' }, admin);
      assert.equal(bad.status, 400);
      const notMd = await put({ path: '.brain/evil.sh', markdown: 'rm -rf' }, admin);
      assert.equal(notMd.status, 400);
      assert.equal(head(), h);
      const ok = await put({ path: '.brain/instructions.md', markdown: '# Be brief\n' }, admin);
      assert.ok(ok.status === 200 || ok.status === 201, ok.text);
      assert.equal(git('show', 'main:.brain/instructions.md'), '# Be brief\n');
    });

    it('refuses traversal and other bad paths with 400 and writes nothing', async () => {
      const h = head();
      for (const path of ['../escape', 'a/../../b', '/abs', '.git/config', 'a\\b', 'a\u0000b', '%2e%2e/x', 'x'.repeat(600)]) {
        const r = await put({ path, markdown: 'x' });
        assert.equal(r.status, 400, path);
        assert.equal(r.body.code, 'invalid_path', path);
      }
      const r = await s.request('GET', `${base}?path=..%2F..%2Fetc%2Fpasswd`, { token: reader });
      assert.equal(r.status, 400);
      assert.equal(head(), h);
    });
  });

  describe('PATCH', () => {
    const ORIGINAL = '---\ntitle:   Project X\nowner: ada\n---\n# Project X\n\nIntro  text.\n\n## Status\n\nGreen.\n\n### Risks\n\nNone.\n\n## Links\n\n* [[people/ada]]\n';
    let version: number;
    before(async () => {
      version = (await put({ path: 'projects/x', markdown: ORIGINAL })).body.version;
    });
    const patch = (body: unknown, path = 'projects/x') => s.request('PATCH', `${base}?path=${encodeURIComponent(path)}`, { token: writer, body });
    /** A reply's `markdown` is the body: the file after its frontmatter block. */
    const bodyOf = (file: string) => file.replace(/^---\n[\s\S]*?\n---\n/, '');

    it('append-section, replace-section, append and set-frontmatter round-trip, untouched bytes preserved', async () => {
      const before = commitCount();
      let r = await patch({ operation: 'append-section', section: 'status', content: 'Shipping Friday.' });
      assert.equal(r.status, 200, r.text);
      let expected = ORIGINAL.replace('None.\n\n## Links', 'None.\n\nShipping Friday.\n\n## Links');
      assert.equal(r.body.markdown, bodyOf(expected));
      assert.equal(r.body.version, version + 1);
      // Risks runs to the next heading of its level or higher (## Links), so it swallows the appended line.
      r = await patch({ operation: 'replace-section', section: 'Risks', content: 'Budget.' });
      expected = expected.replace('### Risks\n\nNone.\n\nShipping Friday.', '### Risks\n\nBudget.');
      assert.equal(r.body.markdown, bodyOf(expected));
      r = await patch({ operation: 'append', content: 'Footer.' });
      expected = `${expected}\nFooter.\n`;
      assert.equal(r.body.markdown, bodyOf(expected));
      r = await patch({ operation: 'set-frontmatter', content: { status: 'active', owner: 'grace' } });
      expected = expected.replace('owner: ada\n', 'owner: grace\nstatus: active\n');
      assert.equal(r.body.markdown, bodyOf(expected));
      assert.deepEqual(r.body.frontmatter, { title: 'Project X', owner: 'grace', status: 'active' });
      r = await patch({ operation: 'append-section', section: 'Decisions', content: '- Use git.' });
      expected = `${expected}\n## Decisions\n\n- Use git.\n`;
      assert.equal(r.body.markdown, bodyOf(expected));
      assert.equal(git('show', 'main:projects/x.md'), expected);
      assert.equal(commitCount(), before + 5);
      assert.match(git('log', '-1', '--format=%B', 'main'), /Brainkeep-Op: patch/);
    });

    it('refuses bad bodies (400), missing pages (404), missing sections for replace (404), stale versions (409)', async () => {
      const h = head();
      assert.equal((await patch({ operation: 'set-frontmatter', content: 'nope' })).status, 400);
      assert.equal((await patch({ operation: 'append', content: { a: 1 } })).status, 400);
      assert.equal((await patch({ operation: 'explode', content: 'x' })).status, 400);
      assert.equal((await patch({ operation: 'append', content: 'x', bogus: 1 })).status, 400);
      assert.equal((await patch({ operation: 'append-section', content: 'x' })).status, 400);
      assert.equal((await patch({ operation: 'append', content: 'x', position: 'middle' })).status, 400);
      assert.equal((await patch({ operation: 'append', content: 'x' }, 'projects/none')).status, 404);
      const sec = await patch({ operation: 'replace-section', section: 'Nowhere', content: 'x' });
      assert.equal(sec.status, 404);
      assert.equal(sec.body.code, 'section_not_found');
      const stale = await patch({ operation: 'append', content: 'x', expectedVersion: 1 });
      assert.equal(stale.status, 409);
      assert.equal(stale.body.detail, PAGE_CONFLICT_MESSAGE);
      assert.equal(typeof stale.body.currentVersion, 'number');
      assert.equal(head(), h);
      const cur = (await get('projects/x')).body;
      const ok = await patch({ operation: 'append', content: 'With token.', expectedToken: cur.token, expectedVersion: cur.version });
      assert.equal(ok.status, 200);
    });
  });

  describe('timeline', () => {
    const tl = (path: string) => `${base}/timeline?path=${encodeURIComponent(path)}`;
    it('POST adds sorted lines under ## Timeline (201), GET reads newest first with a limit', async () => {
      await put({ path: 'people/grace', markdown: '# Grace\n\nAdmiral.\n' });
      const before = commitCount();
      const a = await s.request('POST', tl('people/grace'), { token: writer, body: { text: 'Joined the Navy', date: '1943-12-01' } });
      assert.equal(a.status, 201, a.text);
      assert.deepEqual(a.body.entry, { date: '1943-12-01', text: 'Joined the Navy' });
      await s.request('POST', tl('people/grace'), { token: writer, body: { text: 'Found a moth', date: '1947-09-09' } });
      await s.request('POST', tl('people/grace'), { token: writer, body: { text: 'Born', date: '1906-12-09' } });
      const today = await s.request('POST', tl('people/grace'), { token: writer, body: { text: 'Remembered' } });
      const todayDate = new Date().toISOString().slice(0, 10);
      assert.equal(today.body.entry.date, todayDate);
      assert.equal(commitCount(), before + 4);
      assert.match(git('log', '-1', '--format=%B', 'main'), /Brainkeep-Op: timeline/);
      assert.equal(
        git('show', 'main:people/grace.md'),
        `# Grace\n\nAdmiral.\n\n## Timeline\n\n- ${todayDate}: Remembered\n- 1947-09-09: Found a moth\n- 1943-12-01: Joined the Navy\n- 1906-12-09: Born\n`,
      );
      const r = await s.request('GET', `${tl('people/grace')}&limit=2`, { token: reader });
      assert.equal(r.status, 200);
      assert.deepEqual(r.body, { entries: [{ date: todayDate, text: 'Remembered' }, { date: '1947-09-09', text: 'Found a moth' }] });
    });

    it('a bad date is 400; a missing page is 404; nothing is written', async () => {
      const h = head();
      for (const date of ['1947-02-30', 'yesterday', '47-01-01']) {
        const r = await s.request('POST', tl('people/grace'), { token: writer, body: { text: 'x', date } });
        assert.equal(r.status, 400, date);
        assert.equal(r.body.code, 'invalid_date');
      }
      assert.equal((await s.request('POST', tl('people/grace'), { token: writer, body: { text: '' } })).status, 400);
      assert.equal((await s.request('POST', tl('nobody'), { token: writer, body: { text: 'x' } })).status, 404);
      assert.equal((await s.request('GET', tl('nobody'), { token: reader })).status, 404);
      assert.equal(head(), h);
    });
  });

  describe('move', () => {
    const move = (body: unknown) => s.request('POST', `${base}/move`, { token: writer, body });
    it('moves in ONE commit, rewriting links by path, file name and relative markdown links', async () => {
      await put({ path: 'people/alan', markdown: '# Alan Turing\n\nSee [Ada](ada.md) and [[people/grace|Grace]] and [self](alan.md#top).\n' });
      await put({ path: 'topics/computing', markdown: 'Pioneers: [[people/alan]], [[alan]], [[Alan Turing]], [[people/alan#Work|his work]], [bio](../people/alan.md), `[[people/alan]]`.\n' });
      await put({ path: 'index', markdown: '- [Alan](people/alan.md)\n- [[people/ada]]\n' });
      await put({ path: 'unrelated', markdown: 'Nothing about him.\n' });
      const before = commitCount();
      const seq = s.c.pageIndex.latestSeq(s.mainBrainId);
      const r = await move({ fromPath: 'people/alan', toPath: 'archive/scientists/turing' });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.path, 'archive/scientists/turing.md');
      assert.equal(r.body.version, 2, 'versions continue across a move');
      assert.equal(commitCount(), before + 1);
      assert.equal(
        r.body.markdown,
        '# Alan Turing\n\nSee [Ada](../../people/ada.md) and [[people/grace|Grace]] and [self](turing.md#top).\n',
      );
      assert.equal(
        git('show', 'main:topics/computing.md'),
        'Pioneers: [[archive/scientists/turing]], [[archive/scientists/turing]], [[Alan Turing]], [[archive/scientists/turing#Work|his work]], [bio](../archive/scientists/turing.md), `[[people/alan]]`.\n',
      );
      assert.equal(git('show', 'main:index.md'), '- [Alan](archive/scientists/turing.md)\n- [[people/ada]]\n');
      const status = git('show', '--name-status', '--format=%B', 'main');
      assert.match(status, /Brainkeep-Op: move/);
      assert.match(status, /Brainkeep-Move-From: people\/alan\.md/);
      assert.match(status, /D\tpeople\/alan\.md/);
      assert.match(status, /A\tarchive\/scientists\/turing\.md/);
      assert.match(status, /M\ttopics\/computing\.md/);
      assert.match(status, /M\tindex\.md/);
      assert.doesNotMatch(status, /unrelated/);
      const feed = s.c.pageIndex.changesSince(s.mainBrainId, seq, 100);
      assert.deepEqual(
        feed.map((c) => [c.op, c.path, c.fromPath]).sort(),
        [
          ['move', 'archive/scientists/turing.md', 'people/alan.md'],
          ['put', 'index.md', null],
          ['put', 'topics/computing.md', null],
        ],
      );
      assert.equal(new Set(feed.map((c) => c.commit)).size, 1);
      assert.equal((await get('people/alan')).status, 404);
    });

    it('409 when the target exists, 404 without a source, 400 for the same path; nothing written', async () => {
      const h = head();
      const exists = await move({ fromPath: 'people/ada', toPath: 'people/grace' });
      assert.equal(exists.status, 409);
      assert.equal(exists.body.code, 'move_target_exists');
      assert.equal((await move({ fromPath: 'people/nobody', toPath: 'people/somebody' })).status, 404);
      assert.equal((await move({ fromPath: 'people/ada', toPath: 'people/ada.md' })).status, 400);
      assert.equal((await move({ fromPath: 'people/ada', toPath: '../ada' })).status, 400);
      assert.equal(head(), h);
    });
  });

  describe('delete, history, versions, revert', () => {
    it('DELETE checks expectedVersion and expectedToken like a write: a stale one is 409 and deletes nothing', async () => {
      const first = await put({ path: 'drafts/token', markdown: 'one\n' });
      const second = await put({ path: 'drafts/token', markdown: 'two\n' });
      const before = commitCount();
      for (const q of [`expectedToken=${encodeURIComponent(first.body.token)}`, 'expectedVersion=1']) {
        const stale = await s.request('DELETE', `${base}?path=drafts/token&${q}`, { token: writer });
        assert.equal(stale.status, 409);
        assert.equal(stale.body.detail, 'This page was changed by someone else. Reload and try again.');
        assert.equal(stale.body.currentVersion, 2);
        assert.equal(stale.body.currentToken, second.body.token);
      }
      const twice = await s.request('DELETE', `${base}?path=drafts/token&expectedToken=a&expectedToken=b`, { token: writer });
      assert.equal(twice.status, 400);
      assert.equal(commitCount(), before);
      const ok = await s.request('DELETE', `${base}?path=drafts/token&expectedToken=${encodeURIComponent(second.body.token)}`, { token: writer });
      assert.equal(ok.status, 204);
      assert.equal(commitCount(), before + 1);
    });

    it('DELETE is 204 and one commit; the history stays readable and old versions come from git', async () => {
      await put({ path: 'drafts/essay', markdown: 'first\n' });
      await put({ path: 'drafts/essay', markdown: 'second\n' });
      const before = commitCount();
      const del = await s.request('DELETE', `${base}?path=drafts/essay`, { token: writer });
      assert.equal(del.status, 204);
      assert.equal(commitCount(), before + 1);
      assert.match(git('log', '-1', '--format=%s%n%B', 'main'), /Delete drafts\/essay\.md[\s\S]*Brainkeep-Op: delete/);
      assert.equal((await get('drafts/essay')).status, 404);
      assert.equal((await s.request('DELETE', `${base}?path=drafts/essay`, { token: writer })).status, 404);
      const h = await s.request('GET', `${base}/history?path=drafts/essay`, { token: reader });
      assert.equal(h.status, 200);
      assert.deepEqual(h.body.versions.map((v: any) => [v.version, v.op]), [[3, 'delete'], [2, 'put'], [1, 'put']]);
      const v1 = h.body.versions[2];
      assert.equal(v1.author.name, 'Agent Smith');
      assert.equal(v1.message, 'Create drafts/essay.md');
      assert.equal(v1.commit, git('log', '--format=%H', '-1', '--diff-filter=A', 'main', '--', 'drafts/essay.md').trim());
      const old = await s.request('GET', `${base}?path=drafts/essay&version=1`, { token: reader });
      assert.equal(old.status, 200);
      assert.equal(old.body.markdown, 'first\n');
      assert.equal(old.body.version, 1);
      assert.equal((await s.request('GET', `${base}?path=drafts/essay&version=3`, { token: reader })).status, 404);
      assert.equal((await s.request('GET', `${base}?path=drafts/essay&version=0`, { token: reader })).status, 400);
    });

    it('history and versions follow a move; revert restores old content as a new commit', async () => {
      const h = await s.request('GET', `${base}/history?path=archive/scientists/turing`, { token: reader });
      assert.deepEqual(h.body.versions.map((v: any) => [v.version, v.op, v.path]), [
        [2, 'move', 'archive/scientists/turing.md'],
        [1, 'put', 'people/alan.md'],
      ]);
      const v1 = await s.request('GET', `${base}?path=archive/scientists/turing&version=1`, { token: reader });
      assert.equal(v1.body.path, 'people/alan.md');
      const before = commitCount();
      const rv = await s.request('POST', `${base}/revert`, { token: writer, body: { path: 'archive/scientists/turing', version: 1 } });
      assert.equal(rv.status, 200, rv.text);
      assert.equal(rv.body.version, 3);
      assert.equal(rv.body.markdown, v1.body.markdown);
      assert.equal(commitCount(), before + 1);
      assert.match(git('log', '-1', '--format=%B', 'main'), /Brainkeep-Op: revert/);
      const re = await s.request('POST', `${base}/revert`, { token: writer, body: { path: 'drafts/essay', version: 2 } });
      assert.equal(re.status, 201);
      assert.equal(re.body.markdown, 'second\n');
      assert.equal(re.body.version, 4);
      assert.equal((await s.request('POST', `${base}/revert`, { token: writer, body: { path: 'drafts/essay', version: 99 } })).status, 404);
    });
  });

  describe('changes feed', () => {
    const changes = (q: string) => s.request('GET', `/api/v1/brains/${s.mainBrainId}/changes${q}`, { token: reader });
    it('pages through every change exactly once; nextCursor is never null; a follower sees later changes', async () => {
      const seen: any[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 200; i++) {
        const r = await changes(cursor ? `?since=${cursor}&limit=7` : '?limit=7');
        assert.equal(r.status, 200);
        assert.equal(typeof r.body.nextCursor, 'string');
        seen.push(...r.body.changes);
        cursor = r.body.nextCursor;
        if (r.body.changes.length === 0) break;
      }
      const all = s.c.pageIndex.changesSince(s.mainBrainId, 0, 10_000);
      assert.deepEqual(seen.map((c) => c.seq), all.map((c) => c.seq));
      assert.ok(seen.every((c, i) => i === 0 || c.seq > seen[i - 1].seq));
      const mv = seen.find((c) => c.op === 'move');
      assert.deepEqual(Object.keys(mv).sort(), ['at', 'by', 'commit', 'fromPath', 'op', 'path', 'seq', 'version']);
      assert.ok(!('fromPath' in seen.find((c) => c.op === 'put')));
      const idle = await changes(`?since=${cursor}`);
      assert.deepEqual(idle.body, { changes: [], nextCursor: cursor });
      await put({ path: 'later', markdown: 'later\n' });
      const next = await changes(`?since=${cursor}`);
      assert.deepEqual(next.body.changes.map((c: any) => [c.op, c.path, c.version]), [['put', 'later.md', 1]]);
      assert.notEqual(next.body.nextCursor, cursor);
    });

    it('a bad cursor is 400', async () => {
      for (const bad of ['garbage', '12', '%00', 'YWJj']) {
        const r = await changes(`?since=${bad}`);
        assert.equal(r.status, 400, bad);
        assert.equal(r.body.code, 'invalid_cursor');
      }
    });
  });

  describe('rebuild', () => {
  it('a rebuild from git reproduces versions and the move entry', async () => {
    const before = s.c.pageIndex.listPages(s.mainBrainId, { limit: 10_000 }).map((p) => [p.path, p.version, p.commit]);
    await s.c.writes.rebuild(s.mainBrainId);
    const after = s.c.pageIndex.listPages(s.mainBrainId, { limit: 10_000 }).map((p) => [p.path, p.version, p.commit]);
    assert.deepEqual(after, before);
    const moves = s.c.pageIndex.changesSince(s.mainBrainId, 0, 10_000).filter((c) => c.op === 'move');
    assert.deepEqual(moves.map((m) => [m.fromPath, m.path]), [['people/alan.md', 'archive/scientists/turing.md']]);
  });
});
});

describe('start-up recovery of a dead writer', () => {
  it('a ref lock left by a killed writer is cleared on start, so writes go through', async () => {
    const data = (await import('../helpers/server.js')).tempDir();
    let s = await startTestServer({ BRAINKEEP_DATA: data });
    const gitdir = s.c.repos.gitdirOf(s.mainBrainId);
    await s.stop();
    (await import('node:fs')).default.writeFileSync(`${gitdir}/refs/heads/main.lock`, '0'.repeat(40));
    s = await startTestServer({ BRAINKEEP_DATA: data });
    try {
      const r = await s.request('PUT', `/api/v1/brains/${s.mainBrainId}/pages`, { token: s.credential('Write'), body: { path: 'after-crash', markdown: 'ok\n' } });
      assert.equal(r.status, 201, r.text);
    } finally {
      await s.stop();
      (await import('node:fs')).default.rmSync(data, { recursive: true, force: true });
    }
  });
});
