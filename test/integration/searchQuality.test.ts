// Search quality floors on a small seeded evaluation world (bench/quality/, the same generator as
// `npm run bench -- quality`): the world is written through the pages API of a real server and
// every judged question is asked in every mode. The floors sit a little under the figures this
// world measured, so a change that makes search worse fails here.
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';
import { evaluate, table, type Evaluation } from '../../bench/quality/evaluate.js';
import { checkParaphraseTable, FAMILIES, generateQuestions, type Question } from '../../bench/quality/questions.js';
import { generateWorld, type World } from '../../bench/quality/world.js';

const SEED = 7;
const SCALE = 0.3;

/** Hybrid R@5 floors per family (measured on this world, minus a margin), and the overall ones per mode. */
const FLOORS = {
  hybrid: { relational: 0.92, paraphrase: 0.88, identifier: 0.95, 'two-hop': 0.86, all: 0.9 },
  exact: { identifier: 1 },
  semantic: { relational: 0.2, paraphrase: 0.85, all: 0.36 },
};

describe('search quality on the evaluation world (floors)', function () {
  this.timeout(120_000);
  let s: TestServer;
  let world: World;
  let questions: Question[];
  let result: Evaluation;

  before(async () => {
    world = generateWorld({ seed: SEED, scale: SCALE });
    questions = generateQuestions(world, { seed: SEED, perFamily: { relational: 30, paraphrase: 24, identifier: 15, 'two-hop': 20 } });
    s = await startTestServer({ BRAINKEEP_RATE_LIMIT: '1000000' });
    const brain = await s.c.brains.create(SYSTEM_ACTOR, { slug: 'quality' });
    const token = s.c.identity.createCredential({ brainId: brain.id, role: 'Write', label: 'quality' }, SYSTEM_ACTOR).key;
    // One import commit through the durable write path (the bench writes page by page over HTTP;
    // here the time goes to the questions).
    await s.c.writes.write(brain.id, SYSTEM_ACTOR, () => ({
      ops: Object.entries(world.pages).map(([path, md]) => ({ op: 'put' as const, path, content: Buffer.from(md) })),
      message: 'Evaluation world',
      opName: 'import',
      audit: { action: 'test.import' },
    }));
    await s.c.embeddings.drain(brain.id);
    result = await evaluate(s.url, token, 'quality', questions, { deep: false });
    if (process.env.QUALITY_VERBOSE) console.log(table(result));
  });

  after(async () => {
    await s?.stop();
  });

  it('generates the same world and questions from the same seed, with every family represented', () => {
    const again = generateWorld({ seed: SEED, scale: SCALE });
    assert.deepEqual(Object.keys(again.pages), Object.keys(world.pages));
    assert.equal(again.pages[world.meetings[0]!.path], world.pages[world.meetings[0]!.path]);
    assert.ok(Object.keys(world.pages).length >= 90, `${Object.keys(world.pages).length} pages`);
    for (const f of FAMILIES) assert.ok(questions.filter((q) => q.family === f).length >= 10, f);
    // Every answer is a page of the world.
    for (const q of questions) for (const p of q.relevant) assert.ok(world.pages[p], `${q.q}: ${p}`);
  });

  it('phrases paraphrases without the concept’s own words', () => {
    checkParaphraseTable();
  });

  it('keeps every mode above its floor per family', () => {
    const below: string[] = [];
    for (const [mode, floors] of Object.entries(FLOORS) as Array<[keyof typeof FLOORS, Record<string, number>]>) {
      for (const [family, floor] of Object.entries(floors)) {
        const got = result.scores[mode][family as keyof Evaluation['reachable']].r5;
        if (got < floor) below.push(`${mode} ${family} R@5 ${got.toFixed(3)} < ${floor}`);
      }
    }
    assert.deepEqual(below, [], `\n${table(result)}`);
  });

  it('finds most answers in the top 10 of some mode (the ceiling)', () => {
    assert.ok(result.reachable.all >= 0.75, `reachable ${result.reachable.all}`);
  });
});
