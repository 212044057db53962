// The ninth filing set, a development set (written by the engineer who then changed the filer,
// before changing it; its first run is dev9-first-run.txt). Chat exports in the formats real inboxes
// receive (Slack and Telegram JSON, Discord, Signal, Teams and Telegram Desktop copies, WhatsApp in
// Italian, German and two-digit-year locales, ChatGPT and Claude exports), sessions that run past
// midnight (dated by the day they started) or are picked up again days later (lines on the later
// day for what was said then); meetings in Portuguese, Italian, Polish, Turkish, Korean, Hindi and
// Dutch, e-mailed recaps that say "yesterday" against the mail's own date; documents that name their
// subject late, OCR-noisy scans, bilingual documents, forwarded chains; junk in other languages
// (newsletters, phishing, auto-replies, automatic notices, calendar spam) and short real notes that
// must not be junked. Its own seed pages, so nothing here matches what earlier sets tuned for.
import type { EvalItem } from './items.js';

const P = (slug: string) => `people/${slug}.md`;
const C = (slug: string) => `companies/${slug}.md`;
const J = (slug: string) => `projects/${slug}.md`;

function page(folder: string, type: string, slug: string, title: string, fields: Record<string, string>, body: string): { path: string; markdown: string } {
  const fm = Object.entries(fields).map(([k, v]) => `${k}: ${v}`);
  return { path: `${folder}/${slug}.md`, markdown: ['---', `title: ${title}`, `type: ${type}`, ...fm, '---', `# ${title}`, '', body, ''].join('\n') };
}

/** Pages this set needs on top of SEED_PAGES. */
export const DEV9_SEED_PAGES: Array<{ path: string; markdown: string }> = [
  page('people', 'person', 'joao-pereira', 'João Pereira', { email: 'joao@marlim.com.br', company: '"[[companies/marlim]]"', role: 'Diretor comercial' }, 'Sales director at Marlim.'),
  page('companies', 'company', 'marlim', 'Marlim Logística', { domain: 'marlim.com.br', aliases: '[Marlim]' }, 'Brazilian logistics company; customer.'),
  page('people', 'person', 'chiara-esposito', 'Chiara Esposito', { email: 'chiara@vesuvio-tech.it', company: '"[[companies/vesuvio]]"', role: 'CTO' }, 'CTO of Vesuvio Tech.'),
  page('companies', 'company', 'vesuvio', 'Vesuvio Tech', { domain: 'vesuvio-tech.it', aliases: '[Vesuvio]' }, 'Italian computer-vision start-up; partner.'),
  page('people', 'person', 'marta-kowalska', 'Marta Kowalska', { email: 'marta@odra-energia.pl', company: '"[[companies/odra]]"', role: 'Dyrektor zakupów' }, 'Head of purchasing at Odra Energia.'),
  page('companies', 'company', 'odra', 'Odra Energia', { domain: 'odra-energia.pl', aliases: '[Odra]' }, 'Polish utility; customer.'),
  page('people', 'person', 'emre-yilmaz', 'Emre Yılmaz', { email: 'emre@bosphorus-tekstil.com.tr', company: '"[[companies/bosphorus]]"', role: 'Genel müdür' }, 'General manager of Bosphorus Tekstil.'),
  page('companies', 'company', 'bosphorus', 'Bosphorus Tekstil', { domain: 'bosphorus-tekstil.com.tr', aliases: '[Bosphorus]' }, 'Turkish textile maker; customer.'),
  page('people', 'person', 'kim-seoyeon', 'Kim Seo-yeon', { email: 'seoyeon@nuri-bio.kr', company: '"[[companies/nuri]]"', aliases: '[김서연, Seo-yeon]', role: 'Head of R&D' }, 'R&D at Nuri Bio.'),
  page('companies', 'company', 'nuri', 'Nuri Bio', { domain: 'nuri-bio.kr', aliases: '[누리바이오]' }, 'Korean biotech; customer.'),
  page('people', 'person', 'priya-sharma', 'Priya Sharma', { email: 'priya@ganga-fintech.in', company: '"[[companies/ganga]]"', aliases: '[प्रिया शर्मा]', role: 'COO' }, 'COO of Ganga Fintech.'),
  page('companies', 'company', 'ganga', 'Ganga Fintech', { domain: 'ganga-fintech.in', aliases: '[गंगा फिनटेक]' }, 'Indian payments company; prospect.'),
  page('people', 'person', 'sanne-bakker', 'Sanne Bakker', { email: 'sanne@dijkstra-bouw.nl', company: '"[[companies/dijkstra]]"', role: 'Projectleider' }, 'Project lead at Dijkstra Bouw.'),
  page('companies', 'company', 'dijkstra', 'Dijkstra Bouw', { domain: 'dijkstra-bouw.nl', aliases: '[Dijkstra]' }, 'Dutch construction firm; customer.'),
  page('projects', 'project', 'meridian', 'Project Meridian', { aliases: '[Meridian]', status: 'active' }, 'Shared freight-visibility platform.'),
];

