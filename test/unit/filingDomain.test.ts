import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { classifyContent } from '../../src/domain/filing/classify.js';
import { extractConversation } from '../../src/domain/filing/conversation.js';
import { extractDocument, summarizeRevision } from '../../src/domain/filing/document.js';
import { extractMeeting, meetingSlug, parseActionItem, parseAttendee } from '../../src/domain/filing/meeting.js';
import { defaultSkill, parseSkillFile, skillFolderFor } from '../../src/domain/filing/skillFile.js';
import { capitalisedNames, datesIn, parseSessionTranscript } from '../../src/domain/filing/text.js';
import { checkWorthFiling } from '../../src/domain/filing/worthFiling.js';
import { routeItem } from '../../src/domain/filing/route.js';
import { SKILLS, type SkillName } from '../../src/domain/skills.js';
import { TEMPLATES_DIR } from '../../src/services/templates.js';

const fixture = (name: string) => fs.readFileSync(path.join('test/fixtures/filing', name), 'utf8');
const templateSkills = (template: string) =>
  Object.fromEntries(SKILLS.map((n) => [n, parseSkillFile(n, fs.readFileSync(path.join(TEMPLATES_DIR, template, 'skills', `${n}.md`), 'utf8'))])) as Record<
    SkillName,
    ReturnType<typeof parseSkillFile>
  >;

describe('filing domain: skill files', () => {
  it('parses every template skill: produces, timeline, threshold, check, instructions', () => {
    for (const t of ['default', 'agency', 'personal']) {
      const skills = templateSkills(t);
      for (const n of SKILLS) {
        assert.equal(skills[n].name, n);
        assert.ok(skills[n].produces.folders.length >= 1);
        assert.ok(skills[n].instructions.startsWith(`# ${n}`), `${t}/${n} instructions`);
      }
    }
    const d = templateSkills('default');
    assert.deepEqual(d['ingest-meeting'].produces, { folders: ['meetings', 'people'], entityTypes: ['meeting', 'person'] });
    assert.equal(d['ingest-meeting'].confidenceThreshold, 0.4);
    assert.equal(d['ingest-conversation'].worthFilingCheck, true);
    assert.equal(d['ingest-doc'].worthFilingCheck, false);
  });

  it('fills defaults for missing keys and refuses a bad threshold or a mismatched name', () => {
    const s = parseSkillFile('ingest-doc', '---\ntimeline: false\n---\nDo the thing.');
    assert.deepEqual(s.produces.folders, ['sources']);
    assert.equal(s.timeline, false);
    assert.equal(s.instructions, 'Do the thing.');
    assert.throws(() => parseSkillFile('ingest', '---\nconfidenceThreshold: 2\n---\n'), /confidenceThreshold/);
    assert.throws(() => parseSkillFile('ingest', '---\nname: ingest-doc\n---\n'), /says it is the skill/);
    assert.equal(parseSkillFile('ingest', 'no frontmatter at all').confidenceThreshold, 0.5);
  });

  it('substitutes the partition key in produced folders, and needs one when the folder has <key>', () => {
    const agency = templateSkills('agency');
    assert.equal(skillFolderFor(agency['ingest-meeting'], 'person', 'acme'), 'clients/acme/people');
    assert.equal(skillFolderFor(agency['ingest-meeting'], 'meeting', null), null);
    assert.equal(skillFolderFor(defaultSkill('ingest-doc'), 'source', null), 'sources');
    assert.equal(skillFolderFor(defaultSkill('ingest-doc'), 'company', null), undefined);
  });
});

describe('filing domain: text helpers', () => {
  it('finds dates in several notations and rejects impossible ones', () => {
    assert.deepEqual(datesIn('on 2026-03-04, then March 9, 2026 and 1 April 2026; not 2026-02-30'), ['2026-03-04', '2026-03-09', '2026-04-01']);
  });

  it('reads JSON session transcripts: objects with messages, arrays and JSON Lines', () => {
    assert.equal(parseSessionTranscript(fixture('session-transcript.json'))!.turns.length, 7);
    const jsonl = '{"type":"user","message":{"role":"user","content":"Deploy the API"}}\n{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Deployed."}]}}';
    assert.deepEqual(parseSessionTranscript(jsonl)!.turns, [
      { speaker: 'User', text: 'Deploy the API' },
      { speaker: 'Assistant', text: 'Deployed.' },
    ]);
    assert.equal(parseSessionTranscript('# Not JSON'), null);
    assert.equal(parseSessionTranscript('{"a": 1}'), null);
  });

  it('keeps capitalised names and drops sentence-start grammar words', () => {
    const names = capitalisedNames('Adding an index helps. We met Ada Lovelace at Acme Corp. Then Postgres was slow, and Postgres is old.');
    assert.ok(names.includes('Ada Lovelace'));
    assert.ok(names.includes('Acme Corp'));
    assert.ok(names.includes('Postgres'));
    assert.ok(!names.includes('Adding'));
    assert.ok(!names.includes('Then'));
  });

  it('treats transcript labels in capitals as labels, and unlisted acronyms as names', () => {
    const names = capitalisedNames('ACTION: Grace Hopper ships the parser.\nTODO: call IBM about NOTES from Ada.\nDECISION: we keep AI out of it.');
    assert.deepEqual(names.filter((n) => /^[A-Z]{2,}$/.test(n)), ['IBM']);
    assert.ok(names.includes('Grace Hopper'));
    assert.ok(names.includes('Ada'));
  });
});

