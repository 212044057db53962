// Hybrid search's two rules of the question's own reading, through the HTTP route on a small brain:
// a period the question names raises the pages dated in it (and a month word that is a name raises
// nothing); a page in another script that the meaning list cannot judge is weighed by what of the
// question it holds. And the page texts that second rule reads: frontmatter values, not keys, no
// web addresses, the first 64 KiB, of the brain asked only.
import assert from 'node:assert/strict';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const FILLER = [
  'Most of the discussion went to sequencing and what has to land before the freeze.',
  'The pilot customers asked for an export before anything else.',
  'Documentation lags behind the implementation by roughly one release.',
  'Hiring for the open role is paused until the next planning cycle.',
];

function pages(): Record<string, string> {
  const out: Record<string, string> = {};
  // Three readings of one play and three copies of one plan, alike but for their date: without a
  // period read from the question they rank by path.
  for (const day of ['2025-03-12', '2025-06-12', '2025-08-12']) {
    out[`Readings/${day} Strindberg reading.md`] = `# Strindberg reading\n\nAugust Strindberg play reading with the drama club.\n`;
  }
  for (const day of ['2025-01-20', '2025-03-20', '2025-05-20']) {
    out[`Plans/${day} Mars mission plan.md`] = `# Mars mission plan\n\nThe Mars mission plan: launch window, crew and budget.\n`;
  }
  FILLER.forEach((text, i) => {
    out[`Notes/Note ${i}.md`] = `# Note ${i}\n\n${text}\n`;
  });
  return out;
}

describe('search: the hybrid rules that read the question', function () {
  this.timeout(60_000);
  let s: TestServer;
  let read: string;

  const top = async (q: string, brain = 'main') => {
    const r = await s.request('GET', `/api/v1/brains/${brain}/search?mode=hybrid&limit=5&q=${encodeURIComponent(q)}`, { token: read });
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

  it('asks for the question’s vector before ranking its words, and a failure of both leaves nothing unhandled', async () => {
    // Fault injection on the real services: the vectors' state read rejects (as a broken database
    // makes it) while the words ranking throws. The request is answered 500 with the words' error,
    // and the early embedding promise, never awaited, must not surface as an unhandled rejection
    // (which ends the process under Node's default --unhandled-rejections=throw).
    const search = s.c.search as unknown as { readWords: (...a: unknown[]) => unknown };
    const embeddings = s.c.embeddings as unknown as { embedQuery: (...a: unknown[]) => Promise<unknown> };
    const readWords = search.readWords;
    const embedQuery = embeddings.embedQuery;
    const order: string[] = [];
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    search.readWords = () => {
      order.push('words');
      throw new Error('words ranking failed');
    };
    embeddings.embedQuery = () => {
      order.push('vector');
      return Promise.reject(new Error('vectors state unreadable'));
    };
    try {
      const r = await s.request('GET', `/api/v1/brains/main/search?mode=hybrid&limit=5&q=${encodeURIComponent('Mars mission plan')}`, { token: read });
      assert.equal(r.status, 500, r.text);
      assert.deepEqual(order, ['vector', 'words']);
      // Unhandled rejections are reported after the microtask queue drains: give it a few turns.
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(unhandled, []);
    } finally {
      search.readWords = readWords;
      embeddings.embedQuery = embedQuery;
      process.off('unhandledRejection', onUnhandled);
    }
    assert.equal((await top('Mars mission plan in May 2025'))[0], 'Plans/2025-05-20 Mars mission plan.md');
  });

  it('a month named as a period raises the pages dated in it', async () => {
    assert.equal((await top('Strindberg play reading in August'))[0], 'Readings/2025-08-12 Strindberg reading.md');
    assert.equal((await top('Strindberg play reading in June 2025'))[0], 'Readings/2025-06-12 Strindberg reading.md');
    assert.equal((await top('Mars mission plan in May 2025'))[0], 'Plans/2025-05-20 Mars mission plan.md');
    // Two periods joined as a range: the pages in it come first, in their order.
    assert.deepEqual((await top('Mars mission plan between March 2025 and May 2025')).slice(0, 2), ['Plans/2025-03-20 Mars mission plan.md', 'Plans/2025-05-20 Mars mission plan.md']);
  });

  it('a month word that is a name raises nothing: the pages keep their order', async () => {
    assert.equal((await top('August Strindberg play reading'))[0], 'Readings/2025-03-12 Strindberg reading.md');
    assert.equal((await top('Mars mission plan'))[0], 'Plans/2025-01-20 Mars mission plan.md');
    assert.equal((await top('MARCH Mars mission plan'))[0], 'Plans/2025-01-20 Mars mission plan.md');
  });

  it('reads a page’s frontmatter values and body, not its keys nor its links’ addresses, to 64 KiB, in the brain asked', async () => {
    const write = s.credential('Write');
    const long = `---\nstatus: draft\nowner: Ingrid\naliases: [Kanazawa pavilion]\n---\n# 金沢 茶室\n\nSee https://example.org/roofing/copper for the roof.\n\n${'茶室 '.repeat(40_000)}\n\nzanzibarite\n`;
    const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'Projects/金沢 茶室.md', markdown: long } });
    assert.equal(r.status, 201, r.text);
    await s.c.brains.create(SYSTEM_ACTOR, { slug: 'other' });
    await s.c.pages.put(SYSTEM_ACTOR, 'other', { path: 'x.md', markdown: '# X\n\nAnother brain.\n' });
    const id = (path: string) => (s.c.db.prepare('SELECT id FROM pages WHERE path = ?').get(path) as { id: number }).id;
    const brainOf = (slug: string) => (s.c.db.prepare('SELECT id FROM brains WHERE slug = ?').get(slug) as { id: string }).id;
    const [page, elsewhere] = [id('Projects/金沢 茶室.md'), id('x.md')];
    const texts = s.c.searchIndex.pageTexts(brainOf('main'), [page, elsewhere]);
    const text = texts.get(page)!;
    assert.match(text, /draft/);
    assert.match(text, /Kanazawa pavilion/);
    assert.match(text, /Ingrid/);
    assert.doesNotMatch(text, /status|owner|aliases/);
    assert.doesNotMatch(text, /example|roofing|copper/);
    assert.match(text, /for the roof/);
    // The page's end lies past the first 64 KiB.
    assert.doesNotMatch(text, /zanzibarite/);
    assert.ok(text.length <= 65_536 + 100);
    // A page of another brain is not read.
    assert.equal(texts.has(elsewhere), false);
    assert.equal(s.c.searchIndex.pageTexts(brainOf('other'), [elsewhere]).has(elsewhere), true);
  });
});