const epoch = (iso: string) => Date.parse(iso) / 1000;

export const DEV9_ITEMS: EvalItem[] = [
  // ---------------------------------------------------------------- sessions
  {
    // A Slack channel export over two days: what is said about Marlim comes on the second day.
    id: 'd9-s01-slack-two-days',
    kind: 'session',
    upload: {
      filename: 'logistics-channel/2027-02-10.json',
      content: JSON.stringify([
        { type: 'message', user: 'U01', ts: String(epoch('2027-02-10T09:12:00Z')), text: 'morning all, the freight dashboard is slow again today', user_profile: { real_name: 'Lena Hart' } },
        { type: 'message', user: 'U02', ts: String(epoch('2027-02-10T09:20:00Z')), text: 'I restarted the worker, should be better now.', user_profile: { real_name: 'Omar Said' } },
        { type: 'message', user: 'U01', ts: String(epoch('2027-02-12T14:02:00Z')), text: 'João Pereira from Marlim confirmed they want Meridian live in all 14 warehouses by June.', user_profile: { real_name: 'Lena Hart' } },
        { type: 'message', user: 'U02', ts: String(epoch('2027-02-12T14:10:00Z')), text: 'We agreed to start with the São Paulo hub in April, then roll out monthly.', user_profile: { real_name: 'Omar Said' } },
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: [P('joao-pereira'), C('marlim'), J('meridian')],
    date: '2027-02-12',
  },
  {
    // A Telegram export of a chat that runs past midnight: one sitting, dated by the day it started.
    id: 'd9-s02-telegram-midnight',
    kind: 'session',
    upload: {
      filename: 'result.json',
      content: JSON.stringify({
        name: 'Odra tender',
        type: 'personal_chat',
        id: 4411,
        messages: [
          { id: 1, type: 'message', date: '2027-02-18T23:41:10', date_unixtime: String(epoch('2027-02-18T23:41:10Z')), from: 'Piotr Zieliński', from_id: 'user1', text: 'Marta Kowalska just called: Odra Energia wants the tender documents in English as well.' },
          { id: 2, type: 'message', date: '2027-02-18T23:52:40', date_unixtime: String(epoch('2027-02-18T23:52:40Z')), from: 'Ewa Nowicka', from_id: 'user2', text: 'The translation costs about 3 days. Can we still make the deadline?' },
          { id: 3, type: 'message', date: '2027-02-19T00:14:05', date_unixtime: String(epoch('2027-02-19T00:14:05Z')), from: 'Piotr Zieliński', from_id: 'user1', text: [{ type: 'plain', text: 'Yes. We decided to send the Polish version first and the English one by Friday; I will tell ' }, { type: 'bold', text: 'Marta' }, { type: 'plain', text: ' in the morning.' }] },
        ],
      }),
    },
    worth: true,
    own: 'notes/',
    touch: [P('marta-kowalska'), C('odra')],
    date: '2027-02-18',
  },
  {
    // An Italian phone's WhatsApp export (two-digit year, 24-hour clock) that runs past midnight.
    id: 'd9-s03-whatsapp-it-midnight',
    kind: 'session',
    upload: {
      filename: 'Chat WhatsApp con Chiara Esposito.txt',
      content: `21/02/27, 23:48 - Chiara Esposito: Ciao! Ho appena finito il test del modello di visione sulle immagini di Dijkstra Bouw\n21/02/27, 23:50 - Marco Bellini: Com'è andata?\n21/02/27, 23:57 - Chiara Esposito: Precisione 96,4% sulle crepe nel calcestruzzo. Vesuvio Tech è pronta per il pilota\n22/02/27, 00:06 - Marco Bellini: Ottimo. Abbiamo deciso: pilota con Dijkstra Bouw a marzo, lo dico io a Sanne Bakker\n22/02/27, 00:07 - Chiara Esposito: 👍\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('chiara-esposito'), C('vesuvio'), C('dijkstra'), P('sanne-bakker')],
    date: '2027-02-21',
  },
  {
    // A German iPhone's WhatsApp export over three days; Odra is discussed on the first day.
    id: 'd9-s04-whatsapp-de-days',
    kind: 'session',
    upload: {
      filename: 'WhatsApp Chat - Odra.txt',
      content: `[03.03.27, 09:14:03] Jonas Weber: Marta Kowalska hat angerufen: Odra Energia will 40 Zähler mehr, also 240 statt 200.\n[03.03.27, 09:15:40] Anna Schulz: Geht das mit dem Lager?\n[03.03.27, 09:31:12] Jonas Weber: Ja, wir haben noch 60 auf Lager.\n[05.03.27, 17:02:55] Anna Schulz: Lieferung an Odra ist raus, 240 Stück.\n[06.03.27, 08:40:21] Jonas Weber: Danke!\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('marta-kowalska'), C('odra')],
    date: '2027-03-03',
  },
  {
    // Discord messages copied from the app: a head line per message with the day, over two evenings.
    id: 'd9-s05-discord-copy',
    kind: 'session',
    upload: {
      filename: 'discord-bosphorus.txt',
      content: `Deniz Kaya — 14.03.2027 21:10\nEmre Yılmaz from Bosphorus Tekstil asked whether we can print the tracking labels on recycled stock.\nCan Demir — 14.03.2027 21:14\nWe can, but it costs 4% more per label.\nDeniz Kaya — 14.03.2027 21:20\nI'll ask Emre if Bosphorus accepts the 4%.\nDeniz Kaya — 16.03.2027 10:02\nEmre said yes: Bosphorus Tekstil accepts the 4% surcharge for recycled labels.\nCan Demir — 16.03.2027 10:05\nGreat, switching the order.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('emre-yilmaz'), C('bosphorus')],
    date: '2027-03-14',
  },
  {
    // A Signal Desktop export: "[YYYY-MM-DD HH:MM] Name: text".
    id: 'd9-s06-signal-export',
    kind: 'session',
    upload: {
      filename: 'signal-chat-sanne.txt',
      content: `[2027-03-02 10:14] Sanne Bakker: De funderingsplanning voor Meridian is af. We beginnen op 15 maart.\n[2027-03-02 10:16] Tom Jansen: Prima. Is de vergunning al binnen?\n[2027-03-02 10:21] Sanne Bakker: Ja, sinds gisteren. Dijkstra Bouw levert ook de bekisting.\n[2027-03-02 10:22] Tom Jansen: Afgesproken, dan gaan we zo door.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('sanne-bakker'), C('dijkstra'), J('meridian')],
    date: '2027-03-02',
  },
  {
    // A ChatGPT export whose conversation started just before midnight (UTC) and went on after it.
    id: 'd9-s07-chatgpt-midnight',
    kind: 'session',
    upload: {
      filename: 'conversations.json',
      content: JSON.stringify([
        {
          title: 'Nuri Bio assay pricing',
          create_time: epoch('2027-03-08T23:50:00Z'),
          update_time: epoch('2027-03-09T00:31:00Z'),
          mapping: {
            root: { id: 'root', message: null, parent: null, children: ['a'] },
            a: { id: 'a', parent: 'root', children: ['b'], message: { id: 'a', author: { role: 'user' }, create_time: epoch('2027-03-08T23:50:00Z'), content: { content_type: 'text', parts: ['Kim Seo-yeon at Nuri Bio wants per-sample pricing for 5,000 assays a month instead of the flat fee. How do I price it?'] } } },
            b: { id: 'b', parent: 'a', children: ['c'], message: { id: 'b', author: { role: 'assistant' }, create_time: epoch('2027-03-08T23:51:00Z'), content: { content_type: 'text', parts: ['Work out your marginal cost per sample, add the share of fixed cost at 5,000 samples, and offer tiers so the price falls with volume.'] } } },
            c: { id: 'c', parent: 'b', children: [], message: { id: 'c', author: { role: 'user' }, create_time: epoch('2027-03-09T00:31:00Z'), content: { content_type: 'text', parts: ['ok. decided: 3 tiers, starting at 4.20 EUR per sample. I will send it to Seo-yeon tomorrow.'] } } },
          },
          current_node: 'c',
        },
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: [P('kim-seoyeon'), C('nuri')],
    date: '2027-03-08',
  },
  {
    // A Claude export picked up again two days later: Priya is only discussed on the later day.
    id: 'd9-s08-claude-two-sittings',
    kind: 'session',
    upload: {
      filename: 'claude-export.json',
      content: JSON.stringify({
        uuid: '1b2c3d4e-0000-4000-8000-000000000001',
        name: 'Card issuing partners',
        created_at: '2027-03-10T08:02:00.000Z',
        updated_at: '2027-03-12T16:40:00.000Z',
        chat_messages: [
          { uuid: 'm1', sender: 'human', created_at: '2027-03-10T08:02:00.000Z', text: 'What should I look for in a card-issuing partner for India?', content: [] },
          { uuid: 'm2', sender: 'assistant', created_at: '2027-03-10T08:02:30.000Z', text: 'RBI authorisation, tokenisation support, settlement times and the share of interchange they keep.', content: [] },
          { uuid: 'm3', sender: 'human', created_at: '2027-03-12T16:38:00.000Z', text: 'Update: Priya Sharma says Ganga Fintech keeps 30% of interchange and settles T+1. We agreed to run a 3-month pilot with Ganga.', content: [] },
          { uuid: 'm4', sender: 'assistant', created_at: '2027-03-12T16:40:00.000Z', text: 'A 30% share is within the usual range; make sure the pilot has exit terms.', content: [] },
        ],
      }),
    },
    worth: true,
    own: 'notes/',
    touch: [P('priya-sharma'), C('ganga')],
    date: '2027-03-12',
  },
  {
    // A pasted transcript in Portuguese whose role labels carry their own stamps, day first.
    id: 'd9-s09-pasted-pt-stamped',
    kind: 'session',
    upload: {
      filename: 'conversa.txt',
      content: `Usuário (04/03/2027 19:02): O João Pereira da Marlim pediu um desconto de 7% no contrato de armazenagem. Faz sentido?\n\nAssistente (04/03/2027 19:03): Depende do volume: se a Marlim garantir 12 meses de ocupação mínima, 7% é razoável.\n\nUsuário (04/03/2027 19:10): Decidido: oferecemos 5% com ocupação mínima de 12 meses.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('joao-pereira'), C('marlim')],
    date: '2027-03-04',
  },
  {
    // A pasted chat with no stamps: the writer noted the day in the last message.
    id: 'd9-s10-pasted-self-dated',
    kind: 'session',
    upload: {
      filename: 'chat.md',
      content: `**You:** Chiara Esposito says Vesuvio Tech can license the crack-detection model per site instead of per camera. Which is better for us?\n\n**Assistant:** Per site is simpler to budget if each site has many cameras; per camera is cheaper for small sites.\n\n**You:** most of our sites have 20+ cameras, so per site it is. logging this today, 9 March 2027.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('chiara-esposito'), C('vesuvio')],
    date: '2027-03-09',
  },
  {
    // Messages copied from Telegram Desktop: "Name, [dd.mm.yyyy hh:mm]" above each message.
    id: 'd9-s11-telegram-desktop-copy',
    kind: 'session',
    upload: {
      filename: 'telegram copy.txt',
      content: `Hyun Park, [15.03.2027 10:02]\nKim Seo-yeon confirmed Nuri Bio will move the stability study to our lab in Q2.\n\nMina Cho, [15.03.2027 10:05]\nGreat. Do they need GMP certification for that?\n\nHyun Park, [15.03.2027 10:07]\nYes, and ours is valid until 2029. We agreed to start on 1 April.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('kim-seoyeon'), C('nuri')],
    date: '2027-03-15',
  },
  {
    // A Teams chat copy with the writer's name last-first and US dates; over two days, Dijkstra on both.
    id: 'd9-s12-teams-two-days',
    kind: 'session',
    upload: {
      filename: 'Teams chat.txt',
      content: `[3/16/2027 4:05 PM] Jansen, Tom\nSanne Bakker needs the Meridian gate sensors installed before the concrete pour.\n\n[3/16/2027 4:09 PM] Visser, Eva\nWe have 12 sensors in stock, Dijkstra Bouw needs 16.\n\n[3/18/2027 9:30 AM] Jansen, Tom\nThe 4 extra sensors arrived. Dijkstra Bouw gets all 16 on Monday.\n\n[3/18/2027 9:32 AM] Visser, Eva\nPerfect, thanks.\n`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('sanne-bakker'), C('dijkstra'), J('meridian')],
    date: '2027-03-16',
  },

  {
    // A US phone's WhatsApp export, 12-hour clock, that runs from before midnight to after it.
    id: 'd9-s13-whatsapp-us-12h-midnight',
    kind: 'session',
    upload: {
      filename: 'WhatsApp Chat with Priya Sharma.txt',
      content: `3/5/27, 11:48 PM - Rohan Mehta: Priya Sharma says Ganga Fintech can settle T+1 for the pilot
3/5/27, 11:52 PM - Dev Patel: What about chargebacks?
3/6/27, 12:05 AM - Rohan Mehta: Ganga Fintech handles the first 500 disputes a month free
3/6/27, 12:09 AM - Dev Patel: Then we agreed, Ganga Fintech it is. I'll tell Priya tomorrow
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('priya-sharma'), C('ganga')],
    date: '2027-03-05',
  },

  // ---------------------------------------------------------------- meetings
  {
    id: 'd9-m01-portuguese-ata',
    kind: 'meeting',
    upload: {
      filename: 'ata reunião marlim.txt',
      content: `Ata de reunião — Marlim Logística\nData: 12 de março de 2027\nParticipantes: João Pereira, Rafael Costa\n\n- A Marlim quer integrar o Meridian ao seu sistema de armazém até junho.\n- João Pereira pediu um piloto em dois armazéns.\nDecisão: piloto em Campinas e Santos a partir de abril.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('joao-pereira'), C('marlim'), J('meridian')],
    date: '2027-03-12',
  },
  {
    // An Italian recap sent the morning after: "ieri" is the day before the mail's date.
    id: 'd9-m02-italian-recap-ieri',
    kind: 'meeting',
    upload: {
      filename: 'riepilogo.eml',
      content: `From: Marco Bellini <marco@ourfund.vc>\nTo: chiara@vesuvio-tech.it\nDate: Thu, 4 Mar 2027 08:15:00 +0100\nSubject: Riepilogo della riunione di ieri\n\nCiao Chiara,\n\nriepilogo della riunione di ieri (mercoledì 3 marzo) con Vesuvio Tech:\n- il modello di visione passa in produzione ad aprile;\n- Vesuvio fattura per sito, non per telecamera.\n\nDecisione: contratto annuale, rinnovo automatico.\n\nMarco\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('chiara-esposito'), C('vesuvio')],
    // The recap's writer took part in the meeting: a page for them at their company's domain is fair.
    allow: [P('marco-bellini')],
    date: '2027-03-03',
  },
  {
    id: 'd9-m03-polish-notes',
    kind: 'meeting',
    upload: {
      filename: 'notatka odra.txt',
      content: `Notatka ze spotkania z Odra Energia\nData spotkania: 05.03.2027\nObecni: Marta Kowalska, Piotr Zieliński\n\n- Odra Energia chce wymienić 240 liczników do końca maja.\n- Marta Kowalska prosi o harmonogram dostaw.\nDecyzja: dostawy w trzech partiach, pierwsza 20 marca.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('marta-kowalska'), C('odra')],
    date: '2027-03-05',
  },
  {
    id: 'd9-m04-turkish-minutes',
    kind: 'meeting',
    upload: {
      filename: 'toplanti notlari.txt',
      content: `Toplantı notları — Bosphorus Tekstil\nTarih: 09.03.2027\nKatılımcılar: Emre Yılmaz, Deniz Kaya\n\n- Bosphorus Tekstil geri dönüştürülmüş etiketlere geçmek istiyor.\n- Emre Yılmaz %4 ek maliyeti kabul etti.\nKarar: nisan ayından itibaren tüm siparişlerde geri dönüştürülmüş etiket.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('emre-yilmaz'), C('bosphorus')],
    date: '2027-03-09',
  },
  {
    id: 'd9-m05-korean-minutes',
    kind: 'meeting',
    upload: {
      filename: '회의록.txt',
      content: `회의록 — 누리바이오 안정성 시험\n일시: 2027년 3월 10일\n참석자: 김서연, 박현\n\n- 누리바이오는 2분기에 안정성 시험을 우리 실험실로 옮긴다.\n- 김서연 팀장이 GMP 인증서 사본을 요청했다.\n결정: 4월 1일 시작.\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('kim-seoyeon'), C('nuri')],
    date: '2027-03-10',
  },
  {
    id: 'd9-m06-hindi-notes',
    kind: 'meeting',
    upload: {
      filename: 'बैठक नोट्स.txt',
      content: `बैठक नोट्स — गंगा फिनटेक\nदिनांक: 11/03/2027\nउपस्थित: प्रिया शर्मा, Rohan Mehta\n\n- गंगा फिनटेक कार्ड जारी करने के लिए 3 महीने का पायलट चाहता है।\n- प्रिया शर्मा ने T+1 सेटलमेंट की पुष्टि की।\nनिर्णय: पायलट 1 अप्रैल से शुरू होगा।\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('priya-sharma'), C('ganga')],
    date: '2027-03-11',
  },
  {
    // A Dutch recap: "gisteren" against the mail's own date.
    id: 'd9-m07-dutch-recap-gisteren',
    kind: 'meeting',
    upload: {
      filename: 'verslag.eml',
      content: `From: Tom Jansen <tom@ourfund.vc>\nTo: sanne@dijkstra-bouw.nl\nDate: Wed, 17 Mar 2027 09:02:00 +0100\nSubject: Verslag overleg Meridian\n\nHoi Sanne,\n\nHierbij het verslag van ons overleg van gisteren (dinsdag 16 maart):\n- Dijkstra Bouw plaatst de sensoren voor het storten van het beton.\n- Meridian gaat op 1 april live op de bouwplaats.\n\nBesluit: wekelijkse voortgangscall op maandag.\n\nGroet,\nTom\n`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('sanne-bakker'), C('dijkstra'), J('meridian')],
    allow: [P('tom-jansen')],
    date: '2027-03-16',
  },

  // ---------------------------------------------------------------- documents
  {
    // A forwarded chain: the memo inside is Chiara's, about Vesuvio's pricing.
    id: 'd9-d01-forwarded-chain',
    kind: 'document',
    upload: {
      filename: 'Fwd Vesuvio pricing memo.eml',
      content: `From: Marco Bellini <marco@ourfund.vc>\nTo: team@ourfund.vc\nDate: Mon, 15 Mar 2027 11:20:00 +0100\nSubject: Fwd: Vesuvio Tech — pricing memo 2027\n\nFYI, for the pipeline review.\n\n---------- Forwarded message ---------\nFrom: Chiara Esposito <chiara@vesuvio-tech.it>\nDate: Fri, 12 Mar 2027 17:45\nSubject: Vesuvio Tech — pricing memo 2027\nTo: Marco Bellini <marco@ourfund.vc>\n\nPricing memo 2027\n\nFrom April, Vesuvio Tech licenses its inspection models per site rather than per camera. A site licence costs EUR 18,000 a year and covers up to 40 cameras; larger sites pay EUR 350 a year per additional camera.\n\nExisting customers keep their per-camera prices until their renewal. Customers who move to site licences before June get the first quarter free.\n\nThe change follows a year of pilots in which most customers added cameras faster than they had budgeted for, and asked for a price that does not grow with every camera.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('vesuvio'), P('chiara-esposito')],
    allow: [P('marco-bellini')],
    date: '2027-03-12',
  },
  {
    // A scanned letter read by OCR: broken words, stray characters; the date is in the letterhead.
    id: 'd9-d02-ocr-scan',
    kind: 'document',
    upload: {
      filename: 'scan_0042.txt',
      content: `ODRA ENERGIA S.A.  |  ul. Nadbrzeżna 12 , 50-001 Wrocław\n\nWrocław, 22.02.2027\n\nDotyczy: przedłuzenie umowy serwisowej nr 2025/118\n\nSzanowni Pań stwo,\n\nniniejszym Odra Energia potwierdza przedłużenie um owy serwisowej nr 2025/118 na okres 24 miesięcy, od 1 kwietnia 2027 r. Wynagrodzenie roczne pozostaje bez zmian. Prosimy o przesłanie aneksu do podpisu do dnia 15 marca 2027 r.\n\nZ powa żaniem\n\nMarta Kowalska\nDyrektor zakupów , Odra Energia S.A.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('odra'), P('marta-kowalska')],
    date: '2027-02-22',
  },
  {
    // A bilingual (English / Portuguese) term sheet; the subject, Marlim, is named in both halves.
    id: 'd9-d03-bilingual-term-sheet',
    kind: 'document',
    upload: {
      filename: 'term sheet EN-PT.md',
      content: `# Term sheet / Termo de compromisso — Meridian × Marlim Logística\n\nDate / Data: 2027-03-18\n\n## English\n\nMarlim Logística will deploy Meridian in 14 warehouses over 2027. Fees are BRL 9,500 per warehouse per month, with a 10% discount from the eighth warehouse. Either party may end the agreement with 90 days' notice.\n\n## Português\n\nA Marlim Logística implantará o Meridian em 14 armazéns ao longo de 2027. A taxa é de BRL 9.500 por armazém por mês, com desconto de 10% a partir do oitavo armazém. Qualquer parte pode encerrar o acordo com aviso prévio de 90 dias.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('marlim'), J('meridian')],
    date: '2027-03-18',
  },
  {
    // A long market note that names its subject (Bosphorus) only in its last section.
    id: 'd9-d04-subject-named-late',
    kind: 'document',
    upload: {
      filename: 'market-note-textile-labels.md',
      content: `# Recycled labels in textile supply chains\n\nLast updated: 2027-03-20\n\n${Array.from({ length: 6 }, (_, i) => `Section ${i + 1}. Brands increasingly ask their suppliers to prove the recycled content of trims and labels. Certification schemes differ in how they count post-consumer material, and audits add cost that small suppliers struggle to carry. Printing on recycled stock changes ink adhesion and needs slower presses for the same quality.`).join('\n\n')}\n\n## What this means for our customers\n\nOf our customers, Bosphorus Tekstil is furthest along: it moves all orders to recycled labels in April and accepted a 4% surcharge for it. We expect the others to follow within a year.\n`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('bosphorus')],
    date: '2027-03-20',
  },

  // ---------------------------------------------------------------- junk
  {
    id: 'd9-j01-polish-newsletter',
    kind: 'junk',
    upload: {
      filename: 'Newsletter Energetyka 112.eml',
      content: `From: Energetyka Tygodniowo <newsletter@energetyka-tygodniowo.example>\nTo: you@ourfund.vc\nDate: Mon, 15 Mar 2027 06:00:00 +0100\nSubject: Energetyka Tygodniowo nr 112: Odra Energia, aukcje mocy, taryfy 2027\nList-Unsubscribe: <mailto:unsubscribe@energetyka-tygodniowo.example>\n\nENERGETYKA TYGODNIOWO · wydanie 112\n\n1. Odra Energia wymienia liczniki w Wrocławiu.\n2. Wyniki aukcji mocy na 2031 rok.\n3. Nowe taryfy dystrybucyjne od kwietnia.\n\nOtrzymujesz tę wiadomość, ponieważ zapisałeś się na nasz newsletter. Aby zrezygnować z subskrypcji, kliknij tutaj.\n`,
    },
    worth: false,
  },
  {
    id: 'd9-j02-turkish-phishing',
    kind: 'junk',
    upload: {
      filename: 'Hesabınız askıya alındı.eml',
      content: `From: Güvenlik Ekibi <guvenlik@hesap-dogrulama-merkezi.example>\nTo: you@ourfund.vc\nDate: Tue, 16 Mar 2027 03:12:00 +0300\nSubject: Acil: hesabınız askıya alındı\n\nSayın kullanıcı,\n\nHesabınızda olağandışı bir etkinlik tespit ettik ve hesabınız geçici olarak askıya alındı. Hesabınızı 24 saat içinde doğrulamazsanız kalıcı olarak kapatılacaktır.\n\nHesabınızı doğrulamak için buraya tıklayın: http://hesap-dogrula.example/giris\n\nGüvenlik Ekibi\n`,
    },
    worth: false,
  },
  {
    id: 'd9-j03-italian-auto-reply',
    kind: 'junk',
    upload: {
      filename: 'Risposta automatica.eml',
      content: `From: Chiara Esposito <chiara@vesuvio-tech.it>\nTo: marco@ourfund.vc\nDate: Wed, 17 Mar 2027 10:00:00 +0100\nSubject: Risposta automatica: Contratto Vesuvio\n\nGrazie per il messaggio. Sono fuori ufficio fino al 24 marzo con accesso limitato alla posta. Per urgenze contattare info@vesuvio-tech.it.\n`,
    },
    worth: false,
  },
  {
    id: 'd9-j04-portuguese-automatic-notice',
    kind: 'junk',
    upload: {
      filename: 'Pagamento recebido.eml',
      content: `From: Marlim Financeiro <financeiro@marlim.com.br>\nTo: contas@ourfund.vc\nDate: Thu, 18 Mar 2027 02:10:00 -0300\nSubject: Pagamento recebido — fatura 2027-0318\n\nEsta é uma mensagem automática. O pagamento da fatura 2027-0318 (BRL 9.500,00) foi recebido. Nenhuma ação é necessária.\n`,
    },
    worth: false,
  },
  {
    id: 'd9-j05-german-automatic-notice',
    kind: 'junk',
    upload: {
      filename: 'Zahlungseingang.eml',
      content: `From: Buchhaltung <buchhaltung@lieferant.example>\nTo: accounts@ourfund.vc\nDate: Fri, 19 Mar 2027 04:00:00 +0100\nSubject: Zahlungseingang bestätigt\n\nDies ist eine automatisch versendete Nachricht. Ihre Zahlung über 1.240,00 EUR ist bei uns eingegangen. Bitte antworten Sie nicht auf diese E-Mail.\n`,
    },
    worth: false,
  },
  {
    id: 'd9-j06-calendar-spam',
    kind: 'junk',
    upload: {
      filename: 'invite.ics',
      content: [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'METHOD:REQUEST',
        'BEGIN:VEVENT',
        'DTSTART:20270320T100000Z',
        'DTEND:20270320T103000Z',
        'ORGANIZER;CN=Rewards Team:mailto:rewards@prize-claims.example',
        'ATTENDEE;CN=you@ourfund.vc:mailto:you@ourfund.vc',
        'SUMMARY:Congratulations! You have won an iPhone - claim your prize',
        'DESCRIPTION:You have been selected as this week\'s winner. Click here to claim your reward before it expires: http://prize-claims.example/claim',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    },
    worth: false,
  },

  {
    id: 'd9-j07-spanish-newsletter',
    kind: 'junk',
    upload: {
      filename: 'Boletín logística.eml',
      content: `From: Logística Hoy <boletin@logisticahoy.example>
To: you@ourfund.vc
Date: Mon, 15 Mar 2027 07:00:00 +0100
Subject: Boletín semanal nº 214: puertos, Marlim Logística, tarifas

LOGÍSTICA HOY · Boletín nº 214

1. Marlim Logística abre un almacén en Santos.
2. Las tarifas de contenedores bajan un 6%.

Si ya no deseas recibir este boletín, date de baja aquí.
`,
    },
    worth: false,
  },
  {
    id: 'd9-j08-japanese-auto-reply',
    kind: 'junk',
    upload: {
      filename: '自動応答.eml',
      content: `From: Kim Seo-yeon <seoyeon@nuri-bio.kr>
To: hyun@ourfund.vc
Date: Tue, 16 Mar 2027 09:00:00 +0900
Subject: 自動応答: 安定性試験の件

お問い合わせありがとうございます。3月22日まで不在にしております。このメールは自動送信されています。
`,
    },
    worth: false,
  },

  // ---------------------------------------------------------------- short real notes (must be filed)
  {
    id: 'd9-n01-short-lowercase-todo',
    kind: 'document',
    upload: { filename: 'note.txt', content: 'call marta kowalska re odra tariff' },
    worth: true,
    own: 'notes/',
    touch: [P('marta-kowalska'), C('odra')],
    date: 'upload',
  },
  {
    id: 'd9-n02-short-fact',
    kind: 'document',
    upload: { filename: 'note.txt', content: 'Vesuvio Tech signs in April.' },
    worth: true,
    own: 'notes/',
    touch: [C('vesuvio')],
    date: 'upload',
  },
  {
    id: 'd9-n03-short-spanish-reminder',
    kind: 'document',
    upload: { filename: 'recordatorio.txt', content: 'recordar: pagar a Marlim antes del viernes' },
    worth: true,
    own: 'notes/',
    touch: [C('marlim')],
    date: 'upload',
  },
  {
    id: 'd9-n05-short-korean-note',
    kind: 'document',
    upload: { filename: 'memo.txt', content: '누리바이오 견적 다음주까지 보내기' },
    worth: true,
    own: 'notes/',
    touch: [C('nuri')],
    date: 'upload',
  },
  {
    id: 'd9-n06-short-german-lowercase',
    kind: 'document',
    upload: { filename: 'notiz.txt', content: 'odra angebot bis freitag schicken' },
    worth: true,
    own: 'notes/',
    touch: [C('odra')],
    date: 'upload',
  },
  {
    id: 'd9-n04-short-thanks-is-junk',
    kind: 'junk',
    upload: { filename: 'msg.txt', content: 'Grazie mille, a presto!' },
    worth: false,
  },
];
