// Typed links: the relation each link expresses (frontmatter keys, schema link fields, list
// sections, sentence cues before and after a link), the negatives (quotes, e-mail headers,
// signatures, negation), and the cue table read backwards in questions.
import { nameKey } from '../../src/domain/pageRefs.js';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { extractLinks } from '../../src/domain/links.js';
import { derivePage } from '../../src/domain/pageDerivation.js';
import { linkTypes, queryCues, cueTokens, type RelationRules } from '../../src/domain/relations/relations.js';
import { relationRulesOf, parseBrainSchema } from '../../src/domain/brainSchema.js';
import { identifierTokens, isIdentifierQuery, pageInClass, pickEntities, planHops, understandQuery } from '../../src/domain/queryUnderstanding.js';

/** The type of the link to `target` in `md` (the first one). */
function typeOf(md: string, target: string, rules?: RelationRules | null): string {
  const links = extractLinks(md, 'notes/page.md');
  const types = linkTypes(md, links, rules);
  const i = links.findIndex((l) => l.target === target);
  assert.ok(i >= 0, `no link to ${target} in ${md}`);
  return types[i]!;
}

describe('typed links: sentence cues', () => {
  // [sentence, linked target, expected type]; each cue in both directions (before and after the link).
  const table: Array<[string, string, string]> = [
    ['She attended [[Q3 Planning]] last week.', 'Q3 Planning', 'attended'],
    ['[[Ada Lovelace]] attended.', 'Ada Lovelace', 'attended'],
    ['Had a call with [[Bob Stone]] about hiring.', 'Bob Stone', 'attended'],
    ['[[Bob Stone]] and [[Cara Diaz]] joined the call late.', 'Bob Stone', 'attended'],
    ['[[Bob Stone]] and [[Cara Diaz]] joined the call late.', 'Cara Diaz', 'attended'],
    ['Ada joined [[Acme]] as CTO in 2021.', 'Acme', 'works_at'],
    ['She works at [[Acme]].', 'Acme', 'works_at'],
    ['Staff engineer at [[Globex]] since March.', 'Globex', 'works_at'],
    ['[[Ada Lovelace]] joined as CTO in 2021.', 'Ada Lovelace', 'works_at'],
    ['[[Ada Lovelace]] (CTO) joined as head of platform.', 'Ada Lovelace', 'works_at'],
    ['Northwind led the seed round in [[Acme]].', 'Acme', 'invested_in'],
    ['[[Northwind Capital]] led the seed round.', 'Northwind Capital', 'invested_in'],
    ['They invested in [[Acme]], [[Globex]] and [[Initech]].', 'Initech', 'invested_in'],
    ['We raised our Series A from [[Northwind Capital]].', 'Northwind Capital', 'invested_in'],
    ['He advises [[Acme]] on pricing.', 'Acme', 'advises'],
    ['[[Dana Reyes]] advises the founders on pricing.', 'Dana Reyes', 'advises'],
    ['She sits on the board of [[Globex]].', 'Globex', 'advises'],
    ['He co-founded [[Initech]] in 2015.', 'Initech', 'founded'],
    ['The company was founded by [[Eve Park]].', 'Eve Park', 'founded'],
    ['[[Eve Park]] founded the company in 2015.', 'Eve Park', 'founded'],
    ['We discussed [[Vector Search]] and pricing.', 'Vector Search', 'about'],
    ['Acme builds [[Vector Search]] engines.', 'Vector Search', 'about'],
    ['[[Vector Search]] came up twice.', 'Vector Search', 'about'],
    ['See also [[Ada Lovelace]].', 'Ada Lovelace', 'mentions'],
  ];
  for (const [md, target, type] of table) {
    it(`${JSON.stringify(md)} → ${target}: ${type}`, () => assert.equal(typeOf(md, target), type));
  }

  it('a cue between two links belongs to the link after it, not the one before', () => {
    const md = '[[Northwind Capital]] led the seed round in [[Acme]].';
    assert.equal(typeOf(md, 'Northwind Capital'), 'mentions');
    assert.equal(typeOf(md, 'Acme'), 'invested_in');
  });

  it('a sentence ends a cue: the next sentence is not typed by it', () => {
    assert.equal(typeOf('She joined last year. [[Acme]] is big.', 'Acme'), 'mentions');
  });
});

