// Hybrid search on questions as people and agents really ask them: a misspelt name, a question in
// a sentence whose rare words only one long page holds (among pages that share its common words).
// Found by general mechanisms (word rarity, the nearest indexed spelling of a typo), not by any
// page or name.
import assert from 'node:assert/strict';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const FILLER = [
  'We agreed to revisit the plan once the second cohort has been live for a fortnight.',
  'Most of the discussion went to sequencing and what has to land before the freeze.',
  'The runbook was updated, but the alert thresholds still reflect last year’s traffic.',
  'The pilot customers asked for an export before anything else.',
  'Documentation lags behind the implementation by roughly one release.',
  'Hiring for the open role is paused until the next planning cycle.',
];
const filler = (n: number, seed: number) => Array.from({ length: n }, (_, i) => FILLER[(i * 7 + seed) % FILLER.length]).join(' ');

function pages(): Record<string, string> {
  const out: Record<string, string> = {};
  const people = ['Hélène Côté', 'Iñaki Zubiría', 'Jürgen Weiß', 'Priya Raghunathan', 'Marcus Oyelaran', 'Ingrid Halvorsen'];
  people.forEach((name, i) => {
    out[`People/${name}.md`] = `# ${name}\n\nEngineer at Tessellate. We keep in touch about the office and the team.\n\n${filler(12, i)}\n`;
  });
  for (let i = 0; i < 8; i++) out[`Meetings/2025-0${(i % 9) + 1}-10 Weekly sync ${i}.md`] = `# Weekly sync ${i}\n\nNotes from the sync, kept by the team.\n\n${filler(20, i + 3)}\n`;
  const sections = Array.from({ length: 12 }, (_, i) => `## Section ${i + 1}\n\n${filler(14, i)}\n`);
  sections.splice(10, 0, '## Backups\n\nDatabase snapshots are retained for thirty-five days, then shredded by the retention job.\n');
  out['Handbook/Engineering Handbook.md'] = `# Engineering Handbook\n\n${sections.join('\n')}`;
  // Three versions of one decision, the newest neither first by path nor by words.
  [
    ['ADR-001 Cache policy.md', '2022-01-10', 'We cache pages for a day. The cache policy decision, with the cache policy alternatives and the policy on cache keys.'],
    ['ADR-002 Cache policy (revisited).md', '2023-04-05', 'We cache pages for a week. Cache policy.'],
    ['ADR-003 Cache policy (again).md', '2025-06-02', 'We cache pages for an hour.'],
  ].forEach(([file, date, text], i) => {
    out[`Decisions/${file}`] = `---\ndate: ${date}\n---\n# Cache policy\n\n${text}\n\n${filler(6, i)}\n`;
  });
  // Two people of one name at two companies, linked from a page each.
  out['People/Acme/Daniel Weber.md'] = `# Daniel Weber\n\nHead of field engineering at Acme.\n\n${filler(8, 1)}\n`;
  out['People/Zenith Freight/Daniel Weber.md'] = `# Daniel Weber\n\nProcurement lead at Zenith Freight.\n\n${filler(8, 2)}\n`;
  out['Companies/Acme.md'] = `# Acme\n\nContacts: [[Acme/Daniel Weber]].\n`;
  // An organisation written as a company wiki writes it: owners, leads, members, reporters.
  out['Teams/Site Reliability.md'] = `---\ntype: team\nlead: "[[Nadia Park]]"\n---\n# Site Reliability\n\nLead: [[Nadia Park]]\n\n## What we own\n\n- [[Kestrel]]\n\n${filler(6, 4)}\n`;
  out['Teams/Localisation.md'] = `---\ntype: team\n---\n# Localisation\n\n## Members\n\n- [[Omar Haddad]]\n\n${filler(6, 5)}\n`;
  out['Projects/Kestrel.md'] = `---\nowner: "[[Site Reliability]]"\n---\n# Kestrel\n\nKestrel rotates expiring certificates. Owned by [[Site Reliability]].\n\n${filler(6, 2)}\n`;
  out['People/Nadia Park.md'] = `# Nadia Park\n\nSRE Lead, leading [[Site Reliability]].\n\n${filler(6, 3)}\n`;
  out['People/Omar Haddad.md'] = `# Omar Haddad\n\nBackend engineer, member of [[Localisation]].\n\n${filler(6, 1)}\n`;
  out['Incidents/OPS-4821 timeouts on the nightly batch.md'] = `---\nticket: OPS-4821\n---\n# OPS-4821: timeouts on the nightly batch\n\nSystem: [[Kestrel]]. Reported by [[Omar Haddad]].\n\n${filler(6, 0)}\n`;
  out['Meetings/北斗精機と連携の打ち合わせ.md'] = '# 北斗精機と連携の打ち合わせ\n\n会議の大半は作業の順序についての議論だった。\n';
  return out;
}

