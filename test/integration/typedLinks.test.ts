// Typed links end to end, over a small hand-made world (people, companies, meetings, a concept):
// traverse with type= over HTTP and MCP, one edge per pair and type with a count, relational and
// two-hop questions answered by hybrid search (with `why`), identifiers kept on top, and a reindex
// from git that gives the same typed graph as the live index.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { runCli } from '../helpers/cli.js';
import { GitClient, gitUrl } from '../helpers/git.js';
import { derivePage } from '../../src/domain/pageDerivation.js';
import { relationRulesOf, parseBrainSchema } from '../../src/domain/brainSchema.js';
import { DerivationThread } from '../../src/storage/indexing/derivationThread.js';

const SCHEMA = {
  folders: [
    { path: 'people', description: 'People', entityType: 'person' },
    { path: 'companies', description: 'Companies', entityType: 'company' },
    { path: 'meetings', description: 'Meetings', entityType: 'meeting' },
    { path: 'concepts', description: 'Concepts', entityType: 'concept' },
    { path: 'projects', description: 'Projects', entityType: 'project' },
    { path: 'team', description: 'Our own people', entityType: 'person' },
  ],
  entityTypes: [
    { name: 'person', folder: 'people', description: 'A person.', fields: [{ name: 'title', type: 'string', required: true }, { name: 'company', type: 'link', required: false }] },
    { name: 'project', folder: 'projects', description: 'A project.', fields: [{ name: 'title', type: 'string', required: true }, { name: 'owner', type: 'link', required: false }] },
  ],
  partitionFolder: null,
};

// Relations written the ways people write them; some facts only on the other page of a relation.
const WORLD: Record<string, string> = {
  'people/ada-lovelace.md': '---\ncompany: "[[Acme Robotics]]"\nemail: ada@acme.example\n---\n# Ada Lovelace\n\nAda joined [[Acme Robotics]] as CTO in 2021. She advises [[Globex]] on pricing.\n',
  'people/bob-stone.md': '# Bob Stone\n\nBob works at [[Globex]] as a designer. Friend of [[Ada Lovelace]].\n',
  'people/cara-diaz.md': '# Cara Diaz\n\nCara is a staff engineer at [[Initech]].\n',
  'people/dan-wu.md': '---\ncompany: Acme Robotics\n---\n# Dan Wu\n\nDan leads the warehouse team.\n',
  'people/eve-park.md': '# Eve Park\n\nPartner at [[Northwind Capital]]. She led the seed round in [[Initech]].\n\nBest,\nEve\n',
  'companies/acme-robotics.md': '# Acme Robotics\n\nAcme builds [[Warehouse Automation]] robots. [[Northwind Capital]] led the Series A.\n',
  'companies/globex.md': '# Globex\n\nGlobex sells design software.\n\n## Investors\n- [[Northwind Capital]]\n',
  'companies/initech.md': '# Initech\n\nInitech works on [[Warehouse Automation]] software for retailers.\n',
  'companies/northwind-capital.md': '# Northwind Capital\n\nA venture fund. Portfolio notes below.\n',
  'concepts/warehouse-automation.md': '# Warehouse Automation\n\nRobots and software that move goods inside warehouses.\n',
  'meetings/2024-05-02-pricing-review.md':
    '---\nattendees: ["[[Ada Lovelace]]", "[[Bob Stone]]"]\n---\n# Pricing review\n\nWe discussed [[Globex]] pricing tiers.\n\nCc: [[Cara Diaz]]\n',
  'meetings/2024-06-10-robot-demo.md': '# Robot demo\n\n## Attendees\n- [[Dan Wu]]\n- [[Eve Park]]\n\n## Notes\nDemo of [[Acme Robotics]] pickers. [[Acme Robotics]] again. Mentioned [[Bob Stone]] once.\n',
  'meetings/2024-07-01-retail-sync.md': '# Retail sync\n\nReviewed [[Initech]] rollout plans with the team.\n',
  'team/zoe-quinn.md': '# Zoe Quinn\n\nOperations lead.\n',
  'meetings/2024-08-01-offsite.md': '# Offsite\n\nAttendees: [[Acme Robotics]], [[Zoe Quinn]]\n',
  'projects/atlas.md': '---\nowner: "[[Ada Lovelace]]"\n---\n# Atlas\n\nInternal robotics project. Code ATL-4471.\n',
};

type Hit = { path: string; why?: { matched: string[]; via: Array<{ type: string; from: string }> } };

