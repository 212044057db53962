// The search response, byte for byte, for questions of each kind over a small brain with
// partitions (one archived): ranking order, scores, snippets, `why` and every other field, in
// exact and hybrid mode, with and without includeArchived. Changes to the search's plumbing
// (how filters are settled, the request's timing, the ranking's reads) must leave these texts
// as they are; a change meant to alter results updates them on purpose
// (BRAINKEEP_PIN_RECORD=1 prints the texts to paste below).
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { SYSTEM_ACTOR } from '../../src/domain/actor.js';

const PAGES: Array<[string, string]> = [
  ['clients/acme/projects/website.md', '# Website relaunch\n\nThe acme website relaunch with a new design system. The design review is on Friday.\n\n## Budget\n\nThe relaunch budget covers design, copy and hosting.'],
  ['clients/acme/notes/kickoff.md', '---\ntags: [meeting]\n---\n# Kickoff meeting\n\nWe agreed the website scope with Acme: design first, then the shop.'],
  ['clients/globex/projects/website.md', '# Website audit\n\nThe globex website audit for accessibility and design. Contrast, headings and forms were checked.'],
  ['clients/globex/notes/invoice.md', '# Invoice INV-7781\n\nThe audit invoice INV-7781 was paid in March.'],
  ['notes/design-principles.md', '# Design principles\n\nPrinciples we design by: clarity first, fewer colours, accessible forms.\n\n## Typography\n\nOne typeface, two weights. Headings are short.'],
  ['notes/running.md', '# Running\n\nShe runs along the river; running keeps the designers sane.'],
];

const QUESTIONS: Array<Record<string, string>> = [
  { q: 'website design', mode: 'exact' },
  { q: 'website design', mode: 'exact', includeArchived: 'true' },
  { q: 'design forms accessibility', mode: 'exact' },
  { q: 'runs designer', mode: 'exact' },
  { q: 'INV-7781', mode: 'exact', includeArchived: 'true' },
  { q: 'website design', mode: 'hybrid' },
  { q: 'website design', mode: 'hybrid', includeArchived: 'true' },
  { q: 'how do we choose fonts', mode: 'hybrid' },
  { q: 'kickoff', mode: 'hybrid', tag: 'meeting' },
];