describe('search: a page meaning cannot judge', function () {
  this.timeout(60_000);
  let s: TestServer;
  let read: string;

  const hits = async (q: string, mode = 'hybrid') => {
    const r = await s.request('GET', `/api/v1/brains/main/search?mode=${mode}&limit=10&q=${encodeURIComponent(q)}`, { token: read });
    assert.equal(r.status, 200, r.text);
    return (r.body.hits as Array<{ path: string }>).map((h) => h.path);
  };

  before(async () => {
    s = await startTestServer();
    read = s.credential('Read');
    const write = s.credential('Write');
    const put = async (path: string, markdown: string) => {
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path, markdown } });
      assert.equal(r.status, 201, r.text);
    };
    // A Japanese project page whose only words in Latin letters are its place.
    await put('Projects/金沢 茶室.md', '---\nenglish: Kanazawa tea pavilion\n---\n# 金沢 茶室\n\n屋根は銅板で葺かれ、庭に面した縁側がある。\n');
    await put('Notes/Pavilion roofs.md', '# Pavilion roofs\n\nA pavilion roof needs a light material: the pavilion roof material is usually copper or felt.\n');
    await put('Notes/Tea ceremony.md', '# Tea ceremony\n\nThe tea ceremony: tea, water, a quiet room.\n');
    // English pages about roofs, gardens and houses: what a meaning list finds for the question.
    const topics = ['garden shed', 'summer house', 'boathouse', 'greenhouse', 'carport', 'workshop', 'pergola', 'gazebo', 'barn', 'porch', 'veranda', 'conservatory'];
    for (const [i, t] of topics.entries()) {
      await put(`Notes/${t}.md`, `# The ${t}\n\nThe roof of the ${t} is covered with ${['felt', 'slate', 'tiles', 'shingles'][i % 4]}; the walls are timber. ${FILLER[i % FILLER.length]}\n`);
    }
    await s.c.embeddings.drain();
  });
  after(async () => s.stop());

  it('a page in another script that meaning did not find is weighed by the question’s words it holds', async () => {
    // The question's rare word (Kanazawa) is on the Japanese page only, in its frontmatter; the
    // meaning list, blind to Japanese, likes the English roof pages. Without the rule the words
    // match counts at its query class's words weight and the page falls out of the first 3.
    const q = 'tea pavilion roof in Kanazawa covered with copper or felt';
    const semantic = await hits(q, 'semantic');
    assert.ok(!semantic.includes('Projects/金沢 茶室.md'), semantic.join(', '));
    const hybrid = await hits(q);
    assert.ok(hybrid.slice(0, 2).includes('Projects/金沢 茶室.md'), hybrid.join(', '));
  });
});
