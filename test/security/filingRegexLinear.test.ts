// Review findings 1–4 (filing): inbox text comes from webhooks, so a regex that backtracks on it
// freezes the server. Each fix is pinned by counting work, never by wall time: a spy on
// RegExp.prototype.exec (which `test`, `match` and `matchAll` all go through once it is replaced)
// records what the fixed patterns are given, and the test asserts
//  - the capped patterns (role labels, datelines, the press-release dateline) never see a line
//    longer than their cap, so their work is bounded whatever the input, and
//  - the patterns run over whole texts (date/incident labels, the fortune amount) have no
//    whitespace run that crosses line ends and no amount that restarts inside an amount — the
//    structures that made them quadratic.
// The hostile inputs are the ones from the review (9.7 s, 51 s, quadratic on 40 KB and 8000 lines).
import assert from 'node:assert/strict';
import { readableText, LABEL_MAX, CHAT_HEAD_MAX, NAME_LABEL_MAX, KAKAO_DAY_MAX } from '../../src/domain/filing/formats.js';
import { eventDate, AS_OF_MAX, DATELINE_MAX, META_FIELD_MAX } from '../../src/domain/filing/eventDate.js';
import { classifyContent, PRESS_LINE_MAX } from '../../src/domain/filing/classify.js';
import { checkWorthFiling } from '../../src/domain/filing/worthFiling.js';
import { normalizeText, speakerOf } from '../../src/domain/filing/text.js';
import { nominativeForms } from '../../src/domain/filing/entities.js';
import { initialsLine } from '../../src/domain/filing/meeting.js';

interface Seen {
  calls: number;
  longest: number;
  inputs: number;
}

/** Runs fn with every RegExp exec recorded by a key the matcher picks (null: not recorded). */
function recordExecs(key: (re: RegExp) => string | null, fn: () => unknown): Map<string, Seen> {
  const seen = new Map<string, Seen>();
  const original = RegExp.prototype.exec;
  RegExp.prototype.exec = function (this: RegExp, s: string) {
    const k = key(this);
    if (k) {
      const e = seen.get(k) ?? { calls: 0, longest: 0, inputs: 0 };
      e.calls++;
      e.inputs += String(s).length;
      e.longest = Math.max(e.longest, String(s).length);
      seen.set(k, e);
    }
    return original.call(this, s);
  };
  try {
    fn();
  } finally {
    RegExp.prototype.exec = original;
  }
  return seen;
}

const isRoleLabel = (re: RegExp) => (re.source.includes('you said|you|user|human') ? 'user' : re.source.includes('chatgpt said|claude said|gemini said|copilot said') && re.source.includes('|response)') ? 'assistant' : null);
const isDateline = (re: RegExp) => (re.source.includes('(?:le|den|am|el|a|on)?') ? 'any' : null);
const isPress = (re: RegExp) => (re.source.includes('press release|for immediate release') ? 'press' : null);

