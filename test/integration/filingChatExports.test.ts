// Chat exports and a foreign-language document end to end (HTTP inbox → filing pass): a Claude JSON
// export is filed as a conversation note dated by the day the conversation started (not the later
// `updated_at`), reaching the person and the company it names; ChatGPT's interface copied in Spanish
// is a conversation, not a source; a Spanish contract is a source dated by its "Fecha de entrada en
// vigor" line.
import assert from 'node:assert/strict';
import { todayUtc } from '../../src/domain/timeline.js';
import { useFilingServer } from '../helpers/filing.js';

const SEED: Record<string, string> = {
  'people/anke-vogel.md': '---\ntitle: Anke Vogel\nemail: anke.vogel@rheinwerk-energie.de\ncompany: "[[companies/rheinwerk]]"\n---\n# Anke Vogel\n',
  'companies/rheinwerk.md': '---\ntitle: Rheinwerk Energie GmbH\ndomain: rheinwerk-energie.de\naliases: [Rheinwerk]\n---\n# Rheinwerk Energie GmbH\n',
  'people/lucia-fernandez.md': '---\ntitle: Lucía Fernández\nemail: lucia@solmar.es\ncompany: "[[companies/solmar]]"\n---\n# Lucía Fernández\n',
  'companies/solmar.md': '---\ntitle: Solmar Logística\ndomain: solmar.es\naliases: [Solmar]\n---\n# Solmar Logística\n',
};

const CLAUDE_EXPORT = JSON.stringify([
  {
    uuid: '0c6a3a7e-3f0a-4b5e-9d4e-6a1b2c3d4e5f',
    name: 'Rheinwerk Ausschreibung',
    summary: '',
    created_at: '2026-10-05T07:31:44.918391+00:00',
    updated_at: '2026-10-12T16:02:10.120000+00:00',
    account: { uuid: '9a8b7c6d-5e4f-4a3b-2c1d-0e9f8a7b6c5d' },
    chat_messages: [
      { uuid: 'm1', text: '', content: [{ type: 'text', text: 'Anke Vogel von Rheinwerk Energie hat uns zur Ausschreibung eingeladen. Abgabe ist der 30. Oktober, Volumen etwa 1,2 Mio. Euro über drei Jahre.' }], sender: 'human', index: 0, created_at: '2026-10-05T07:31:44.918391+00:00', updated_at: '2026-10-12T16:02:10.120000+00:00', attachments: [], files: [] },
      { uuid: 'm2', text: '', content: [{ type: 'text', text: 'Betonen Sie die Datenhaltung in Deutschland und einen festen Migrationsplan.' }], sender: 'assistant', index: 1, created_at: '2026-10-05T07:32:20.004811+00:00', updated_at: '2026-10-12T16:02:10.120000+00:00', attachments: [], files: [] },
      { uuid: 'm3', text: '', content: [{ type: 'text', text: 'Gut, wir haben entschieden, einen Preis pro Zählpunkt anzubieten und in Frankfurt zu hosten.' }], sender: 'human', index: 2, created_at: '2026-10-05T07:40:02.500000+00:00', updated_at: '2026-10-12T16:02:10.120000+00:00', attachments: [], files: [] },
    ],
  },
]);

const SPANISH_CHATGPT = `Dijiste:
Solmar Logística quiere abrir un almacén en Zaragoza para la campaña de Navidad. Lucía Fernández dice que necesitan 6.000 m² desde el 1 de noviembre. ¿Merece la pena frente a subcontratar?
ChatGPT dijo:
Con 6.000 m² a 4,20 €/m² el alquiler son unos 25.200 € al mes. Si la campaña dura tres meses, subcontratar suele salir más barato.
Dijiste:
Tiene sentido. Hemos decidido subcontratar la campaña y no firmar el alquiler. Le pido a Lucía los volúmenes esta semana.
ChatGPT dijo:
Buena decisión.
`;

const SPANISH_CONTRACT = `CONTRATO DE PRESTACIÓN DE SERVICIOS LOGÍSTICOS

Fecha de entrada en vigor: 1 de octubre de 2026
Referencia: SOL-2026-118

De una parte, Solmar Logística, S.L., con domicilio en Valencia, representada por Dña. Lucía Fernández en su calidad de Directora de Operaciones.

Primera. Objeto. Solmar Logística prestará servicios de transporte marítimo de contenedores en la ruta Valencia–Rotterdam, incluyendo la gestión aduanera en origen y destino.

Segunda. Precio. El precio por contenedor de 40 pies será de 1.720 euros, revisable si el precio del combustible varía más de un 15 % respecto al de la fecha de entrada en vigor.
`;

describe('filing chat exports (HTTP inbox → filing pass)', function () {
  this.timeout(60_000);
  const suite = useFilingServer(SEED);
  const { file, timeline } = suite;


  function assertFiled(item: any, prefix: string, date: string, pages: string[]): void {
    assert.equal(item.status, 2, item.reason);
    const own = item.filedPages.find((p: string) => p.startsWith(prefix));
    assert.ok(own, JSON.stringify(item.filedPages));
    for (const p of pages) {
      assert.ok(item.filedPages.includes(p), `${p} not in ${JSON.stringify(item.filedPages)}`);
      assert.ok(timeline(p).some((l) => l.date === date && l.text.includes(`[[${own.replace(/\.md$/, '')}`)), JSON.stringify(timeline(p)));
    }
  }

  it('a Claude JSON export is a conversation note dated by the day it started, on the person and company it names', async () => {
    const item = await file({ filename: 'conversations.json', content: CLAUDE_EXPORT });
    assertFiled(item, 'notes/2026-10-05-', '2026-10-05', ['people/anke-vogel.md', 'companies/rheinwerk.md']);
    assert.ok(!item.filedPages.some((p: string) => p.startsWith('sources/')), JSON.stringify(item.filedPages));
  });

  it('ChatGPT copied in Spanish is a conversation, not a source', async () => {
    const item = await file({ filename: 'chat solmar almacén.txt', content: SPANISH_CHATGPT });
    // No day in it: the upload's day; its turns are read as turns, so the interface labels are no title.
    assertFiled(item, `notes/${todayUtc()}-`, todayUtc(), ['people/lucia-fernandez.md', 'companies/solmar.md']);
    assert.ok(!item.filedPages.some((p: string) => p.startsWith('sources/') || /dijiste/.test(p)), JSON.stringify(item.filedPages));
  });

  it('a Spanish contract is a source dated by its "Fecha de entrada en vigor"', async () => {
    const item = await file({ filename: 'contrato-servicios-solmar.txt', content: SPANISH_CONTRACT });
    assertFiled(item, 'sources/', '2026-10-01', ['companies/solmar.md', 'people/lucia-fernandez.md']);
  });
});
