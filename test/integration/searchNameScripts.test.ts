// A name asked in one script finds the pages that write it in another (domain/scriptSpellings.ts):
// in a vault kept in several languages, "Almaty" in a question finds the Russian meeting titled
// "Совещание Алматы", whose words share nothing else with it. Hybrid search over HTTP on a real
// server, beside English pages that hold the question's other words. A page written after the
// first search counts at once (the spellings catch up from the changes feed).
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../helpers/server.js';

const PAGES: Array<{ path: string; markdown: string }> = [
  { path: 'Meetings/2025-06-17 Совещание Алматы.md', markdown: '# Совещание Алматы\n\nОбсудили бюджет второго фургона для конной команды. Фургон покупаем в августе, водителя ищем до июля.\n' },
  { path: 'Meetings/2025-02-11 Σύσκεψη Θεσσαλονίκης.md', markdown: '# Σύσκεψη Θεσσαλονίκης\n\nΗ ομάδα αποφάσισε να ψύχει τους σκύλους με θερμοπληξία με δροσερό νερό, όχι με πάγο.\n' },
  { path: 'Reports/თბილისი ანგარიში.md', markdown: '# თბილისი ანგარიში\n\nპირველ ნახევარში სტერილიზებულია ორას ოცდაათი ცხოველი.\n' },
  { path: 'Meetings/2025-05-27 부산 병원 회의.md', markdown: '# 부산 병원 회의\n\n다른 병원에 CT 의뢰 비용을 십오만 원으로 정했습니다.\n' },
  { path: 'Notes/План работ.md', markdown: '# План работ\n\nГрафик ремонта клиник на год.\n' },
  { path: 'Notes/Rota plan.md', markdown: '# Rota plan\n\nThe plan for weekend cover: who is on call and when.\n' },
  { path: 'Clinics/Almaty Clinic.md', markdown: '# Almaty Clinic\n\nOur equine clinic on the edge of the city: two vets, one horse ambulance.\n' },
  // English pages that hold the questions' other words, and would fill the hits without the names.
  { path: 'Meetings/2025-06-03 Board meeting.md', markdown: '# Board meeting\n\nThe board meeting agreed the budget for a second van and a new team lead.\n' },
  { path: 'Meetings/2025-04-01 Staff meeting.md', markdown: '# Staff meeting\n\nStaff meeting notes: the team reviewed the van budget and the meeting rota.\n' },
  { path: 'Reports/Quarterly report.md', markdown: '# Quarterly report\n\nThe report covers sterilisation numbers, vaccinations and the team budget.\n' },
  { path: 'Reports/Annual report.md', markdown: '# Annual report\n\nThe annual report: animals treated, budget, staff and the heatstroke protocol.\n' },
  { path: 'Policies/Heatstroke.md', markdown: '# Heatstroke\n\nCool dogs with heatstroke using cool water; the team decided against ice.\n' },
  { path: 'Policies/Referral fees.md', markdown: '# Referral fees\n\nWhat we charge other hospitals for a CT referral, by clinic.\n' },
];

const CASES: Array<{ what: string; q: string; path: string }> = [
  { what: 'Cyrillic', q: 'Almaty meeting budget for the second van', path: 'Meetings/2025-06-17 Совещание Алматы.md' },
  { what: 'Greek, inflected', q: 'what did the Thessaloniki team decide about heatstroke', path: 'Meetings/2025-02-11 Σύσκεψη Θεσσαλονίκης.md' },
  { what: 'Georgian', q: 'Tbilisi report', path: 'Reports/თბილისი ანგარიში.md' },
  { what: 'Hangul', q: 'Busan referral charge for other hospitals', path: 'Meetings/2025-05-27 부산 병원 회의.md' },
  { what: 'a Latin name from a Cyrillic question', q: 'Алматы', path: 'Clinics/Almaty Clinic.md' },
];

describe('search finds a name written in another script', function () {
  let s: TestServer;
  let read: string;
  let write: string;

  const hits = async (q: string): Promise<string[]> => {
    const r = await s.request('GET', `/api/v1/brains/main/search?mode=hybrid&limit=5&q=${encodeURIComponent(q)}`, { token: read });
    assert.equal(r.status, 200, r.text);
    return (r.body.hits as Array<{ path: string }>).map((h) => h.path);
  };

  before(async () => {
    s = await startTestServer();
    read = s.credential('Read');
    write = s.credential('Write');
    for (const p of PAGES) {
      const r = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: p });
      assert.equal(r.status, 201, r.text);
    }
    await s.c.embeddings.drain();
  });
  after(async () => s.stop());

  for (const c of CASES) {
    it(`${c.what}: "${c.q}" → ${c.path}`, async () => {
      const found = await hits(c.q);
      assert.ok(found.includes(c.path), `${c.path} not in ${JSON.stringify(found)}`);
    });
  }

  it('a common word in lower case is not taken for a name ("plan" is not "План")', async () => {
    const lower = await s.request('GET', `/api/v1/brains/main/search?mode=exact&limit=20&q=plan`, { token: read });
    assert.ok(!(lower.body.hits as Array<{ path: string }>).some((h) => h.path === 'Notes/План работ.md'), 'exact mode never adds spellings');
    const hybrid = await s.request('GET', `/api/v1/brains/main/search?mode=hybrid&limit=20&q=${encodeURIComponent('weekend plan')}`, { token: read });
    assert.equal(hybrid.status, 200, hybrid.text);
    const paths = (hybrid.body.hits as Array<{ path: string }>).map((h) => h.path);
    assert.equal(paths[0], 'Notes/Rota plan.md');
    assert.ok(!paths.includes('Notes/План работ.md'), JSON.stringify(paths));
  });

  it('counts a page written after the last search, and forgets one deleted', async () => {
    assert.ok(!(await hits('Erevan office')).includes('Offices/Երևան գրասենյակ.md'));
    const path = 'Offices/Երևան գրասենյակ.md';
    const put = await s.request('PUT', '/api/v1/brains/main/pages', { token: write, body: { path, markdown: '# Երևան գրասենյակ\n\nԳրասենյակը բացվում է սեպտեմբերին։\n' } });
    assert.equal(put.status, 201, put.text);
    await s.c.embeddings.drain();
    assert.ok((await hits('Erevan office')).includes(path), 'the new page is found by its name in Latin');
    const del = await s.request('DELETE', `/api/v1/brains/main/pages?path=${encodeURIComponent(path)}`, { token: write });
    assert.ok(del.status === 200 || del.status === 204, del.text);
    assert.ok(!(await hits('Erevan office')).includes(path));
  });
});