describe('security: filing regexes on inbox text are bounded (review findings 1–4)', function () {
  this.timeout(60_000);

  it('initials lines: a long line never reaches the pattern, whose keyword is followed by one blank run', () => {
    const isInitials = (re: RegExp) => (re.source.includes('present|attendees|participants') ? 'initials' : null);
    const hostile = 'present' + ' '.repeat(20_000) + ':x';
    const seen = recordExecs(isInitials, () => assert.equal(initialsLine(hostile), null));
    assert.equal(seen.get('initials'), undefined, 'a 20,000-character line is not matched at all');
    const short = recordExecs(isInitials, () => assert.deepEqual(initialsLine('present: AL, GH'), ['AL', 'GH']));
    assert.equal(short.get('initials')?.calls, 1);
    let source = '';
    recordExecs((re) => (isInitials(re) ? (source = re.source) : null), () => initialsLine('AL, GH'));
    assert.doesNotMatch(source, /w\\\/\)\\s\*:\?\\s\*/, 'no two blank runs around the optional colon (quadratic on a run of spaces)');
  });

  it('role labels: a label followed by 1000 spaces is never given to the label patterns', () => {
    const hostile = 'User - 1' + ' '.repeat(1000) + 'x\nAssistant:\nhello\nUser:\nthanks';
    const seen = recordExecs(isRoleLabel, () => readableText(hostile, null));
    assert.ok(seen.get('user'), 'the label patterns ran');
    for (const [k, s] of seen) assert.ok(s.longest <= LABEL_MAX, `${k} label pattern saw ${s.longest} chars`);
  });

  it('role labels: short labels still work (chat transcript recognised)', () => {
    const out = readableText('You said:\nhow do I x?\nChatGPT said:\nlike this\nYou said:\nthanks', null);
    assert.match(out, /^User: how do I x\?/m);
    assert.match(out, /^Assistant: like this/m);
  });

  it('dateline: a 16 KB line of spaces is never given to the dateline pattern, and a normal dateline still dates', () => {
    const hostile = 'Austin, TX, xyz' + ' '.repeat(16000) + 'q\n\nHello';
    const seen = recordExecs(isDateline, () => eventDate(hostile, 'document', { reference: '2026-11-20' }));
    for (const s of seen.values()) assert.ok(s.longest <= DATELINE_MAX, `dateline pattern saw ${s.longest} chars`);
    const ok = eventDate('**Austin, TX, Oct. 22** — Acme today announced a thing.\n\nMore.', 'document', { reference: '2026-11-20' });
    assert.equal(ok?.date, '2026-10-22');
  });

  it('press release: header lines are cut before the pattern reads them, and a normal dateline still counts', () => {
    const hostile = 'Austin, TX, Oct 22' + ' '.repeat(16000) + 'q\n\nHello';
    const seen = recordExecs(isPress, () => classifyContent({ text: hostile }));
    const s = seen.get('press');
    assert.ok(s, 'the press pattern ran');
    // six header lines at most, each cut to PRESS_LINE_MAX, joined by newlines
    assert.ok(s.longest <= 6 * (PRESS_LINE_MAX + 1), `press pattern saw ${s.longest} chars`);
  });

  it('date and incident labels: whitespace runs stay on their line (no `\\s` under the m flag)', () => {
    const seen: RegExp[] = [];
    const original = RegExp.prototype.exec;
    RegExp.prototype.exec = function (this: RegExp, s: string) {
      if (this.flags.includes('m') && this.flags.includes('g') && /\(\.\+\)\$$/.test(this.source)) seen.push(this);
      return original.call(this, s);
    };
    try {
      eventDate('Incident report\nincident:' + '\n'.repeat(8000) + 'x', 'document', { reference: '2026-11-20' });
      eventDate('date:' + '\n'.repeat(8000) + 'x', 'document', { reference: '2026-11-20' });
    } finally {
      RegExp.prototype.exec = original;
    }
    const sources = new Set(seen.map((r) => r.source));
    assert.ok(sources.size >= 2, `both label patterns ran (saw ${sources.size})`);
    for (const src of sources) assert.ok(!src.includes('\\s'), `a line-anchored label pattern still has \\s: ${src.slice(0, 60)}`);
    assert.equal(eventDate('Incident report\n\nIncident date: 2026-10-03\nWritten: 2026-10-09', 'document', {})?.date, '2026-10-03');
  });

  it('trailing blanks are trimmed by a scan, not by `/[ \\t]+$/gm` (quadratic on a long run of spaces before a word)', () => {
    const hostile = 'a' + ' '.repeat(16000) + 'q  \r\n\tb\t \n\uFEFF';
    const seen = recordExecs((re) => (re.source.includes('[ \\t]+$') ? 'trim' : null), () => assert.equal(normalizeText('\uFEFF' + hostile), 'a' + ' '.repeat(16000) + 'q\n\tb\n\uFEFF'));
    assert.equal(seen.size, 0, 'no trailing-blank regex ran');
    assert.equal(normalizeText('x \t\ny\r\n  \nz'), 'x\ny\n\nz');
  });

  it('chat heads (Teams, Discord), name labels and exporter fields: a long line never reaches those patterns, short ones still read', () => {
    const key = (re: RegExp) =>
      re.source.startsWith('^\\[(\\d{1,2}[/.]') ? 'teams' : re.source.includes('yesterday|heute') ? 'discord' : re.source.endsWith('[:：](?:\\*\\*)?$') ? 'name' : re.source.includes('\\*\\*[\\p{L}][\\p{L} ]{0,20}:') ? 'meta' : null;
    const hostile = [
      '[1/2/2026 9:14 AM] ' + 'Ab '.repeat(10_000),
      'Ada' + ' '.repeat(20_000) + '— 9:14',
      'Lucía' + ' Xy'.repeat(10_000) + ':',
      '**User:** ' + 'x '.repeat(10_000),
    ].join('\n');
    const heads = '[10/6/2026 9:14 AM] Priya Nair\nThe cap is lifted.\nDan Ortiz — 15/09/2026 16:12\nGood.\n[10/6/2026 9:21 AM] Priya Nair\nOK.';
    const names = 'Lucía:\nhola\nYo:\nhola\nLucía:\nadiós';
    const meta = '# Chat\n\n**User:** Anonymous\n**Created:** 6/7/2026 11:58\n\nUser: hola\nAssistant: hola';
    const seen = recordExecs(key, () => {
      // Each message keeps its stamp beside its speaker (the session's sittings are read from it).
      assert.match(readableText(`${hostile}\n${heads}`, null), /^Priya Nair \(10\/6\/2026 9:14 AM\): The cap is lifted\.$/m);
      assert.match(readableText(`${hostile}\n${names}`, null), /^Lucía: adiós$/m);
      assert.equal(eventDate(`${meta}\n${hostile}`, 'conversation', { reference: '2026-11-20' })?.date, '2026-06-07');
    });
    for (const k of ['teams', 'discord', 'name', 'meta']) assert.ok(seen.get(k), `the ${k} pattern ran`);
    const caps: Record<string, number> = { teams: CHAT_HEAD_MAX, discord: CHAT_HEAD_MAX, name: NAME_LABEL_MAX, meta: META_FIELD_MAX };
    for (const [k, s] of seen) assert.ok(s.longest <= caps[k]!, `${k} pattern saw ${s.longest} chars`);
  });

  it('a field holding only a date: a long value is never given to the date-only check', () => {
    const isDateOnly = (re: RegExp) => (re.source.startsWith('\\d{4}[-/.]\\d{1,2}[-/.]\\d{1,2}(?:[T ]') ? 'date-only' : null);
    const seen = recordExecs(isDateOnly, () => assert.ok(speakerOf('Data: ' + '2026-01-01 '.repeat(5000))));
    assert.equal(seen.get('date-only'), undefined, 'a 55,000-character value is not read');
    const short = recordExecs(isDateOnly, () => assert.equal(speakerOf('Data: 21/10/2026'), null));
    assert.ok(short.get('date-only'), 'a short value is read');
  });

  it('date labels in other languages: one blank run each side of the colon, each text read once', () => {
    const isLabel = (re: RegExp) => (re.source.includes('fecha de (?:entrada en vigor') && re.source.endsWith('(.+)$') ? 'label' : null);
    const hostile = ('> ' + ' '.repeat(5000) + '- **Fecha de entrada en vigor' + ' '.repeat(5000) + ':' + ' '.repeat(5000) + '\n').repeat(4);
    const seen = recordExecs(isLabel, () => eventDate(hostile, 'document', { reference: '2026-11-20' }));
    const s = seen.get('label');
    assert.ok(s, 'the label pattern ran');
    // matchAll: one exec per match and one that finds none, each over the whole text
    assert.ok(s.calls <= 6, `the label pattern ran ${s.calls} times`);
    assert.equal(eventDate('Conditions\n\nDate d\'entrée en vigueur : 15 novembre 2026\n\nTexte.', 'document', {})?.date, '2026-11-15');
  });

  it('fortune amounts: an amount starts only at its first digit', () => {
    let fortune: RegExp | null = null;
    let calls = 0;
    const original = RegExp.prototype.exec;
    RegExp.prototype.exec = function (this: RegExp, s: string) {
      if (this.source.includes('million')) {
        fortune = this;
        calls++;
      }
      return original.call(this, s);
    };
    try {
      checkWorthFiling('I write to you as the next of kin of a deceased client. ' + '1,'.repeat(20000), 'other');
    } finally {
      RegExp.prototype.exec = original;
    }
    assert.ok(fortune, 'the fortune pattern ran');
    const src = (fortune as RegExp).source;
    // every alternative that starts with a bare digit run is guarded by a lookbehind
    for (const alt of src.split(/\|(?=\\b\d|\(\?<!)/)) if (/^\\b\\d\[/.test(alt)) assert.fail(`unguarded amount: ${alt.slice(0, 40)}`);
    assert.ok(src.includes('(?<![\\d,.])\\b\\d[\\d,.]*'), 'the bare amount is anchored at its first digit');
    assert.ok(calls <= 2, `the fortune pattern ran ${calls} times`);
    assert.equal(
      checkWorthFiling('Dear friend, I am the next of kin of a deceased client who left 12.5 million dollars. Send your bank details to proceed.', 'other').worth,
      false,
    );
  });

  it('"as of" lines: a long line never reaches the pattern, a short one still dates', () => {
    const isAsOf = (re: RegExp) => (re.source.includes('en date du') ? 'as-of' : null);
    const hostile = 'Report\n\n' + 'as of '.repeat(4000) + '\n\n' + ('as of 1 ' + ' '.repeat(180) + '\n').repeat(200);
    const seen = recordExecs(isAsOf, () => eventDate(hostile, 'document', {}));
    const s = seen.get('as-of');
    assert.ok(s, 'the as-of pattern ran');
    assert.ok(s.longest <= AS_OF_MAX, `the as-of pattern saw ${s.longest} chars`);
    // one exec per line at most
    assert.ok(s.calls <= 205, `the as-of pattern ran ${s.calls} times`);
    assert.equal(eventDate('Report\n\nText.\n\nEn date du 2 avril 2027\n', 'document', {})?.date, '2027-04-02');
  });

  it('KakaoTalk day rules: a 16 KB line of dashes never reaches the rule pattern', () => {
    const isRule = (re: RegExp) => (re.source.startsWith('^-{3,}') ? 'rule' : null);
    const msg = '[A] [오후 2:13] hi there\n'.repeat(3);
    const hostile = '-'.repeat(16000) + ' x ' + '-'.repeat(16000) + '\n' + msg;
    const seen = recordExecs(isRule, () => readableText(hostile, 'chat.txt'));
    for (const s of seen.values()) assert.ok(s.longest <= KAKAO_DAY_MAX, `the rule pattern saw ${s.longest} chars`);
    assert.ok(seen.get('rule'), 'the rule pattern ran on the short lines');
  });

  it('phishing and receipt patterns in other languages: every gap between words is bounded', () => {
    const seen = new Set<string>();
    const key = (re: RegExp) => (re.source.includes('retenid') || re.source.includes('rechnungsbetrag') || re.source.includes('activit[ée] inhabituelle') || re.source.includes('時間以内') || re.source.includes('kuitti') || re.source.includes('kiitos') ? (seen.add(re.source), 'x') : null);
    const hostile = 'your package '.repeat(3000) + 'votre compte a été '.repeat(2000) + 'dans les 24 '.repeat(2000);
    const s = recordExecs(key, () => checkWorthFiling(hostile, 'other')).get('x');
    assert.ok(s && seen.size >= 5, `the patterns ran (${seen.size})`);
    // one exec per pattern over the whole text (test, not a global scan)
    assert.ok(s.calls <= seen.size * 2, `the patterns ran ${s.calls} times`);
    // no unbounded quantifier over anything but a single blank or a char class that cannot overlap its neighbour
    for (const src of seen) assert.ok(!/\.\*|\.\+|\\S\+|\\S\*|\)\+|\)\*/.test(src), `unbounded gap in ${src.slice(0, 60)}`);
  });

  it('nominative forms: a 10 KB word is read by string ends, in bounded work', () => {
    let calls = 0;
    const original = RegExp.prototype.exec;
    RegExp.prototype.exec = function (this: RegExp, s: string) {
      calls++;
      return original.call(this, s);
    };
    try {
      nominativeForms('Ж'.repeat(10000) + 'ым', true);
      nominativeForms('a:'.repeat(5000) + 'n', true);
    } finally {
      RegExp.prototype.exec = original;
    }
    assert.ok(calls <= 12, `nominativeForms ran ${calls} regex execs`);
    assert.deepEqual(nominativeForms('Ивановым').includes('Иванов'), true);
  });

  // Second review, A1–A3: old patterns that were never guarded.
  it('title dateline: a long first line never reaches the dateline pattern, a short dateline is still skipped', () => {
    const isTitleDateline = (re: RegExp) => (re.source.includes('\\d{4}') && re.source.includes('r\\.)?') && re.source.includes('{1,40},') ? 'title' : null);
    const hostile = 'Ab, xxxx 2026' + ' '.repeat(5000) + 'y\n\nSome text.';
    const seen = recordExecs(isTitleDateline, () => classifyContent({ text: hostile }));
    for (const s of seen.values()) assert.ok(s.longest <= 120, `title dateline pattern saw ${s.longest} chars`);
    let source = '';
    recordExecs((re) => (isTitleDateline(re) ? (source = re.source) : null), () => classifyContent({ text: 'Kraków, 14 maja 2026 r.\n\nUmowa najmu\n\nText.' }));
    assert.ok(source, 'a short dateline still reaches the pattern');
    assert.ok(!/\\d\{4\}\\s\*/.test(source), `no \\s run after the year: ${source}`);
  });

  it('action items, meeting headers and date table rows: line-anchored blanks stay on their line (no `\\s` under the m flag)', () => {
    const seen = new Set<string>();
    const original = RegExp.prototype.exec;
    RegExp.prototype.exec = function (this: RegExp, s: string) {
      if (this.flags.includes('m') && (this.source.includes('action items?') || this.source.includes('|agenda|minutes|') || (this.source.includes('\\|') && this.source.includes('updated')))) seen.add(this.source);
      return original.call(this, s);
    };
    try {
      classifyContent({ text: 'Report\n' + ' \n'.repeat(2000) + 'y' });
      eventDate('| Date |' + ' \n'.repeat(2000) + 'x', 'document', { reference: '2026-11-20' });
    } finally {
      RegExp.prototype.exec = original;
    }
    assert.equal(seen.size, 3, `the three patterns ran (saw ${seen.size})`);
    for (const src of seen) assert.ok(!src.includes('\\s'), `a line-anchored pattern still has \\s: ${src.slice(0, 60)}`);
    assert.equal(eventDate('# Spec\n\n| Last updated | 2026-09-14 |\n|---|---|\n\nText.', 'document', { reference: '2026-11-20' })?.date, '2026-09-14');
  });
});
