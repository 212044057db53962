// Hybrid search: relations read from the words beside a link (frontmatter key, "Label:", list
// heading, clause) and matched with the words a question asks with (relation vocabulary).
import assert from 'node:assert/strict';
import { cueTokens } from '../../src/domain/relations/relations.js';
import { isClassWord, isStopword } from '../../src/domain/queryUnderstanding.js';
import { followRelationWords, labelledLinks, relationMentions, type WordedLink } from '../../src/services/search/relationLabels.js';

/** A tiny vault: path → markdown; a link's target is a page's title (its path without folder and .md). */
function vault(pages: Record<string, string>): (paths: string[]) => WordedLink[] {
  const byTitle = new Map(Object.keys(pages).map((p) => [p.replace(/^.*\//, '').replace(/\.md$/, ''), p]));
  const all: WordedLink[] = [];
  for (const [path, md] of Object.entries(pages)) {
    for (const l of labelledLinks(md, path)) {
      const to = byTitle.get(l.target);
      if (to && to !== path) all.push({ from: path, to, type: 'mentions', words: l.words });
    }
  }
  return (paths) => all.filter((l) => paths.includes(l.from) || paths.includes(l.to));
}

/** Ask `q`, naming the page at `path` with the words `name`. */
function ask(links: (paths: string[]) => WordedLink[], q: string, name: string, path: string): string[] {
  const tokens = cueTokens(q).filter((t) => t !== '|' && t !== ',' && t !== '&');
  const nameTokens = cueTokens(name);
  const start = tokens.findIndex((_, i) => nameTokens.every((w, k) => tokens[i + k] === w));
  assert.ok(start >= 0, `name ${name} in ${q}`);
  const entity = { path, start, end: start + nameTokens.length };
  const taken = tokens.map((_, i) => i >= entity.start && i < entity.end);
  const mentions = relationMentions(tokens, taken, isStopword, (w) => !isClassWord(w));
  return [...followRelationWords(mentions, entity, links).keys()].sort();
}

const STAFF = vault({
  'Studies/DRIFT.md': ['---', 'type: study', 'statistician: "[[Kai Berg]]"', '---', '# DRIFT', '', 'Coordination is with [[Lena Ortiz]]. Sites: [[Mercy Hospital]].'].join('\n'),
  'People/Kai Berg.md': ['---', 'type: person', 'reports_to: "[[Ines Carvalho]]"', '---', '# Kai Berg', '', 'Statistician.'].join('\n'),
  'People/Ines Carvalho.md': ['---', 'type: person', '---', '# Ines Carvalho', '', 'Head of statistics.'].join('\n'),
  'People/Tom Rehm.md': ['---', 'type: person', 'reports_to: "[[Kai Berg]]"', '---', '# Tom Rehm', '', 'Data manager.'].join('\n'),
  'People/Lena Ortiz.md': ['---', 'type: person', '---', '# Lena Ortiz', '', 'Line manager: [[Paul Asante]].', '', '## Studies', '', '- Coordinates [[DRIFT]]', '- Coordinates [[TIDE]]'].join('\n'),
  'People/Paul Asante.md': ['# Paul Asante', '', '## Direct reports', '', '- [[Mia Holm]] — research nurse'].join('\n'),
  'People/Mia Holm.md': ['# Mia Holm', '', 'Research nurse.'].join('\n'),
  'Studies/TIDE.md': ['# TIDE', '', 'Run by [[Lena Ortiz]] day to day.'].join('\n'),
  'Sites/Mercy Hospital.md': ['# Mercy Hospital', '', 'Recruits for [[DRIFT]].'].join('\n'),
  'SOPs/SOP-031 Consent.md': ['---', 'author: "[[Tom Rehm]]"', '---', '# SOP-031 Consent'].join('\n'),
});

describe('hybrid: relations said by the words beside a link', () => {
  it('reads a link’s frontmatter key, its "Label:", the heading of the list it leads and its clause', () => {
    const md = ['---', 'reports_to: "[[Bo]]"', 'attendees:', '  - "[[Cy]]"', '---', '# X', '', 'Bauherr: [[Di]] und Familie. Tragwerksplanung: [[Ed]].', '', '## Direct reports', '', '- [[Fa]] — nurse', '', '[[Gi]] does the statistics and [[Hu]] coordinates.'].join('\n');
    const by = new Map(labelledLinks(md).map((l) => [l.target, l.words]));
    assert.deepEqual(by.get('Bo')!.label, ['reports', 'to']);
    assert.deepEqual(by.get('Cy')!.label, ['attendees']);
    assert.deepEqual(by.get('Di')!.label, ['bauherr']);
    assert.deepEqual(by.get('Ed')!.label, ['tragwerksplanung']);
    assert.deepEqual(by.get('Fa')!.label, ['direct', 'reports']);
    assert.deepEqual(by.get('Gi')!.prose, ['does', 'the', 'statistics', 'and']);
    assert.ok(by.get('Hu')!.prose.includes('coordinates'));
  });

  it('follows the relation word nearest the name, then the next one: "the boss of the DRIFT statistician"', () => {
    // DRIFT → its statistician (a frontmatter key the cue table does not know) → whom he reports to;
    // not Tom Rehm, who reports to the statistician.
    assert.deepEqual(ask(STAFF, 'who is the boss of the DRIFT statistician', 'DRIFT', 'Studies/DRIFT.md'), ['People/Ines Carvalho.md']);
  });

  it('reads a manager from a "Line manager:" label or from the manager’s "Direct reports" list', () => {
    assert.deepEqual(ask(STAFF, 'who supervises the DRIFT coordinator?', 'DRIFT', 'Studies/DRIFT.md'), ['People/Paul Asante.md']);
    assert.deepEqual(ask(STAFF, "who is Mia Holm's line manager", 'Mia Holm', 'People/Mia Holm.md'), ['People/Paul Asante.md']);
  });

  it('asks "reports to X" the other way round: X’s reports, not X’s manager', () => {
    assert.deepEqual(ask(STAFF, 'who reports to Kai Berg?', 'Kai Berg', 'People/Kai Berg.md'), ['People/Tom Rehm.md']);
    assert.deepEqual(ask(STAFF, 'who does Kai Berg report to', 'Kai Berg', 'People/Kai Berg.md'), ['People/Ines Carvalho.md']);
  });

  it('knows an author key by the words a question asks with, and chains it', () => {
    assert.deepEqual(ask(STAFF, 'who wrote SOP-031 Consent', 'SOP-031 Consent', 'SOPs/SOP-031 Consent.md'), ['People/Tom Rehm.md']);
    assert.deepEqual(ask(STAFF, 'line manager of whoever wrote SOP-031 Consent', 'SOP-031 Consent', 'SOPs/SOP-031 Consent.md'), ['People/Kai Berg.md']);
  });

  it('matches a label in another language through the vocabulary', () => {
    const projects = vault({
      'Projects/Lindenhof.md': ['# Lindenhof', '', '## Team', '', 'Bauherr: [[Anna Reich]] und Familie. Tragwerksplanung: [[Jonas Krugel]]. Bauleitung: ich.'].join('\n'),
      'People/Anna Reich.md': '# Anna Reich\n\nDentist.',
      'People/Jonas Krugel.md': '# Jonas Krugel\n\nIngenieur.',
    });
    assert.deepEqual(ask(projects, 'who is the structural engineer on Lindenhof', 'Lindenhof', 'Projects/Lindenhof.md'), ['People/Jonas Krugel.md']);
    assert.deepEqual(ask(projects, 'the client of Lindenhof', 'Lindenhof', 'Projects/Lindenhof.md'), ['People/Anna Reich.md']);
  });

  it('carries a label over a list on one line, and reads a label that closes a compound', () => {
    const md = 'Recruiting sites: [[Vannes]], [[Amman]] and [[Tokyo]]. Studienkoordination: [[Pfeiffer]].';
    const by = new Map(labelledLinks(md).map((l) => [l.target, l.words]));
    assert.deepEqual(by.get('Tokyo')!.label, ['recruiting', 'sites']);
    const sites = vault({
      'Studies/DRIFT.md': '# DRIFT\n\nRecruiting sites: [[Hannover]], [[Murcia]].',
      'Sites/Hannover.md': '# Hannover\n\nStandortleitung: [[Brandt]]; Studienkoordination: [[Pfeiffer]].',
      'Sites/Murcia.md': '# Murcia\n\nCoordinación: [[Ballesteros]].',
      'People/Brandt.md': '# Brandt',
      'People/Pfeiffer.md': '# Pfeiffer',
      'People/Ballesteros.md': '# Ballesteros',
    });
    assert.deepEqual(ask(sites, 'who is the coordinator at the sites that recruit for DRIFT', 'DRIFT', 'Studies/DRIFT.md'), ['People/Ballesteros.md', 'People/Pfeiffer.md']);
  });

  it('reads a kind beside the name as describing it, not as a relation', () => {
    const links = vault({
      'Studies/NIGHTOWL.md': '# NIGHTOWL\n\n[[Eze]] is the chief investigator.',
      'People/Eze.md': '# Eze\n\n## Studies\n\n- Statistician on [[NIGHTOWL]]',
    });
    // Without the rule, "study" would follow Eze's "## Studies" list back from NIGHTOWL.
    assert.deepEqual(ask(links, 'the NIGHTOWL study recruitment numbers', 'NIGHTOWL', 'Studies/NIGHTOWL.md'), []);
  });

  it('reads a kind the question names as the folder of the pages a hop lands on', () => {
    const links = vault({
      'People/Vera Lange.md': '# Vera Lange',
      'Projects/Narva tower.md': '# Narva tower\n\nКонструктор: [[Grigory]]. Со стороны города: [[Vera Lange]].',
      'People/Grigory.md': '# Grigory',
      'Meetings/2025-06-30 Narva.md': '---\nattendees:\n  - "[[Vera Lange]]"\n---\n# Narva site visit',
    });
    assert.deepEqual(ask(links, 'structural engineer on the project where Vera Lange is the city contact', 'Vera Lange', 'People/Vera Lange.md'), ['People/Grigory.md']);
  });

  it('reads a kind that names the pages in between as that page, not as one more relation', () => {
    const links = vault({
      'Systems/Kestrel.md': '---\nowner: "[[Site Reliability]]"\n---\n# Kestrel',
      'Teams/Site Reliability.md': '# Site Reliability\n\nLead: [[Ana]].',
      'People/Ana.md': '# Ana',
      'People/Bo.md': '---\nteam: "[[Site Reliability]]"\n---\n# Bo',
    });
    // "team" would otherwise be a relation (membership) that Bo's `team:` says as well as Ana's lead.
    assert.deepEqual(ask(links, 'who runs the team that owns Kestrel', 'Kestrel', 'Systems/Kestrel.md'), ['People/Ana.md']);
  });

  it('reaches nothing when no link says a relation the question asks about', () => {
    assert.deepEqual(ask(STAFF, 'who is the lawyer for DRIFT', 'DRIFT', 'Studies/DRIFT.md'), []);
  });
});