describe('typed links: the sentence a before-cue is read in', () => {
  // Only the sentence holding the link is read before it: a cue ending an earlier sentence (a '.',
  // '!' or '?' then white space of any kind) is not this link's.
  const table: Array<[string, string]> = [
    ['She works at Initech. [[Acme]] is next door.', 'mentions'],
    ['She works at Initech!\u00a0[[Acme]] is next door.', 'mentions'],
    ['She works at Initech?\t[[Acme]] is next door.', 'mentions'],
    ['Version 2.0 of the plan: she works at [[Acme]].', 'works_at'],
    ['Dr.Smith works at [[Acme]].', 'works_at'],
    ['A note. Another note. She works at [[Acme]].', 'works_at'],
  ];
  for (const [md, type] of table) it(`${JSON.stringify(md)} → ${type}`, () => assert.equal(typeOf(md, 'Acme'), type));
});

describe('typed links: a break between a before-cue and the link', () => {
  // A comma, a table cell's edge or a negation between the cue and the link ends the cue's reach
  // (matchBefore stops at the first filler word that is one): the fillers after the cue are read.
  const table: Array<[string, string]> = [
    ['She works at Globex, [[Acme]].', 'mentions'],
    ['She works at Globex, then [[Acme]].', 'mentions'],
    ['She works at | [[Acme]] |', 'mentions'],
    ['She works at Globex and [[Acme]].', 'works_at'],
  ];
  for (const [md, type] of table) it(`${JSON.stringify(md)} → ${type}`, () => assert.equal(typeOf(md, 'Acme'), type));
});

describe('typed links: negatives', () => {
  const table: Array<[string, string, string]> = [
    ['Dan did not attend [[Offsite]].', 'Offsite', 'mentions'],
    ['She never worked at [[Hooli]].', 'Hooli', 'mentions'],
    ['Former CTO at [[Hooli]].', 'Hooli', 'mentions'],
    ['Cc: [[Frank Moss]]', 'Frank Moss', 'mentions'],
    ['To: [[Frank Moss]], [[Grace Kim]]', 'Grace Kim', 'mentions'],
    ['> [[Grace Kim]] works at [[Hooli]] (quoted newsletter)', 'Hooli', 'mentions'],
    ['Thanks for the notes.\n\nBest,\n[[Heidi Lund]] | CTO at [[Initech]]', 'Initech', 'mentions'],
    ['Great chat.\n--\n[[Heidi Lund]]\nPartner at [[Northwind Capital]]', 'Northwind Capital', 'mentions'],
    ['On Monday, Ada wrote:\nI joined [[Globex]] today.', 'Globex', 'mentions'],
    ['---------- Forwarded message ----------\nWe invested in [[Acme]].', 'Acme', 'mentions'],
  ];
  for (const [md, target, type] of table) {
    it(`${JSON.stringify(md)} → ${target}: ${type}`, () => assert.equal(typeOf(md, target), type));
  }

  it('a heading after a signature ends it', () => {
    assert.equal(typeOf('Cheers,\n[[Ada]]\n\n## Notes\n\nShe joined [[Acme]].', 'Acme'), 'works_at');
  });
});