describe('typed links and relational search', function () {
  let s: TestServer;
  let token: string;
  const get = (url: string) => s.request('GET', url, { token });
  const search = async (q: string, mode = 'hybrid', limit = 5): Promise<Hit[]> => {
    const r = await get(`/api/v1/brains/main/search?${new URLSearchParams({ q, mode, limit: String(limit) })}`);
    assert.equal(r.status, 200, r.text);
    return r.body.hits;
  };
  const traverse = (params: string) => get(`/api/v1/brains/main/graph/traverse?${params}`);

  before(async () => {
    s = await startTestServer();
    token = s.credential('Admin');
    const put = async (path: string, markdown: string) => {
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path, markdown } });
      assert.ok(r.status === 200 || r.status === 201, r.text);
    };
    await put('.brain/schema.json', JSON.stringify(SCHEMA));
    for (const [path, md] of Object.entries(WORLD)) await put(path, md);
    await s.c.embeddings.drain();
  });
  after(async () => s.stop());

  it('traverse: edges carry their type and count, one per pair and type', async () => {
    const r = await traverse('path=meetings/2024-06-10-robot-demo.md&depth=1&direction=out');
    assert.equal(r.status, 200);
    const edges = r.body.edges as Array<{ from: string; to: string; type: string; count: number }>;
    const from = 'meetings/2024-06-10-robot-demo.md';
    assert.deepEqual(
      edges.filter((e) => e.from === from).map((e) => [e.to, e.type, e.count]),
      [
        ['companies/acme-robotics.md', 'about', 1],
        ['companies/acme-robotics.md', 'mentions', 1],
        ['people/bob-stone.md', 'mentions', 1],
        ['people/dan-wu.md', 'attended', 1],
        ['people/eve-park.md', 'attended', 1],
      ],
    );
  });

  it('traverse type= (repeatable) follows only those relations; a bad type is 400', async () => {
    const attended = await traverse('path=people/ada-lovelace.md&depth=1&type=attended');
    assert.deepEqual(attended.body.nodes.map((n: { path: string }) => n.path), ['people/ada-lovelace.md', 'meetings/2024-05-02-pricing-review.md']);
    assert.ok(attended.body.edges.every((e: { type: string }) => e.type === 'attended'));
    const two = await traverse('path=people/ada-lovelace.md&depth=1&type=works_at&type=owner');
    assert.deepEqual(two.body.nodes.map((n: { path: string }) => n.path).sort(), ['companies/acme-robotics.md', 'people/ada-lovelace.md', 'projects/atlas.md']);
    const bad = await traverse('path=people/ada-lovelace.md&type=no%20spaces!');
    assert.equal(bad.status, 400);
    assert.equal(bad.body.code, 'invalid_parameter');
  });

  it('the schema link field, a plain name under a link key and negatives are typed as written', async () => {
    const dan = await get('/api/v1/brains/main/graph/backlinks?path=companies/acme-robotics.md');
    const rows = (dan.body.backlinks as Array<{ path: string; type: string; count: number }>).map((b) => `${b.path} ${b.type} ${b.count}`);
    assert.ok(rows.includes('people/dan-wu.md works_at 1'), rows.join('\n'));
    assert.ok(rows.includes('people/ada-lovelace.md works_at 2'), rows.join('\n'));
    const cara = await get('/api/v1/brains/main/graph/backlinks?path=people/cara-diaz.md');
    assert.deepEqual(cara.body.backlinks.map((b: { path: string; type: string }) => [b.path, b.type]), [['meetings/2024-05-02-pricing-review.md', 'mentions']]);
  });

  it('MCP traverse takes type too', async () => {
    const client = new Client({ name: 'typed-links-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${s.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    try {
      const r = (await client.callTool({ name: 'traverse', arguments: { path: 'companies/initech.md', depth: 1, type: ['invested_in'] } })) as { isError?: boolean; structuredContent: any };
      assert.equal(r.isError, undefined);
      assert.deepEqual(r.structuredContent.edges, [{ from: 'people/eve-park.md', to: 'companies/initech.md', type: 'invested_in', count: 1 }]);
    } finally {
      await client.close();
    }
  });

  // [question, pages that must all be in the top 5]
  const relational: Array<[string, string[]]> = [
    ['Who attended the pricing review?', ['people/ada-lovelace.md', 'people/bob-stone.md']],
    ['Which meetings did Ada Lovelace attend?', ['meetings/2024-05-02-pricing-review.md']],
    ['Which meetings did Eve Park attend?', ['meetings/2024-06-10-robot-demo.md']],
    ['Who works at Acme Robotics?', ['people/ada-lovelace.md', 'people/dan-wu.md']],
    ['Where does Cara Diaz work?', ['companies/initech.md']],
    ['Who invested in Initech?', ['people/eve-park.md']],
    ['Which companies did Northwind Capital invest in?', ['companies/acme-robotics.md', 'companies/globex.md']],
    ['Who advises Globex?', ['people/ada-lovelace.md']],
    // A near spelling of a name, and a person named by their e-mail address.
    ['Who works at Acme Robotic?', ['people/ada-lovelace.md', 'people/dan-wu.md']],
    ['Which meetings did Ada Lovelance attend?', ['meetings/2024-05-02-pricing-review.md']],
    ['Which meetings did ada@acme.example attend?', ['meetings/2024-05-02-pricing-review.md']],
    // A question about a named page itself, spelt right or not, is answered by that page.
    ['Who is Dan Wu?', ['people/dan-wu.md']],
    ['Who is Ada Lovelace?', ['people/ada-lovelace.md']],
    ['Who is Ada Lovelance?', ['people/ada-lovelace.md']],
  ];
  for (const [q, expected] of relational) {
    it(`relational: ${q}`, async () => {
      const hits = await search(q);
      const paths = hits.map((h) => h.path);
      for (const e of expected) assert.ok(paths.includes(e), `${e} not in ${paths.join(', ')}`);
    });
  }

  it('a near spelling or an e-mail address names the page the answer is reached from', async () => {
    for (const q of ['Which meetings did Ada Lovelance attend?', 'Which meetings did ada@acme.example attend?']) {
      const hit = (await search(q)).find((h) => h.path === 'meetings/2024-05-02-pricing-review.md');
      assert.deepEqual(hit?.why?.via, [{ type: 'attended', from: 'people/ada-lovelace.md' }], q);
    }
  });

  it("the kind of page asked for is known by the schema's folder entity types too", async () => {
    const hits = await search('Who attended the offsite?');
    assert.equal(hits[0]!.path, 'team/zoe-quinn.md', JSON.stringify(hits.map((h) => h.path)));
    assert.deepEqual(hits[0]!.why?.via, [{ type: 'attended', from: 'meetings/2024-08-01-offsite.md' }]);
  });

  it('two-hop: meetings about companies that work on a concept; people at companies a fund invested in', async () => {
    const meetings = (await search('Which meetings discussed companies that work on warehouse automation?')).map((h) => h.path);
    for (const m of ['meetings/2024-06-10-robot-demo.md', 'meetings/2024-07-01-retail-sync.md']) assert.ok(meetings.includes(m), meetings.join(', '));
    const people = await search('Who works at companies that Northwind Capital invested in?');
    const paths = people.map((h) => h.path);
    for (const p of ['people/ada-lovelace.md', 'people/bob-stone.md']) assert.ok(paths.includes(p), paths.join(', '));
    const bob = people.find((h) => h.path === 'people/bob-stone.md')!;
    assert.deepEqual(bob.why?.via, [
      { type: 'invested_in', from: 'companies/northwind-capital.md' },
      { type: 'works_at', from: 'companies/globex.md' },
    ]);
  });

  it('"who did Ada meet": her meetings, then the people at them; "who" is a fund when no person answers; a kind asked for beside a name', async () => {
    const met = await search('Who did Ada Lovelace meet?');
    const bob = met.find((h) => h.path === 'people/bob-stone.md');
    assert.ok(bob && met.indexOf(bob) < 3, met.map((h) => h.path).join(', '));
    assert.deepEqual(bob.why?.via, [
      { type: 'attended', from: 'people/ada-lovelace.md' },
      { type: 'attended', from: 'meetings/2024-05-02-pricing-review.md' },
    ]);
    assert.notEqual(met[0]!.path, 'people/ada-lovelace.md', 'the person asked about is not the answer');
    const funders = await search('Who invested in Globex?');
    assert.equal(funders[0]!.path, 'companies/northwind-capital.md', funders.map((h) => h.path).join(', '));
    const known = await search('who do we know at Initech');
    assert.equal(known[0]!.path, 'people/cara-diaz.md', known.map((h) => h.path).join(', '));
  });

  it('why: matched terms on text hits', async () => {
    const hits = await search('design software', 'hybrid');
    const globex = hits.find((h) => h.path === 'companies/globex.md');
    assert.ok(globex?.why?.matched.includes('design'), JSON.stringify(hits));
  });

  it("fusion: for an identifier, hybrid's top hits contain exact's top hit", async () => {
    // Pages with generated codes among the world; every code queried must keep exact's answer.
    const codes = fc.sample(fc.tuple(fc.constantFrom('INV', 'PRJ', 'ACC', 'REQ'), fc.integer({ min: 1000, max: 99999 })), { numRuns: 12, seed: 42 });
    const unique = [...new Map(codes.map(([p, n]) => [`${p}-${n}`, `${p}-${n}`])).values()];
    for (const [i, code] of unique.entries()) {
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token, body: { path: `notes/code-${i}.md`, markdown: `# Ticket ${i}\n\nReference ${code} for the warehouse robots and pricing.\n` } });
      assert.ok(r.status === 201 || r.status === 200, r.text);
    }
    await s.c.embeddings.drain();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...unique, 'ada@acme.example', 'ATL-4471'), async (code) => {
        const exact = await search(code, 'exact', 5);
        const hybrid = await search(code, 'hybrid', 5);
        if (!exact.length) return;
        assert.equal(hybrid[0]!.path, exact[0]!.path, code);
      }),
      { numRuns: 15, seed: 7 },
    );
  });

  it('a git push types its links like an API write (schema link field included)', async () => {
    const git = new GitClient();
    try {
      const dir = await git.clone(gitUrl(s.url, 'main', token), 'typed-push');
      await git.commit(dir, {
        'projects/orbit.md': '---\nowner: "[[Cara Diaz]]"\n---\n# Orbit\n\nA pushed project.\n',
        'meetings/2024-09-09-kickoff.md': '# Kickoff\n\n## Participants\n- [[Cara Diaz]]\n\nWe discussed [[Orbit]].\n',
      });
      const pushed = await git.run(['push', 'origin', 'main'], dir);
      assert.equal(pushed.code, 0, pushed.stderr);
    } finally {
      git.cleanup();
    }
    const r = await traverse('path=people/cara-diaz.md&depth=1&direction=in&type=owner&type=attended');
    assert.deepEqual(
      (r.body.edges as Array<{ from: string; type: string }>).map((e) => [e.from, e.type]),
      [
        ['meetings/2024-09-09-kickoff.md', 'attended'],
        ['projects/orbit.md', 'owner'],
      ],
    );
  });

  it("a push that finds the brain's schema unread (the first after a restart or a restore) types its links with the brain's rules", async () => {
    // As after a restart: nothing has read the schema when the push's checks pass and its pages'
    // derivation starts (4 pages: enough for it to start on the derivation thread).
    const brainId = s.c.access.findBrain('main')!.id;
    const forgetSchema = () => (s.c.brains as unknown as { config: { forget(id: string): void } }).config.forget(brainId);
    const git = new GitClient();
    try {
      const dir = await git.clone(gitUrl(s.url, 'main', token), 'typed-push-cold');
      forgetSchema();
      const projects = ['nova', 'vega', 'lyra', 'draco'];
      await git.commit(dir, Object.fromEntries(projects.map((p) => [`projects/${p}.md`, `---\nowner: "[[Bob Stone]]"\n---\n# ${p}\n\nA pushed project.\n`])));
      const pushed = await git.run(['push', 'origin', 'main'], dir);
      assert.equal(pushed.code, 0, pushed.stderr);
      const r = await traverse('path=people/bob-stone.md&depth=1&direction=in&type=owner');
      assert.deepEqual((r.body.edges as Array<{ from: string }>).map((e) => e.from).sort(), projects.map((p) => `projects/${p}.md`).sort());
    } finally {
      git.cleanup();
    }
  });

  it("the derivation thread (imports, large pushes) types links with the brain's rules as inline derivation does", async () => {
    const rules = relationRulesOf(parseBrainSchema(JSON.stringify({ ...SCHEMA, relations: { reports_to: { before: ['reports to'] } } })));
    const pages = Object.entries(WORLD).map(([path, markdown]) => ({ path, markdown }));
    pages.push({ path: 'people/yan.md', markdown: '---\nowner: "[[Atlas]]"\n---\n# Yan\n\nYan reports to [[Ada Lovelace]].\n' });
    const thread = new DerivationThread();
    try {
      // Starting the thread (tsx in a worker) can outlast the stall timeout on a loaded machine: warm it up first.
      for (let i = 0; i < 10 && thread.stream([{ path: 'a.md', markdown: '# A' }]).all()[0] === undefined; i++);
      const derived = thread.stream(pages, rules).all();
      assert.deepEqual(derived, pages.map((p) => derivePage(p.path, p.markdown, rules)));
      assert.deepEqual(derived.at(-1)!.links.map((l) => l.type), ['owner', 'reports_to']);
    } finally {
      await thread.close();
    }
  });

  it('reindex from git gives the same typed graph as the live index', async () => {
    const snapshot = () =>
      s.c.db
        .prepare(
          `SELECT f.path AS from_path, t.target, p.path AS to_path, l.kind, l.line, l.type
           FROM search_link_targets t JOIN search_links l ON l.target_id = t.id JOIN pages f ON f.id = l.from_page_id LEFT JOIN pages p ON p.id = l.to_page_id
           WHERE t.brain_id = ? ORDER BY from_path, l.line, t.target, l.type`,
        )
        .all(s.mainBrainId);
    const live = snapshot();
    assert.ok((live as Array<{ type: string }>).some((l) => l.type === 'owner'));
    const r = runCli(['reindex', '--brain', 'main'], { BRAINKEEP_DATA: s.dataDir });
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(snapshot(), live);
  });
});
