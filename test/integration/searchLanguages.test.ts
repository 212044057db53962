// Search in any language (issue 24): accents fold both ways, Cyrillic and Greek fold case (and
// Greek accents, the Cyrillic ё), CJK words are found inside runs written without spaces, and the
// snippet marks the words as written on the page. One table, run in exact and hybrid modes.
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.js';

interface Case {
  what: string;
  path: string;
  markdown: string;
  query: string;
  /** The text the snippet must show in bold (as written on the page). */
  bold: string;
}

const CASES: Case[] = [
  { what: 'French: an unaccented query finds the accented word', path: 'lang/fr-accented.md', markdown: '# Candidature\n\nMon résumé est prêt pour la candidature.\n', query: 'resume', bold: 'résumé' },
  { what: 'French: an accented query finds the unaccented word', path: 'lang/en-plain.md', markdown: '# Applying\n\nThe resume needs a final review by Friday.\n', query: 'résumé', bold: 'resume' },
  { what: 'German: umlauts fold both ways', path: 'lang/de.md', markdown: '# Team\n\nHerr Müller leitet das Projekt.\n', query: 'muller', bold: 'Müller' },
  { what: 'Cyrillic: a lower-case query finds upper case', path: 'lang/ru-upper.md', markdown: '# Столица\n\nМОСКВА — столица России.\n', query: 'москва', bold: 'МОСКВА' },
  { what: 'Cyrillic: an upper-case query finds lower case', path: 'lang/ru-lower.md', markdown: '# Город\n\nМы жили в городе Новосибирск.\n', query: 'НОВОСИБИРСК', bold: 'Новосибирск' },
  { what: 'Cyrillic: е finds ё', path: 'lang/ru-yo.md', markdown: '# Праздник\n\nНа площади стоит ёлка.\n', query: 'елка', bold: 'ёлка' },
  { what: 'Greek: lower case with accents finds upper case', path: 'lang/el-upper.md', markdown: '# Διεύθυνση\n\nΟΔΟΣ ΕΡΜΟΥ στο κέντρο.\n', query: 'ερμού', bold: 'ΕΡΜΟΥ' },
  { what: 'Greek: upper case without accents finds accented lower case', path: 'lang/el-lower.md', markdown: '# Πόλεις\n\nΗ Θεσσαλονίκη είναι όμορφη.\n', query: 'ΘΕΣΣΑΛΟΝΙΚΗ', bold: 'Θεσσαλονίκη' },
  { what: 'Japanese: a word inside a run of kanji and kana', path: 'lang/ja.md', markdown: '# 議事録\n\n東京都庁で予算会議がありました。\n', query: '会議', bold: '会議' },
  { what: 'Japanese: one character', path: 'lang/ja-one.md', markdown: '# 天気\n\n今日は晴れでした。\n', query: '晴', bold: '晴' },
  { what: 'Chinese: a word inside a sentence', path: 'lang/zh.md', markdown: '# 计划\n\n我们明天讨论市场营销策略。\n', query: '营销', bold: '营销' },
  { what: 'Korean: a word with a particle attached', path: 'lang/ko.md', markdown: '# 일정\n\n서울에서 팀회의를 했습니다.\n', query: '회의', bold: '회의' },
];

describe('search in any language', function () {
  let s: TestServer;
  let read: string;

  before(async () => {
    s = await startTestServer();
    read = s.credential('Read');
    const write = s.credential('Write');
    for (const c of CASES) {
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: c.path, markdown: c.markdown } });
      assert.equal(r.status, 201, r.text);
    }
    await s.c.embeddings.drain();
  });
  after(async () => s.stop());

  for (const mode of ['exact', 'hybrid']) {
    describe(`${mode} mode`, () => {
      for (const c of CASES) {
        it(`${c.what}: "${c.query}" → ${c.bold}`, async () => {
          const r = await s.request('GET', `/api/v1/brains/main/search?mode=${mode}&limit=20&q=${encodeURIComponent(c.query)}`, { token: read });
          assert.equal(r.status, 200, r.text);
          const hit = (r.body.hits as Array<{ path: string; snippet: string }>).find((h) => h.path === c.path);
          assert.ok(hit, `${c.path} not in ${JSON.stringify(r.body.hits.map((h: { path: string }) => h.path))}`);
          assert.ok(hit.snippet.includes(`**${c.bold}**`), hit.snippet);
        });
      }
    });
  }

  // (Mocha runs a suite's own tests before its nested suites: these change pages, so they go last.)
  describe('after the table', () => {
    it('a CJK word that is not on any page finds nothing in exact mode', async () => {
      const r = await s.request('GET', `/api/v1/brains/main/search?mode=exact&q=${encodeURIComponent('会談')}`, { token: read });
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.hits, []);
    });

    it('an edit and a delete take CJK and folded text out of the index', async () => {
      const write = s.credential('Write');
      let r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path: 'lang/ja.md', markdown: '# 議事録\n\n大阪で打ち合わせをしました。\n' } });
      assert.equal(r.status, 200, r.text);
      const exact = async (q: string) => (await s.request('GET', `/api/v1/brains/main/search?mode=exact&q=${encodeURIComponent(q)}`, { token: read })).body.hits.map((h: { path: string }) => h.path);
      assert.deepEqual(await exact('会議'), []);
      assert.deepEqual(await exact('打ち合わせ'), ['lang/ja.md']);
      r = await s.request('DELETE', '/api/v1/brains/main/pages?path=lang/el-lower.md', { token: write });
      assert.ok(r.status < 300, r.text);
      assert.deepEqual(await exact('θεσσαλονικη'), []);
      // The index is intact: FTS5's own check passes on every table.
      for (const t of ['search_fts', 'search_fts_stem', 'search_fts_cjk']) s.c.db.exec(`INSERT INTO ${t} (${t}, rank) VALUES ('integrity-check', 0)`);
    });
  });
});