describe('filing domain: classification and the worth-filing check', () => {
  const cases: Array<[string, string]> = [
    ['meeting-acme-kickoff.txt', 'meeting'],
    ['session-transcript.json', 'conversation'],
    ['doc-brief-v1.md', 'document'],
    ['note-pricing.txt', 'other'],
  ];
  for (const [file, kind] of cases) {
    it(`classifies ${file} as ${kind}`, () => {
      const c = classifyContent({ text: fixture(file), filename: file });
      assert.equal(c.kind, kind);
      assert.ok(c.confidence > 0.5 && c.confidence <= 1);
    });
  }

  it('a plain chat log with User/Assistant labels is a conversation; a canonical URL makes a document', () => {
    assert.equal(classifyContent({ text: 'User: where do invoices live?\nAssistant: In the billing DB.\nUser: thanks' }).kind, 'conversation');
    assert.equal(classifyContent({ text: 'A short release note about version 2.', hasCanonicalUrl: true }).kind, 'document');
  });

  it('junk is not worth filing, each with a human-readable reason', () => {
    const reasons = ['junk-greeting.txt', 'junk-test.txt', 'junk-notification.txt', 'session-trivial.json'].map((f) => {
      const text = fixture(f);
      const r = checkWorthFiling(text, classifyContent({ text, filename: f }).kind);
      assert.equal(r.worth, false, f);
      return r.reason!;
    });
    assert.match(reasons[0]!, /greeting/);
    assert.match(reasons[1]!, /test message/);
    assert.match(reasons[2]!, /automated notification/);
    assert.match(reasons[3]!, /greeting/);
    assert.deepEqual(checkWorthFiling('   \n', 'other'), { worth: false, reason: 'The item is empty.' });
    const chatter = 'User: can you check the logs?\nAssistant: Sure, let me look.\nUser: ok';
    assert.match(checkWorthFiling(chatter, 'conversation').reason ?? '', /no decision, new fact or open question/);
  });

  it('real content is worth filing', () => {
    for (const f of ['meeting-acme-kickoff.txt', 'session-transcript.json', 'doc-brief-v1.md', 'note-pricing.txt']) {
      const text = fixture(f);
      assert.equal(checkWorthFiling(text, classifyContent({ text, filename: f }).kind).worth, true, f);
    }
  });

  it('routing: a pinned skill skips the check; ambient items are routed by content or skipped with a reason', () => {
    const skills = templateSkills('default');
    const base = { filename: 'x.txt', contentType: 'text/plain', hasCanonicalUrl: false, isRevision: false };
    assert.deepEqual(routeItem({ ...base, text: 'test', pinned: 'ingest-doc' }, skills), { skill: 'ingest-doc', classification: null, pinned: true, checked: false });
    const skipped = routeItem({ ...base, text: 'test', pinned: null }, skills);
    assert.ok('skip' in skipped);
    assert.match(skipped.reason, /^Not worth filing: .*test message/);
    const meeting = routeItem({ ...base, text: fixture('meeting-acme-kickoff.txt'), pinned: null }, skills);
    assert.ok('skill' in meeting && meeting.skill === 'ingest-meeting');
    // `ingest` pinned: the check is skipped, and `ingest` runs even on meeting content (a pin is a pin).
    const pinnedIngest = routeItem({ ...base, text: 'test', pinned: 'ingest' }, skills);
    assert.ok('skill' in pinnedIngest && pinnedIngest.skill === 'ingest' && !pinnedIngest.checked);
    const pinnedMeeting = routeItem({ ...base, text: fixture('meeting-acme-kickoff.txt'), pinned: 'ingest' }, skills);
    assert.deepEqual(pinnedMeeting, { skill: 'ingest', classification: null, pinned: true, checked: false });
    const pinnedRevision = routeItem({ ...base, text: fixture('meeting-acme-kickoff.txt'), pinned: 'ingest', isRevision: true }, skills);
    assert.ok('skill' in pinnedRevision && pinnedRevision.skill === 'ingest');
    const revision = routeItem({ ...base, text: 'hello', pinned: null, isRevision: true }, skills);
    assert.ok('skill' in revision && revision.skill === 'ingest-doc');
  });
});