describe('search: hard questions in hybrid mode', function () {
  this.timeout(60_000);
  let s: TestServer;
  let read: string;

  const top = async (q: string, mode = 'hybrid') => {
    const r = await s.request('GET', `/api/v1/brains/main/search?mode=${mode}&limit=5&q=${encodeURIComponent(q)}`, { token: read });
    assert.equal(r.status, 200, r.text);
    return (r.body.hits as Array<{ path: string }>).map((h) => h.path);
  };

  before(async () => {
    s = await startTestServer();
    read = s.credential('Read');
    const write = s.credential('Write');
    for (const [path, markdown] of Object.entries(pages())) {
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path, markdown } });
      assert.equal(r.status, 201, r.text);
    }
    // Another brain where a near spelling of the typo is common: the vocabulary spans brains.
    await s.c.brains.create(SYSTEM_ACTOR, { slug: 'other' });
    for (let i = 0; i < 6; i++) await s.c.pages.put(SYSTEM_ACTOR, 'other', { path: `coats/${i}.md`, markdown: `# Coat ${i}\n\nA coat, a warm coat.\n` });
    await s.c.embeddings.drain();
  });
  after(async () => s.stop());

  it('a question of many made-up words tries at most three of them for a spelling (each try reads the vocabulary)', async () => {
    const repo = Object.getPrototypeOf((s.c as unknown as { searchIndex?: object }).searchIndex ?? {}) as { termsStartingWith?: (...a: unknown[]) => unknown };
    const proto = repo.termsStartingWith ? repo : (await import('../../src/storage/sqlite/searchIndexRepo.js')).SearchIndexRepo.prototype as unknown as typeof repo;
    const original = proto.termsStartingWith!;
    let reads = 0;
    proto.termsStartingWith = function (this: unknown, ...a: unknown[]) {
      reads++;
      return original.apply(this, a);
    };
    try {
      await top('coqwert thazzle renpoodle stavvik corbuln thimmerax reskolvo pondrique');
    } finally {
      proto.termsStartingWith = original;
    }
    // Two prefixes (the first two letters, and swapped) per word tried.
    assert.ok(reads > 0 && reads <= 6, `vocabulary read ${reads} times`);
  });

  it('a misspelt name finds the person under the nearest indexed spelling (a swap, a doubled or a dropped letter)', async () => {
    assert.equal((await top('who is Hélène Coet'))[0], 'People/Hélène Côté.md');
    assert.equal((await top('Inaki Zubirria'))[0], 'People/Iñaki Zubiría.md');
    assert.equal((await top('Priya Raghunahan email'))[0], 'People/Priya Raghunathan.md');
  });

  it('a correction counts only where the brain searched holds it, however common it is elsewhere', async () => {
    assert.equal((await top('Coet'))[0], 'People/Hélène Côté.md');
  });

  it('the misspelling is not shown as matched, and exact mode stays literal', async () => {
    const r = await s.request('GET', `/api/v1/brains/main/search?q=${encodeURIComponent('Hélène Coet')}&limit=3`, { token: read });
    assert.ok(!(r.body.hits[0].why?.matched ?? []).includes('coet'));
    assert.ok(!(await top('Coet', 'exact')).includes('People/Hélène Côté.md'));
  });

  it('asked for the latest, the newest version of a document comes first among its versions', async () => {
    const hits = await top('latest decision on the cache policy');
    assert.equal(hits[0], 'Decisions/ADR-003 Cache policy (again).md');
    const plain = await top('cache policy decision');
    assert.equal(plain[0], 'Decisions/ADR-001 Cache policy.md', 'without asking for the latest, the words decide');
  });

  it('a CJK run not written whole on the page is found by its bigrams', async () => {
    assert.ok((await top('北斗精機との打ち合わせ')).includes('Meetings/北斗精機と連携の打ち合わせ.md'));
  });

  it('a name two pages answer to: the question\'s other words decide, not the resolution order', async () => {
    assert.equal((await top('Daniel Weber procurement lead'))[0], 'People/Zenith Freight/Daniel Weber.md');
    assert.equal((await top('Daniel Weber field engineering'))[0], 'People/Acme/Daniel Weber.md');
  });

  it('a question in a sentence: the long page holding its rarest words ranks first, whatever else shares its common words', async () => {
    assert.equal((await top('how long are database snapshots retained'))[0], 'Handbook/Engineering Handbook.md');
  });

  it('two hops through the relations of an organisation: the team that owns a system, then its lead', async () => {
    assert.equal((await top('who leads the team that owns Kestrel'))[0], 'People/Nadia Park.md');
    assert.equal((await top('projects owned by the team Nadia Park leads'))[0], 'Projects/Kestrel.md');
  });

  it('a ticket key names its page in a relational question: the reporter, then their team', async () => {
    assert.equal((await top('which team is the person who reported OPS-4821 on'))[0], 'Teams/Localisation.md');
  });
});