describe('typed links: frontmatter, schema fields and list sections', () => {
  it('frontmatter keys that hold links type them (inline and as a list)', () => {
    const md = '---\ncompany: "[[Acme]]"\nattendees:\n  - "[[Ada]]"\n  - "[[Bob]]"\ninvestors: ["[[Northwind]]"]\n---\n# X\n';
    assert.equal(typeOf(md, 'Acme'), 'works_at');
    assert.equal(typeOf(md, 'Bob'), 'attended');
    assert.equal(typeOf(md, 'Northwind'), 'invested_in');
  });

  it('names under a link key without [[ ]] are links of that type; other keys are not links', () => {
    const d = derivePage('people/ada.md', '---\ncompany: Acme Corp\nattendees: [Bob Stone, Cara Diaz]\nrole: CTO\n---\n# Ada\n');
    assert.deepEqual(
      d.links.map((l) => [l.target, l.type, l.line]),
      [
        ['Acme Corp', 'works_at', 2],
        ['Bob Stone', 'attended', 3],
        ['Cara Diaz', 'attended', 3],
      ],
    );
  });

  it("a schema's link field types its key (named after the field when the table does not know it)", () => {
    const schema = parseBrainSchema(
      JSON.stringify({
        folders: [],
        entityTypes: [{ name: 'project', folder: 'projects', description: '', fields: [{ name: 'sponsor', type: 'link', required: false }, { name: 'status', type: 'string', required: false }] }],
        partitionFolder: null,
      }),
    );
    const rules = relationRulesOf(schema);
    assert.deepEqual(rules, { linkFields: { sponsor: 'sponsor' } });
    const md = '---\nsponsor: "[[Ada]]"\nstatus: "[[Done]]"\n---\n# P\n\n## Sponsor\n- [[Bob]]\n';
    assert.equal(typeOf(md, 'Ada', rules), 'sponsor');
    assert.equal(typeOf(md, 'Done', rules), 'mentions');
    assert.equal(typeOf(md, 'Bob', rules), 'sponsor');
    assert.equal(typeOf(md, 'Ada', null), 'mentions');
  });

  it("a schema's relations extend the cue table (new type, new phrases)", () => {
    const schema = parseBrainSchema(JSON.stringify({ folders: [], entityTypes: [], partitionFolder: null, relations: { reports_to: { before: ['reports to'], sections: ['manager'] } } }));
    const rules = relationRulesOf(schema)!;
    assert.equal(typeOf('She reports to [[Ada]].', 'Ada', rules), 'reports_to');
    assert.equal(typeOf('## Manager\n- [[Ada]]', 'Ada', rules), 'reports_to');
    assert.deepEqual(queryCues(cueTokens('who reports to Ada'), rules).map((c) => c.type), ['reports_to']);
  });

  it('list sections: a heading or a Label: line types the first link of each item', () => {
    const md = [
      '# Weekly sync',
      '',
      '## Attendees',
      '- [[Ada Lovelace]] (CTO)',
      '- [[Bob Stone]], [[Cara Diaz]]',
      '- [[Dana Reyes]] from [[Globex]]',
      '',
      '## Notes',
      'Talked about hiring. See [[Eve Park]].',
      '',
      '**Investors:** [[Northwind]], [[Southwind]]',
      'Participants:',
      '- [[Frank Moss]]',
      '',
      'Later [[Grace Kim]] dropped by.',
    ].join('\n');
    const expect: Record<string, string> = {
      'Ada Lovelace': 'attended',
      'Bob Stone': 'attended',
      'Cara Diaz': 'attended',
      'Dana Reyes': 'attended',
      Globex: 'mentions',
      'Eve Park': 'mentions',
      Northwind: 'invested_in',
      Southwind: 'invested_in',
      'Frank Moss': 'attended',
      'Grace Kim': 'mentions',
    };
    for (const [target, type] of Object.entries(expect)) assert.equal(typeOf(md, target), type, target);
  });
});