describe('filing domain: extraction', () => {
  it('a meeting transcript: title, date, attendees with e-mails, decisions, action items, companies', () => {
    const m = extractMeeting(fixture('meeting-acme-kickoff.txt'), { filename: 'acme-kickoff.txt', fallbackDate: '2026-01-01' });
    assert.equal(m.title, 'Acme onboarding kickoff');
    assert.equal(m.date, '2026-03-04');
    assert.equal(m.dateFound, true);
    assert.deepEqual(m.attendees, [
      { name: 'Ada Lovelace', email: 'ada@acme.com' },
      { name: 'Grace Hopper', email: 'grace.hopper@acme.com' },
      { name: 'Linus Berg', email: 'linus@brainkeep.dev' },
    ]);
    assert.equal(m.decisions.length, 2);
    assert.ok(m.decisions.some((d) => /Grace owns the Confluence export/.test(d)));
    assert.deepEqual(
      m.actionItems.map((a) => [a.owner, a.due]),
      [
        ['Linus Berg', '2026-03-06'],
        ['Grace Hopper', '2026-03-11'],
        ['Ada Lovelace', null],
      ],
    );
    assert.deepEqual(m.companies, [
      { name: 'Acme', domain: 'acme.com' },
      { name: 'Brainkeep', domain: 'brainkeep.dev' },
    ]);
    assert.match(m.summary, /^Acme onboarding kickoff on 2026-03-04 with Ada Lovelace, Grace Hopper and Linus Berg\./);
    assert.equal(meetingSlug(m), '2026-03-04-acme-onboarding-kickoff');
  });

  it('meeting notes in markdown sections, without a date, fall back to the given date', () => {
    const text = '# Weekly sync\n\n**Participants:** Tom, Ana (ana@globex.io)\n\n## Decisions\n- Ship on Monday\n\n## Action items\n- Tom: write release notes\n- [ ] Ana to book the room';
    const m = extractMeeting(text, { filename: null, fallbackDate: '2026-02-02' });
    assert.equal(m.title, 'Weekly sync');
    assert.equal(m.date, '2026-02-02');
    assert.equal(m.dateFound, false);
    assert.deepEqual(m.attendees, [
      { name: 'Tom', email: null },
      { name: 'Ana', email: 'ana@globex.io' },
    ]);
    assert.deepEqual(m.decisions, ['Ship on Monday']);
    assert.deepEqual(m.actionItems.map((a) => `${a.owner}|${a.task}`), ['Tom|write release notes', 'Ana|book the room']);
  });

  it('parses attendee and action item notations', () => {
    assert.deepEqual(parseAttendee('Ada Lovelace <ADA@acme.com>'), { name: 'Ada Lovelace', email: 'ada@acme.com' });
    assert.deepEqual(parseAttendee('bob.stone@initech.com'), { name: 'Bob Stone', email: 'bob.stone@initech.com' });
    assert.equal(parseAttendee('   '), null);
    const a = parseActionItem('@ada send the deck (due 2026-05-01)', []);
    assert.deepEqual(a, { owner: 'ada', task: 'send the deck', due: '2026-05-01' });
  });

  it('a document: title, summary, key points', () => {
    const d = extractDocument(fixture('doc-brief-v1.md'));
    assert.equal(d.title, 'Northwind website relaunch brief');
    assert.match(d.summary, /^Northwind Traders wants to relaunch its website/);
    assert.equal(d.keyPoints.length, 4);
    assert.ok(d.keyPoints.includes('Budget is €80k including hosting for the first year.'));
  });

  it('a document without bullets takes weighty sentences as key points', () => {
    const d = extractDocument('Vendor contract\n\nThe vendor supplies 40 laptops per quarter. Payment is due within 30 days of delivery. The weather was nice. The contract renews on 2027-01-01 unless cancelled.', { filename: 'contract.pdf' });
    assert.equal(d.title, 'Vendor contract');
    assert.ok(d.keyPoints.some((k) => /30 days/.test(k)));
    assert.ok(d.keyPoints.some((k) => /2027-01-01/.test(k)));
    assert.ok(!d.keyPoints.some((k) => /weather/.test(k)));
  });

  it('summarises a revision by what changed', () => {
    const r = summarizeRevision(fixture('doc-brief-v1.md'), fixture('doc-brief-v2.md'));
    assert.equal(r.added, 3);
    assert.equal(r.removed, 2);
    assert.match(r.text, /^Revised: 3 lines added, 2 removed; now: ".*"; was: ".*"\.$/);
    assert.equal(summarizeRevision('same', 'same').text, 'New version with no change to the text.');
  });

  it('a JSON session transcript: decisions, facts, open questions, entities', () => {
    const c = extractConversation(fixture('session-transcript.json'));
    assert.equal(c.title, 'The nightly invoice job in the billing service keeps timing out');
    assert.equal(c.date, '2026-03-05');
    assert.deepEqual(c.participants, ['User', 'Assistant']);
    assert.equal(c.decisions.length, 1);
    assert.match(c.decisions[0]!, /add the index on invoices\.customer_id/);
    assert.ok(c.facts.some((f) => /2\.3 million rows/.test(f)));
    assert.ok(c.openQuestions.some((q) => /Northwind still read the replica/.test(q)));
    assert.ok(!c.openQuestions.some((q) => /add the index or raise the timeout/.test(q)), 'a question answered by a decision is not open');
    assert.ok(!c.openQuestions.some((q) => /^Can you find out why/.test(q)), 'a request is not an open question');
    assert.deepEqual(c.entities.slice(0, 3).sort(), ['Northwind', 'Postgres', 'Stripe']);
  });
});