/** Recorded on e141573 (before the timing and archived-filter changes). */
const PINNED: string[] = [
  "{\"mode\":\"exact\",\"hits\":[{\"path\":\"clients/acme/projects/website.md\",\"title\":\"Website relaunch\",\"snippet\":\"The acme **website** relaunch with a new **design** system. The **design** review is on Friday. Budget The relaunch budget covers **design**, copy and hosting.\",\"score\":0.453724,\"partition\":\"acme\",\"folder\":\"clients/acme/projects\",\"why\":{\"matched\":[\"website\",\"design\"],\"via\":[]}},{\"path\":\"clients/acme/notes/kickoff.md\",\"title\":\"Kickoff meeting\",\"snippet\":\"We agreed the **website** scope with Acme: **design** first, then the shop.\",\"score\":0.298356,\"partition\":\"acme\",\"folder\":\"clients/acme/notes\",\"why\":{\"matched\":[\"website\",\"design\"],\"via\":[]}},{\"path\":\"notes/design-principles.md\",\"title\":\"Design principles\",\"snippet\":\"Principles we **design** by: clarity first, fewer colours, accessible forms. Typography One typeface, two weights. Headings are short.\",\"score\":0,\"partition\":null,\"folder\":\"notes\",\"why\":{\"matched\":[\"design\"],\"via\":[]}},{\"path\":\"notes/running.md\",\"title\":\"Running\",\"snippet\":\"She runs along the river; running keeps the **designers** sane.\",\"score\":0,\"partition\":null,\"folder\":\"notes\",\"why\":{\"matched\":[\"design\"],\"via\":[]}}]}",
  "{\"mode\":\"exact\",\"hits\":[{\"path\":\"clients/globex/projects/website.md\",\"title\":\"Website audit\",\"snippet\":\"The globex **website** audit for accessibility and **design**. Contrast, headings and forms were checked.\",\"score\":0.468524,\"partition\":\"globex\",\"folder\":\"clients/globex/projects\",\"why\":{\"matched\":[\"website\",\"design\"],\"via\":[]}},{\"path\":\"clients/acme/projects/website.md\",\"title\":\"Website relaunch\",\"snippet\":\"The acme **website** relaunch with a new **design** system. The **design** review is on Friday. Budget The relaunch budget covers **design**, copy and hosting.\",\"score\":0.453724,\"partition\":\"acme\",\"folder\":\"clients/acme/projects\",\"why\":{\"matched\":[\"website\",\"design\"],\"via\":[]}},{\"path\":\"clients/acme/notes/kickoff.md\",\"title\":\"Kickoff meeting\",\"snippet\":\"We agreed the **website** scope with Acme: **design** first, then the shop.\",\"score\":0.298356,\"partition\":\"acme\",\"folder\":\"clients/acme/notes\",\"why\":{\"matched\":[\"website\",\"design\"],\"via\":[]}},{\"path\":\"notes/design-principles.md\",\"title\":\"Design principles\",\"snippet\":\"Principles we **design** by: clarity first, fewer colours, accessible forms. Typography One typeface, two weights. Headings are short.\",\"score\":0,\"partition\":null,\"folder\":\"notes\",\"why\":{\"matched\":[\"design\"],\"via\":[]}},{\"path\":\"notes/running.md\",\"title\":\"Running\",\"snippet\":\"She runs along the river; running keeps the **designers** sane.\",\"score\":0,\"partition\":null,\"folder\":\"notes\",\"why\":{\"matched\":[\"design\"],\"via\":[]}}]}",
  "{\"mode\":\"exact\",\"hits\":[{\"path\":\"notes/design-principles.md\",\"title\":\"Design principles\",\"snippet\":\"Principles we **design** by: clarity first, fewer colours, **accessible** **forms**. Typography One typeface, two weights. Headings are short.\",\"score\":0.302112,\"partition\":null,\"folder\":\"notes\",\"why\":{\"matched\":[\"design\",\"forms\"],\"via\":[]}},{\"path\":\"clients/acme/projects/website.md\",\"title\":\"Website relaunch\",\"snippet\":\"The acme website relaunch with a new **design** system. The **design** review is on Friday. Budget The relaunch budget covers **design**, copy and hosting.\",\"score\":0,\"partition\":\"acme\",\"folder\":\"clients/acme/projects\",\"why\":{\"matched\":[\"design\"],\"via\":[]}},{\"path\":\"clients/acme/notes/kickoff.md\",\"title\":\"Kickoff meeting\",\"snippet\":\"We agreed the website scope with Acme: **design** first, then the shop.\",\"score\":0,\"partition\":\"acme\",\"folder\":\"clients/acme/notes\",\"why\":{\"matched\":[\"design\"],\"via\":[]}},{\"path\":\"notes/running.md\",\"title\":\"Running\",\"snippet\":\"She runs along the river; running keeps the **designers** sane.\",\"score\":0,\"partition\":null,\"folder\":\"notes\",\"why\":{\"matched\":[\"design\"],\"via\":[]}}]}",
  "{\"mode\":\"exact\",\"hits\":[{\"path\":\"notes/running.md\",\"title\":\"Running\",\"snippet\":\"She **runs** along the river; **running** keeps the **designers** sane.\",\"score\":0.382436,\"partition\":null,\"folder\":\"notes\",\"why\":{\"matched\":[\"runs\",\"designer\"],\"via\":[]}},{\"path\":\"notes/design-principles.md\",\"title\":\"Design principles\",\"snippet\":\"Principles we **design** by: clarity first, fewer colours, accessible forms. Typography One typeface, two weights. Headings are short.\",\"score\":0,\"partition\":null,\"folder\":\"notes\"},{\"path\":\"clients/acme/projects/website.md\",\"title\":\"Website relaunch\",\"snippet\":\"The acme website relaunch with a new **design** system. The **design** review is on Friday. Budget The relaunch budget covers **design**, copy and hosting.\",\"score\":0,\"partition\":\"acme\",\"folder\":\"clients/acme/projects\"},{\"path\":\"clients/acme/notes/kickoff.md\",\"title\":\"Kickoff meeting\",\"snippet\":\"We agreed the website scope with Acme: **design** first, then the shop.\",\"score\":0,\"partition\":\"acme\",\"folder\":\"clients/acme/notes\"}]}",
  "{\"mode\":\"exact\",\"hits\":[{\"path\":\"clients/globex/notes/invoice.md\",\"title\":\"Invoice INV-7781\",\"snippet\":\"The audit invoice **INV-7781** was paid in March.\",\"score\":0.76251,\"partition\":\"globex\",\"folder\":\"clients/globex/notes\",\"why\":{\"matched\":[\"inv-7781\"],\"via\":[]}}]}",
  "{\"mode\":\"hybrid\",\"hits\":[{\"path\":\"clients/acme/projects/website.md\",\"title\":\"Website relaunch\",\"snippet\":\"The acme **website** relaunch with a new **design** system. The **design** review is on Friday. Budget The relaunch budget covers **design**, copy and hosting.\",\"score\":0.024443,\"partition\":\"acme\",\"folder\":\"clients/acme/projects\",\"why\":{\"matched\":[\"website\",\"design\"],\"via\":[]}},{\"path\":\"clients/acme/notes/kickoff.md\",\"title\":\"Kickoff meeting\",\"snippet\":\"We agreed the **website** scope with Acme: **design** first, then the shop.\",\"score\":0.010808,\"partition\":\"acme\",\"folder\":\"clients/acme/notes\",\"why\":{\"matched\":[\"website\",\"design\"],\"via\":[]}},{\"path\":\"notes/design-principles.md\",\"title\":\"Design principles\",\"snippet\":\"Principles we **design** by: clarity first, fewer colours, accessible forms. Typography One typeface, two weights. Headings are short.\",\"score\":0,\"partition\":null,\"folder\":\"notes\",\"why\":{\"matched\":[\"design\"],\"via\":[]}},{\"path\":\"notes/running.md\",\"title\":\"Running\",\"snippet\":\"She runs along the river; running keeps the **designers** sane.\",\"score\":0,\"partition\":null,\"folder\":\"notes\",\"why\":{\"matched\":[\"design\"],\"via\":[]}}]}",
  "{\"mode\":\"hybrid\",\"hits\":[{\"path\":\"clients/acme/projects/website.md\",\"title\":\"Website relaunch\",\"snippet\":\"The acme **website** relaunch with a new **design** system. The **design** review is on Friday. Budget The relaunch budget covers **design**, copy and hosting.\",\"score\":0.031839,\"partition\":\"acme\",\"folder\":\"clients/acme/projects\",\"why\":{\"matched\":[\"website\",\"design\"],\"via\":[]}},{\"path\":\"clients/globex/projects/website.md\",\"title\":\"Website audit\",\"snippet\":\"The globex **website** audit for accessibility and **design**. Contrast, headings and forms were checked.\",\"score\":0.030493,\"partition\":\"globex\",\"folder\":\"clients/globex/projects\",\"why\":{\"matched\":[\"website\",\"design\"],\"via\":[]}},{\"path\":\"clients/acme/notes/kickoff.md\",\"title\":\"Kickoff meeting\",\"snippet\":\"We agreed the **website** scope with Acme: **design** first, then the shop.\",\"score\":0.018802,\"partition\":\"acme\",\"folder\":\"clients/acme/notes\",\"why\":{\"matched\":[\"website\",\"design\"],\"via\":[]}},{\"path\":\"notes/design-principles.md\",\"title\":\"Design principles\",\"snippet\":\"Principles we **design** by: clarity first, fewer colours, accessible forms. Typography One typeface, two weights. Headings are short.\",\"score\":0.008479,\"partition\":null,\"folder\":\"notes\",\"why\":{\"matched\":[\"design\"],\"via\":[]}},{\"path\":\"notes/running.md\",\"title\":\"Running\",\"snippet\":\"She runs along the river; running keeps the **designers** sane.\",\"score\":0,\"partition\":null,\"folder\":\"notes\",\"why\":{\"matched\":[\"design\"],\"via\":[]}},{\"path\":\"clients/globex/notes/invoice.md\",\"title\":\"Invoice INV-7781\",\"snippet\":\"The audit invoice INV-7781 was paid in March.\",\"score\":0,\"partition\":\"globex\",\"folder\":\"clients/globex/notes\"}]}",
  "{\"mode\":\"hybrid\",\"hits\":[{\"path\":\"clients/acme/notes/kickoff.md\",\"title\":\"Kickoff meeting\",\"snippet\":\"**We** agreed the website scope with Acme: design first, then the shop.\",\"score\":0.004918,\"partition\":\"acme\",\"folder\":\"clients/acme/notes\",\"why\":{\"matched\":[\"we\"],\"via\":[]}},{\"path\":\"notes/design-principles.md\",\"title\":\"Design principles\",\"snippet\":\"Principles **we** design by: clarity first, fewer colours, accessible forms. Typography One typeface, two weights. Headings are short.\",\"score\":0.004176,\"partition\":null,\"folder\":\"notes\",\"why\":{\"matched\":[\"we\"],\"via\":[]}}]}",
  "{\"mode\":\"hybrid\",\"hits\":[{\"path\":\"clients/acme/notes/kickoff.md\",\"title\":\"Kickoff meeting\",\"snippet\":\"We agreed the website scope with Acme: design first, then the shop.\",\"score\":0.032787,\"partition\":\"acme\",\"folder\":\"clients/acme/notes\",\"why\":{\"matched\":[\"kickoff\"],\"via\":[]}}]}",
];