describe('query understanding', () => {
  // [question, relation types, target class]
  const table: Array<[string, string[], string | null]> = [
    ['Who attended the Q3 planning meeting?', ['attended'], 'people'],
    ['Which meetings did Ada Lovelace attend?', ['attended'], 'meetings'],
    ['Where does Ada Lovelace work?', ['works_at'], 'companies'],
    ['Who works at Acme?', ['works_at'], 'people'],
    ['Who invested in Acme?', ['invested_in'], 'people'],
    ['Which companies did Northwind Capital invest in?', ['invested_in'], 'companies'],
    ['Who advises Globex?', ['advises'], 'people'],
    ['Who founded Initech?', ['founded'], 'people'],
    ['Which meetings discussed vector search?', ['about'], 'meetings'],
    ['Who works at companies that Northwind invested in?', ['works_at', 'invested_in'], 'people'],
    ['Which people work for Acme?', ['works_at'], 'people'],
    ['Where is Ada employed?', ['works_at'], 'companies'],
    ['Who are the investors in Acme?', ['invested_in'], 'people'],
    ['Who sits on the advisory board of Globex?', ['advises'], 'people'],
    ['the roadmap for vector search', [], null],
  ];
  for (const [q, types, target] of table) {
    it(`${q} → ${types.join(', ') || 'no relation'}; ${target ?? 'any page'}`, () => {
      const u = understandQuery(q);
      assert.deepEqual(u.cues.map((c) => c.type), types);
      assert.equal(u.target, target);
    });
  }

  it('names: the longest runs that name a page, never a cue word alone', () => {
    const u = understandQuery('Who works at Acme Labs with Ada Lovelace?');
    const named = new Map([
      [nameKey('Acme Labs'), 'companies/acme-labs.md'],
      [nameKey('Acme'), 'companies/acme.md'],
      [nameKey('Ada Lovelace'), 'people/ada-lovelace.md'],
      [nameKey('works'), 'notes/works.md'],
    ]);
    assert.deepEqual(pickEntities(u, named).map((e) => e.path), ['companies/acme-labs.md', 'people/ada-lovelace.md']);
  });

  it('two-hop plans: the cue nearest the named page first, through the class named between', () => {
    const u = understandQuery('Which meetings discussed companies that work on vector search?');
    const [e] = pickEntities(u, new Map([[nameKey('vector search'), 'concepts/vector-search.md']]));
    assert.deepEqual(planHops(u, e!), [
      { types: ['about'], cls: 'companies' },
      { types: ['about'], cls: 'meetings' },
    ]);
    const v = understandQuery('Who works at companies that Northwind invested in?');
    const [n] = pickEntities(v, new Map([[nameKey('Northwind'), 'companies/northwind.md']]));
    assert.deepEqual(planHops(v, n!), [
      { types: ['invested_in'], cls: 'companies' },
      { types: ['works_at'], cls: 'people', also: 'companies' },
    ]);
  });

  it('"who" also means an organisation; a kind asked for beside a name, with no relation, is one plain hop', () => {
    const u = understandQuery('Who invested in Acme?');
    assert.equal(u.targetAlso, 'companies');
    assert.equal(understandQuery('Which people invested in Acme?').targetAlso, null);
    const [e] = pickEntities(u, new Map([[nameKey('Acme'), 'companies/acme.md']]));
    assert.deepEqual(planHops(u, e!), [{ types: ['invested_in'], cls: 'people', also: 'companies' }]);
    const v = understandQuery('who do we know at Acme');
    const [a] = pickEntities(v, new Map([[nameKey('Acme'), 'companies/acme.md']]));
    assert.deepEqual(planHops(v, a!), [{ types: null, cls: 'people', also: 'companies' }]);
    // A cue's own class word names the answer after "who", the pages in between after "which meetings".
    const x = understandQuery("Who are Acme's investors?");
    const [xa] = pickEntities(x, new Map([[nameKey('Acme'), 'companies/acme.md']]));
    assert.deepEqual(planHops(x, xa!), [{ types: ['invested_in'], cls: 'people', also: 'companies' }]);
    const y = understandQuery("Which meetings did we have with Ada Lovelace's company?");
    const [ya] = pickEntities(y, new Map([[nameKey('Ada Lovelace'), 'people/ada-lovelace.md']]));
    assert.deepEqual(planHops(y, ya!), [
      { types: ['works_at'], cls: 'companies' },
      { types: null, cls: 'meetings' },
    ]);
    const w = understandQuery('the Acme roadmap');
    const [r] = pickEntities(w, new Map([[nameKey('Acme'), 'companies/acme.md']]));
    assert.deepEqual(planHops(w, r!), []);
  });

  it('page classes by folder or entity type', () => {
    assert.equal(pageInClass('people', 'people/ada.md', null), true);
    assert.equal(pageInClass('people', 'companies/acme.md', null), false);
    assert.equal(pageInClass('meetings', 'notes/x.md', 'meeting'), true);
    assert.equal(pageInClass('people', 'people.md', null), false);
  });

  it('identifiers: e-mails, codes, numbers, paths; not words or sentences', () => {
    for (const q of ['ada@example.com', 'INV-2041', 'PRJ_77', '2024-03-01', 'docs/setup.md', 'https://example.com/x', '"ACME-7"']) assert.equal(isIdentifierQuery(q), true, q);
    for (const q of ['pricing', 'vector search', 'who attended the sync', 'Q3 planning meeting']) assert.equal(isIdentifierQuery(q), false, q);
  });

  it('identifiers inside a question: e-mails and codes, not dates, years or short tokens', () => {
    const table: Array<[string, string[]]> = [
      ['who uses ada@example.com?', ['ada@example.com']],
      ['status of INV-2041, please', ['INV-2041']],
      ['which company is registered as (HRB-99812)', ['HRB-99812']],
      ['what changed in docs/setup.md', ['docs/setup.md']],
      ['order 4417203 shipped?', ['4417203']],
      ['notes from the Q3 planning meeting', []],
      ['meetings in 2025 about pricing', []],
      ['the Acme review, 2025-10-03', []],
      ['the call on 3.10.2025', []],
      ['who attended the sync', []],
    ];
    for (const [q, ids] of table) assert.deepEqual(identifierTokens(q), ids, q);
  });
});

