// A chatty paraphrase through the HTTP route: a question that shares no word with the page it
// wants, wrapped in scaffolding ("hey, can you tell me who we know…"), finds that page by meaning.
// The built-in word-vector model reads the question without its scaffolding; read whole, the
// scaffolding's words pulled the question toward a page about talking and asking.
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { meaningText } from '../../src/domain/queryMeaning.js';
import { sharedSifModel } from '../../src/infra/embeddings/localProvider.js';
import { TEST_MODELS_DIR } from '../helpers/models.js';

const PAGES: Record<string, string> = {
  'People/Dermatology consultant.md': '# Dermatology consultant\n\nVeterinary dermatologist. Treats allergies, eczema, rashes and hair loss in pets.\n',
  'Guides/Team communication.md': '# Team communication\n\nHow we talk to each other: ask questions early, tell colleagues what you think, remember to say thanks, and know who to ask.\n',
  'Projects/Practice system migration.md': '# Practice system migration\n\nThe practice replaced its scheduling and billing software; cutover planned for June.\n',
  'Office/Kitchen supplies.md': '# Kitchen supplies\n\nCoffee, tea, milk and snacks for the office pantry.\n',
};

const QUESTION = 'hey, can you tell me who we know that looks after our kittens itchy skin?';

describe('search: a chatty paraphrase finds its page by meaning', function () {
  this.timeout(60_000);
  let s: TestServer;
  let read: string;

  const top = async (mode: string, q: string) => {
    const r = await s.request('GET', `/api/v1/brains/main/search?mode=${mode}&limit=5&q=${encodeURIComponent(q)}`, { token: read });
    assert.equal(r.status, 200, r.text);
    return (r.body.hits as Array<{ path: string }>).map((h) => h.path);
  };

  before(async () => {
    s = await startTestServer();
    read = s.credential('Read');
    const write = s.credential('Write');
    for (const [path, markdown] of Object.entries(PAGES)) {
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path, markdown } });
      assert.equal(r.status, 201, r.text);
    }
    await s.c.embeddings.drain();
  });
  after(async () => s.stop());

  it('read whole, the question is nearer the page about talking (the case the scaffolding rule is for)', async () => {
    const model = await sharedSifModel(TEST_MODELS_DIR);
    const cos = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
    const whole = model.embed(QUESTION);
    const meant = model.embed(meaningText(QUESTION));
    const derm = model.embed(PAGES['People/Dermatology consultant.md']!);
    const talk = model.embed(PAGES['Guides/Team communication.md']!);
    assert.ok(cos(whole, talk) > cos(whole, derm), 'whole question: the page about talking is nearer');
    assert.ok(cos(meant, derm) > cos(meant, talk), 'meaning text: the dermatology page is nearer');
  });

  it('semantic and hybrid search answer with the page the question describes', async () => {
    assert.equal((await top('semantic', QUESTION))[0], 'People/Dermatology consultant.md');
    assert.equal((await top('hybrid', QUESTION))[0], 'People/Dermatology consultant.md');
  });

  it('a question of scaffolding only is still read (as typed)', async () => {
    const hits = await top('semantic', 'what was it?');
    assert.ok(Array.isArray(hits));
  });
});
