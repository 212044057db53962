// Inbox forms end to end (HTTP inbox → filing pass): a portfolio company's investor update, mailed
// to a list by a person the brain tracks, is filed as a document reaching the company and the
// writer, while the same mail from a stranger goes to review as a newsletter; a WhatsApp export is
// a session dated by its first message that reaches its writers and the company it names.
import assert from 'node:assert/strict';
import { useFilingServer } from '../helpers/filing.js';

const SEED: Record<string, string> = {
  'people/robert-okafor.md': '---\ntitle: Robert Okafor\nemail: robert@lumenenergy.com\ncompany: "[[companies/lumen]]"\nrole: CFO\n---\n# Robert Okafor\n',
  'people/joao-pereira.md': '---\ntitle: João Pereira\ncompany: "[[companies/brisa]]"\n---\n# João Pereira\n',
  'people/ada-lovelace.md': '---\ntitle: Ada Lovelace\nemail: ada@acme.com\n---\n# Ada Lovelace\n',
  'companies/lumen.md': '---\ntitle: Lumen Energy\ndomain: lumenenergy.com\naliases: [Lumen]\n---\n# Lumen Energy\n',
  'companies/brisa.md': '---\ntitle: Brisa Foods\naliases: [Brisa]\n---\n# Brisa Foods\n',
};

function update(from: string): string {
  return [
    `From: Robert Okafor <${from}>`,
    'To: investors@lumenenergy.com',
    'Date: Mon, 2 Nov 2026 07:30:00 -0600',
    'Subject: Lumen Energy — November investor update',
    '',
    'Hi friends,',
    '',
    'Revenue: $412k (+9% MoM). We were shortlisted for the Texas grid storage contract. Cash: $5.1M, runway 14 months.',
    'Our CEO is on medical leave until January. I am acting CEO of Lumen Energy in the meantime.',
    '',
    'Robert',
    '',
    "You're receiving this because you are an investor in Lumen Energy. Unsubscribe · Update preferences",
    '',
  ].join('\n');
}

describe('filing inbox forms (HTTP inbox → filing pass)', function () {
  this.timeout(60_000);
  const suite = useFilingServer(SEED);
  const { file, timeline } = suite;


  it('an investor update from a tracked person is filed as a document on the company and the suite.writer; from a stranger it is a newsletter', async () => {
    const stranger = await file({ filename: 'update-copy.eml', content: update('robert.okafor@othermail.example') });
    assert.equal(stranger.status, 1);
    assert.match(stranger.reason, /newsletter/);
    assert.deepEqual(stranger.filedPages, []);

    const item = await file({ filename: 'Lumen Energy — November investor update.eml', content: update('robert@lumenenergy.com') });
    assert.equal(item.status, 2, item.reason);
    const own = item.filedPages.find((p: string) => p.startsWith('sources/'));
    assert.ok(own, JSON.stringify(item.filedPages));
    for (const p of ['companies/lumen.md', 'people/robert-okafor.md']) {
      assert.ok(item.filedPages.includes(p), `${p} not in ${JSON.stringify(item.filedPages)}`);
      assert.ok(timeline(p).some((l) => l.date === '2026-11-02' && l.text.includes(`[[${own.replace(/\.md$/, '')}`)), JSON.stringify(timeline(p)));
    }
  });

  it('a WhatsApp export is a session dated by its first message, reaching its writers and the company it names', async () => {
    const content = [
      '03/11/2026, 14:02 - As mensagens e as chamadas são protegidas com a criptografia de ponta a ponta.',
      '03/11/2026, 14:02 - João Pereira: Bom dia Ada! Tudo bem?',
      '03/11/2026, 14:03 - Ada Lovelace: Tudo ótimo! Conseguiu falar com a diretoria?',
      '03/11/2026, 14:05 - João Pereira: Sim. A Brisa Foods vai assinar o contrato do piloto em janeiro.',
      '03/11/2026, 14:06 - Ada Lovelace: Excelente!! Mando o contrato amanhã',
      '',
    ].join('\n');
    const item = await file({ filename: 'Conversa do WhatsApp com João Pereira.txt', content });
    assert.equal(item.status, 2, item.reason);
    const own = item.filedPages.find((p: string) => p.startsWith('notes/2026-11-03-'));
    assert.ok(own, JSON.stringify(item.filedPages));
    for (const p of ['people/joao-pereira.md', 'people/ada-lovelace.md', 'companies/brisa.md']) {
      assert.ok(item.filedPages.includes(p), `${p} not in ${JSON.stringify(item.filedPages)}`);
      assert.ok(timeline(p).some((l) => l.date === '2026-11-03'), JSON.stringify(timeline(p)));
    }
  });
});