describe('typed links: the relations of an organisation', () => {
  const table: Array<[string, string, string]> = [
    ['---\nowner: "[[Site Reliability]]"\n---\n# Kestrel\n', 'Site Reliability', 'owner'],
    ['Kestrel is owned by [[Site Reliability]] since 2023.', 'Site Reliability', 'owner'],
    ['# Site Reliability\n\n## What we own\n\n- [[Kestrel]]\n- [[Dunlin]]\n', 'Dunlin', 'owner'],
    ['---\nlead: "[[Ada Lovelace]]"\n---\n# Site Reliability\n', 'Ada Lovelace', 'leads'],
    ['# Site Reliability\n\nLead: [[Ada Lovelace]]\n', 'Ada Lovelace', 'leads'],
    ['SRE Lead at Tessellate, leading [[Site Reliability]].', 'Site Reliability', 'leads'],
    ['The team is managed by [[Bob Stone]].', 'Bob Stone', 'leads'],
    ['System: [[Heron]]. Reported by [[Cara Diaz]] on Monday.', 'Cara Diaz', 'reported_by'],
    ['Backend Engineer at Tessellate, member of [[Localisation]].', 'Localisation', 'works_at'],
  ];
  for (const [md, target, type] of table) {
    it(`${JSON.stringify(md.slice(0, 60))} → ${target}: ${type}`, () => assert.equal(typeOf(md, target), type));
  }

  it('questions read the same relations backwards', () => {
    const types = (q: string) => queryCues(cueTokens(q)).map((c) => c.type);
    assert.deepEqual(types('which team owns Bittern'), ['works_at', 'owner']);
    assert.deepEqual(types('who manages the Mobile team'), ['leads', 'works_at']);
    assert.deepEqual(types('who reported INC-12'), ['reported_by']);
  });

  it("a brain's own phrase outranks the table's phrase of the same words", () => {
    const rules: RelationRules = { relations: { reports_to: { before: ['reports to'], query: ['manager'] } } };
    assert.equal(typeOf('She reports to [[Ada]].', 'Ada', rules), 'reports_to');
    assert.equal(typeOf('She reports to [[Ada]].', 'Ada', null), 'leads');
    assert.deepEqual(queryCues(cueTokens('the manager for Bob'), rules).map((c) => c.type), ['reports_to']);
  });
});

describe('cue tokens', () => {
  it('are the matches of the token pattern, lower-cased, with ’ read as \' and a final \'s dropped', () => {
    const byRegex = (text: string): string[] =>
      (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’\-]*|[,&]|[.;!?()[\]{}|—–"“”]/gu) ?? []).map((t) => {
        if (t.length === 1 && !/[\p{L}\p{N}]/u.test(t) && t !== ',' && t !== '&') return '|';
        const word = t.replace(/’/g, "'");
        return word.endsWith("'s") ? word.slice(0, -2) : word;
      });
    const pieces = ['a', 'Ada', '’', '’s', "'", "'s", 's', '-', ' ', '.', ',', '&', 'Σ', 'ß', 'İ', '東', 'x’y', "it's", '’’', '\u0301', '1', '—', '"', '𝐀', '\ud800'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), (parts) => {
        const t = parts.join('');
        assert.deepEqual(cueTokens(t), byRegex(t), JSON.stringify(t));
      }),
      { numRuns: 5000 },
    );
  });

  it('read `*` and `_` as the spaces a gap turns them into (typing reads a gap without replacing them)', () => {
    const pieces = ['Σ', 'σ', 'ς', 'a', 'Ada', '*', '_', '**', ' ', '`', "'", '’s', '-', '.', ',', '&', '(', ')', 'ΟΔΟΣ', 'İ', 'ß', '\u0301', '東京', '—'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 14 }), (parts) => {
        const t = parts.join('');
        assert.deepEqual(cueTokens(t), cueTokens(t.replace(/[*_]/g, ' ')), JSON.stringify(t));
      }),
      { numRuns: 3000 },
    );
  });
});
