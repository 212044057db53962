// Hybrid search on questions as people and agents really ask them: a misspelt name, a question in
// a sentence whose rare words only one long page holds (among pages that share its common words).
// Found by general mechanisms (word rarity, the nearest indexed spelling of a typo), not by any
// page or name.
import assert from 'node:assert/strict';
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
    await s.c.embeddings.drain();
  });
  after(async () => s.stop());

  it('a misspelt name finds the person under the nearest indexed spelling (a swap, a doubled or a dropped letter)', async () => {
    assert.equal((await top('who is Hélène Coet'))[0], 'People/Hélène Côté.md');
    assert.equal((await top('Inaki Zubirria'))[0], 'People/Iñaki Zubiría.md');
    assert.equal((await top('Priya Raghunahan email'))[0], 'People/Priya Raghunathan.md');
  });

  it('the misspelling is not shown as matched, and exact mode stays literal', async () => {
    const r = await s.request('GET', `/api/v1/brains/main/search?q=${encodeURIComponent('Hélène Coet')}&limit=3`, { token: read });
    assert.ok(!(r.body.hits[0].why?.matched ?? []).includes('coet'));
    assert.ok(!(await top('Coet', 'exact')).includes('People/Hélène Côté.md'));
  });

  it('a question in a sentence: the long page holding its rarest words ranks first, whatever else shares its common words', async () => {
    assert.equal((await top('how long are database snapshots retained'))[0], 'Handbook/Engineering Handbook.md');
  });
});