describe('search responses pinned byte for byte', () => {
  let s: TestServer;
  let token: string;
  before(async function () {
    this.timeout(120_000);
    s = await startTestServer();
    await s.c.brains.create(SYSTEM_ACTOR, { slug: 'agency', templateKey: 'agency' });
    token = s.credential('Admin', 'agency');
    for (const [key, name] of [
      ['acme', 'Acme'],
      ['globex', 'Globex'],
    ]) {
      const r = await s.request('POST', '/api/v1/brains/agency/partitions', { token, body: { name, key } });
      assert.equal(r.status, 201, r.text);
    }
    for (const [path, markdown] of PAGES) {
      const r = await s.request('PUT', '/api/v1/brains/agency/pages', { token, body: { path, markdown } });
      assert.equal(r.status, 201, r.text);
    }
    assert.equal((await s.request('POST', '/api/v1/brains/agency/partitions/globex/archive', { token })).status, 200);
    await s.c.embeddings.drain();
  });
  after(async () => s.stop());

  it('answers each question with the same text as before', async () => {
    const got: string[] = [];
    for (const q of QUESTIONS) {
      const r = await s.request('GET', `/api/v1/brains/agency/search?${new URLSearchParams(q)}`, { token });
      assert.equal(r.status, 200, r.text);
      got.push(r.text);
    }
    if (process.env.BRAINKEEP_PIN_RECORD === '1') console.log(JSON.stringify(got, null, 2));
    for (const [i, q] of QUESTIONS.entries()) assert.equal(got[i], PINNED[i], JSON.stringify(q));
  });
});
