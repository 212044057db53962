// The seventh filing set, a development set (not blind: it was written by the engineer who then
// changed the filer, before changing it; its first run is dev7-first-run.txt). Chat sessions and
// documents as real inboxes carry them: a ChatGPT `conversations.json` (unix-float `create_time`,
// a `mapping` tree, a later `update_time`), Claude JSON exports (array and single conversation,
// microsecond offsets, messages whose text sits in `content` parts, an `updated_at` days later),
// Claude markdown exports from two browser exporters (metadata lines, `## Prompt:` / `## Response:`,
// stamped role headings), WhatsApp iOS and Android exports (day-first Portuguese, US English with a
// two-digit year), a Telegram JSON export with formatted text entities, a Slack channel export, a
// Discord paste, ChatGPT's interface copied in Spanish, German and French, a Portuguese and a
// Japanese transcript, a Spanish chat between two people, and one chat naming nothing. Documents:
// an RFC, contracts and policies dated by "Fecha de entrada en vigor", "Zuletzt aktualisiert",
// "Dernière mise à jour", "Última atualização", "最終更新日", "Ultimo aggiornamento", a PDF with an
// effective date, a DOCX agreement "as of" a day, a report quoting a chat. One meeting, two junk.
// New seed pages (Spanish, Brazilian, Japanese, German, French and US companies) so nothing here
// matches what earlier sets tuned for.
import { makeDocx, makePdf } from '../../test/helpers/documents.js';
import type { EvalItem } from './items.js';

const P = (slug: string) => `people/${slug}.md`;
const C = (slug: string) => `companies/${slug}.md`;
const J = (slug: string) => `projects/${slug}.md`;
const b64 = (b: Buffer) => b.toString('base64');
const epoch = (iso: string) => Date.parse(iso) / 1000;

function page(folder: string, type: string, slug: string, title: string, fields: Record<string, string>, body: string): { path: string; markdown: string } {
  const fm = Object.entries(fields).map(([k, v]) => `${k}: ${v}`);
  return { path: `${folder}/${slug}.md`, markdown: ['---', `title: ${title}`, `type: ${type}`, ...fm, '---', `# ${title}`, '', body, ''].join('\n') };
}

/** Pages this set needs on top of SEED_PAGES. */
export const DEV7_SEED_PAGES: Array<{ path: string; markdown: string }> = [
  page('people', 'person', 'lucia-fernandez', 'Lucía Fernández', { email: 'lucia@solmar.es', company: '"[[companies/solmar]]"', role: 'Directora de operaciones' }, 'Runs operations at Solmar, Valencia.'),
  page('companies', 'company', 'solmar', 'Solmar Logística', { domain: 'solmar.es', aliases: '[Solmar]' }, 'Spanish freight forwarder; customer.'),
  page('people', 'person', 'joao-pereira', 'João Pereira', { email: 'joao@cafeterra.com.br', company: '"[[companies/cafeterra]]"', role: 'Sócio' }, 'Partner at Cafeterra, Santos.'),
  page('companies', 'company', 'cafeterra', 'Cafeterra Exportadora', { domain: 'cafeterra.com.br', aliases: '[Cafeterra]' }, 'Brazilian coffee exporter; supplier.'),
  page('people', 'person', 'kenji-watanabe', 'Kenji Watanabe', { email: 'kenji@hoshinet.jp', company: '"[[companies/hoshinet]]"', role: 'Engineering manager' }, 'Engineering manager at Hoshi Networks, Osaka.'),
  page('companies', 'company', 'hoshinet', 'Hoshi Networks', { domain: 'hoshinet.jp', aliases: '[Hoshi Networks K.K.]' }, 'Japanese network operator; customer.'),
  page('people', 'person', 'anke-vogel', 'Anke Vogel', { email: 'anke.vogel@rheinwerk-energie.de', company: '"[[companies/rheinwerk]]"', role: 'Leiterin Einkauf' }, 'Head of purchasing at Rheinwerk.'),
  page('companies', 'company', 'rheinwerk', 'Rheinwerk Energie GmbH', { domain: 'rheinwerk-energie.de', aliases: '[Rheinwerk]' }, 'Regional utility in Cologne; customer.'),
  page('people', 'person', 'camille-dubois', 'Camille Dubois', { email: 'camille@lumen-sante.fr', company: '"[[companies/lumen]]"', role: 'Directrice produit' }, 'Product director at Lumen Santé.'),
  page('companies', 'company', 'lumen', 'Lumen Santé', { domain: 'lumen-sante.fr', aliases: '[Lumen Sante]' }, 'French telehealth company; partner.'),
  page('people', 'person', 'priya-nair', 'Priya Nair', { email: 'priya@quillpay.com', company: '"[[companies/quillpay]]"', role: 'Head of Partnerships' }, 'Partnerships at QuillPay.'),
  page('companies', 'company', 'quillpay', 'QuillPay', { domain: 'quillpay.com', aliases: '[Quill Pay]' }, 'US payments company; partner.'),
  page('projects', 'project', 'orca', 'Project Orca', { aliases: '[Orca]', status: 'active' }, 'Cross-border payouts with QuillPay.'),
];

// ---------------------------------------------------------------- exports built as their tools write them

/** A ChatGPT export: one conversation, messages in a mapping tree (keys in no useful order). */
function chatgptExport(title: string, created: string, updated: string, turns: Array<[string, string, string]>): string {
  const mapping: Record<string, unknown> = {};
  const ids = turns.map((_t, i) => `node-${(i * 7919 + 13).toString(16)}`);
  mapping['client-created-root'] = { id: 'client-created-root', message: null, parent: null, children: [ids[0]] };
  mapping[`sys-${ids[0]}`] = {
    id: `sys-${ids[0]}`,
    message: { id: 'sys', author: { role: 'system', name: null, metadata: {} }, create_time: null, update_time: null, content: { content_type: 'text', parts: [''] }, status: 'finished_successfully', weight: 0, metadata: { is_visually_hidden_from_conversation: true } },
    parent: 'client-created-root',
    children: [ids[0]],
  };
  // Written in reverse so the keys are not in message order.
  for (let i = turns.length - 1; i >= 0; i--) {
    const [role, at, text] = turns[i]!;
    mapping[ids[i]!] = {
      id: ids[i],
      message: { id: ids[i], author: { role, name: null, metadata: {} }, create_time: epoch(at) + 0.183741, update_time: null, content: { content_type: 'text', parts: [text] }, status: 'finished_successfully', end_turn: role === 'assistant', weight: 1, metadata: { model_slug: 'gpt-4o' }, recipient: 'all' },
      parent: i === 0 ? `sys-${ids[0]}` : ids[i - 1],
      children: i === turns.length - 1 ? [] : [ids[i + 1]],
    };
  }
  return JSON.stringify([
    { title, create_time: epoch(created) + 0.512345, update_time: epoch(updated) + 0.901234, mapping, moderation_results: [], current_node: ids[turns.length - 1], plugin_ids: null, conversation_id: '6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9', conversation_template_id: null, gizmo_id: null, is_archived: false, safe_urls: [], default_model_slug: 'gpt-4o', id: '6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9' },
  ]);
}

/** A Claude export conversation: `created_at`/`updated_at` with microseconds and an offset, text in `content` parts. */
function claudeConversation(name: string, created: string, updated: string, turns: Array<[string, string, string]>, emptyText: boolean): Record<string, unknown> {
  return {
    uuid: '0c6a3a7e-3f0a-4b5e-9d4e-6a1b2c3d4e5f',
    name,
    created_at: created,
    updated_at: updated,
    account: { uuid: '9a8b7c6d-5e4f-4a3b-2c1d-0e9f8a7b6c5d' },
    chat_messages: turns.map(([sender, at, text], i) => ({
      uuid: `m-${i}`,
      text: emptyText ? '' : text,
      content: [{ type: 'text', text, start_timestamp: at, stop_timestamp: at, citations: [] }],
      sender,
      created_at: at,
      updated_at: updated,
      attachments: [],
      files: [],
    })),
  };
}

export const DEV7_ITEMS: EvalItem[] = [
  // ---------------------------------------------------------------- sessions: exports
  {
    id: 'd7-s01-chatgpt-export-spanish',
    kind: 'session',
    upload: {
      filename: 'conversations.json',
      content: chatgptExport('Tarifas Solmar 2027', '2026-09-14T16:02:10Z', '2026-09-21T08:15:00Z', [
        ['user', '2026-09-14T16:02:10Z', 'Lucía Fernández de Solmar me ha pedido una propuesta de tarifas para 2027. Ahora pagan 1.850 euros por contenedor de 40 pies en la ruta Valencia–Rotterdam y quieren bajar a 1.700 si firmamos por dos años. ¿Qué te parece?'],
        ['assistant', '2026-09-14T16:02:40Z', 'Una rebaja del 8 % a cambio de un compromiso de dos años es razonable si el volumen está garantizado. Yo pediría un mínimo de 120 contenedores al año y una cláusula de revisión si el combustible sube más de un 15 %.'],
        ['user', '2026-09-14T16:10:05Z', 'Vale. Decidido: ofrecemos 1.720 euros con un mínimo de 120 contenedores y revisión por combustible. Se lo mando a Lucía el lunes.'],
        ['assistant', '2026-09-14T16:10:30Z', 'Perfecto. Resumen: 1.720 € por contenedor, mínimo anual de 120, cláusula de combustible al 15 %, contrato de dos años.'],
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: [P('lucia-fernandez'), C('solmar')],
    date: '2026-09-14',
  },
  {
    id: 'd7-s02-chatgpt-export-english',
    kind: 'session',
    upload: {
      filename: 'conversations.json',
      content: chatgptExport('Orca payout limits', '2026-07-28T21:47:03Z', '2026-08-02T10:00:00Z', [
        ['user', '2026-07-28T21:47:03Z', 'QuillPay capped Project Orca payouts at $25,000 per transfer for the first 90 days. Priya Nair says they can lift it to $100,000 once we pass their KYB review. How should we stage the rollout?'],
        ['assistant', '2026-07-28T21:47:30Z', 'Start with the customers whose average payout is under the cap, so the limit never bites. Batch the larger payouts into two transfers only where the recipient agrees. Plan the KYB review for week six so the higher limit is in place before the 90 days run out.'],
        ['user', '2026-07-28T21:55:12Z', "Good. We'll go with the staged rollout: small-payout customers first, KYB review in week six. I'll confirm with Priya tomorrow."],
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: [C('quillpay'), J('orca'), P('priya-nair')],
    date: '2026-07-28',
  },
  {
    id: 'd7-s03-claude-json-array',
    kind: 'session',
    upload: {
      filename: 'conversations.json',
      content: JSON.stringify([
        claudeConversation(
          'Rheinwerk Ausschreibung',
          '2026-10-05T07:31:44.918391+00:00',
          '2026-10-12T16:02:10.120000+00:00',
          [
            ['human', '2026-10-05T07:31:44.918391+00:00', 'Anke Vogel von Rheinwerk Energie hat uns zur Ausschreibung für die neue Zählerdaten-Plattform eingeladen. Abgabe ist der 30. Oktober, Volumen etwa 1,2 Mio. Euro über drei Jahre. Welche Punkte sollten wir im Angebot betonen?'],
            ['assistant', '2026-10-05T07:32:20.004811+00:00', 'Betonen Sie die Erfahrung mit regulierten Versorgern, die Datenhaltung in Deutschland und einen festen Migrationsplan. Rheinwerk wird auf den Betriebskosten nach dem dritten Jahr achten; ein Preis pro Zählpunkt macht das vergleichbar.'],
            ['human', '2026-10-05T07:40:02.500000+00:00', 'Gut, wir bieten einen Preis pro Zählpunkt an und hosten in Frankfurt. Ich schicke Anke bis Freitag die Rückfragen.'],
          ],
          true,
        ),
      ]),
    },
    worth: true,
    own: 'notes/',
    touch: [P('anke-vogel'), C('rheinwerk')],
    date: '2026-10-05',
  },
  {
    id: 'd7-s04-claude-json-single',
    kind: 'session',
    upload: {
      filename: 'claude_conversation_lumen.json',
      content: JSON.stringify(
        claudeConversation(
          'Lumen Santé data residency',
          '2026-06-18T22:41:09.301122+00:00',
          '2026-06-25T09:12:00.000000+00:00',
          [
            ['human', '2026-06-18T22:41:09.301122+00:00', 'Camille Dubois at Lumen Santé asked whether we can keep all patient data in France (HDS certified hosting). Our stack is on AWS eu-west-1 today. What are the options?'],
            ['assistant', '2026-06-18T22:41:45.000000+00:00', 'AWS eu-west-3 (Paris) is HDS certified, so moving Lumen to a dedicated deployment in Paris is the simplest path. Budget roughly six weeks for the migration and a new DPA.'],
            ['human', '2026-06-18T22:50:30.000000+00:00', 'Decided: we will run a dedicated Paris deployment for Lumen, starting in August. Camille needs the new DPA draft by 10 July.'],
          ],
          false,
        ),
        null,
        2,
      ),
    },
    worth: true,
    own: 'notes/',
    touch: [P('camille-dubois'), C('lumen')],
    date: '2026-06-18',
  },
  {
    id: 'd7-s05-claude-markdown-exporter',
    kind: 'session',
    upload: {
      filename: 'Claude-Hoshi Networks renewal.md',
      content: `# Hoshi Networks renewal

**Exported:** 11/20/2026 9:12:33  
**Created:** 10/6/2026 15:02:11  
**Updated:** 10/9/2026 8:40:00  
**Link:** [https://claude.ai/chat/2b7e1d9c-8a44-4f3e-b2a1-77c0e5d3f901](https://claude.ai/chat/2b7e1d9c-8a44-4f3e-b2a1-77c0e5d3f901)  

## Prompt:
Kenji Watanabe from Hoshi Networks wrote that they want to renew for three years but need the SLA raised from 99.9% to 99.95%, and they want the support window to cover JST business hours. Our current contract is 18 million yen a year. Help me think through what to counter with.

## Response:
Raising the SLA by half a nine roughly halves your allowed downtime, from about 8.8 hours a year to 4.4 hours. Before agreeing, check whether the last twelve months would have met 99.95%. For JST support, a follow-the-sun rotation with your Singapore team is cheaper than a night shift. A reasonable counter: 99.95% with service credits capped at 10% of the monthly fee, JST support included, and a 6% price increase.

## Prompt:
Our uptime last year was 99.97%, so we can commit. Let's go with 99.95%, credits capped at 10%, JST support from Singapore and a 5% increase. I'll send Kenji the counter this week.

## Response:
That is a solid position. Summary for your note:
- SLA 99.95%, service credits capped at 10% of the monthly fee
- JST business-hours support from the Singapore team
- 5% price increase on 18 million yen, three-year term
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('kenji-watanabe'), C('hoshinet')],
    date: '2026-10-06',
  },
  {
    id: 'd7-s06-claude-markdown-human-headings',
    kind: 'session',
    upload: {
      filename: 'cafeterra-contract-claude.md',
      content: `# Cafeterra forward contract

## Human (Aug 11, 2026, 9:03 AM)

João Pereira at Cafeterra offered us a forward contract: 400 bags of Mogiana arabica at 2.15 USD per pound, delivery in March, 30% prepayment. The spot price is 2.40 today. Is the prepayment a problem?

## Claude (Aug 11, 2026, 9:03 AM)

Thirty percent prepayment is common for Brazilian forwards, but it is credit risk on Cafeterra until delivery. Ask for the prepayment to be split: 15% on signing and 15% when the coffee is graded at the warehouse in Santos. At 2.15 against 2.40 spot you are getting a good price, so a modest concession elsewhere is fine.

## Human (Aug 11, 2026, 9:20 AM)

We agreed to take the 400 bags at 2.15 with the prepayment split 15/15. I need to send João the signed contract by Friday.

## Claude (Aug 11, 2026, 9:21 AM)

Noted. Remember the grading certificate should name the warehouse in Santos and the screen size.
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('joao-pereira'), C('cafeterra')],
    date: '2026-08-11',
  },
  {
    id: 'd7-s07-whatsapp-ios-portuguese',
    kind: 'session',
    upload: {
      filename: 'WhatsApp Chat - João Pereira.txt',
      content: `[03/11/2026, 09:14:02] João Pereira: Bom dia! A safra deste ano da Cafeterra saiu menor que o previsto, uns 12% abaixo.
[03/11/2026, 09:14:40] João Pereira: Por isso não consigo manter os 400 sacos para março, só 320.
[03/11/2026, 09:20:11] Marta Reis: Bom dia João. E o preço continua o mesmo para os 320 sacos?
[03/11/2026, 09:22:37] João Pereira: Sim, mantemos 2,15 dólares por libra. Os outros 80 sacos eu consigo para maio, com a próxima colheita.
[03/11/2026, 09:25:03] Marta Reis: Combinado então: 320 sacos em março e 80 em maio, mesmo preço. Vou avisar a equipe.
[03/11/2026, 09:25:30] João Pereira: Perfeito, obrigado! Mando o aditivo do contrato até sexta.
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('joao-pereira'), C('cafeterra')],
    date: '2026-11-03',
  },
  {
    id: 'd7-s08-whatsapp-android-us',
    kind: 'session',
    upload: {
      filename: 'WhatsApp Chat with Priya Nair.txt',
      content: `10/07/26, 9:40 AM - Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.
10/07/26, 9:41 AM - Priya Nair: Morning! Our risk team signed off on the Orca KYB review last night
10/07/26, 9:41 AM - Priya Nair: So the payout cap goes up to $100k from Monday
10/07/26, 9:52 AM - Dan Ortiz: That's great news. Can we also get same-day settlement for the EU corridor?
10/07/26, 9:55 AM - Priya Nair: Not before Q1, the EU banking partner needs another audit
10/07/26, 9:56 AM - Dan Ortiz: OK, we'll plan for Q1 then. I'll tell the team the cap is lifted Monday.
10/07/26, 9:57 AM - Priya Nair: <Media omitted>
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('priya-nair'), J('orca')],
    allow: [C('quillpay')],
    date: '2026-10-07',
  },
  {
    id: 'd7-s09-telegram-json-german',
    kind: 'session',
    upload: {
      filename: 'result.json',
      content: JSON.stringify(
        {
          name: 'Anke Vogel',
          type: 'personal_chat',
          id: 5123987701,
          messages: [
            { id: 88121, type: 'service', date: '2026-09-01T10:00:00', date_unixtime: '1788256800', actor: 'Anke Vogel', actor_id: 'user5123987701', action: 'phone_call', duration_seconds: 310, text: '', text_entities: [] },
            {
              id: 88122,
              type: 'message',
              date: '2026-09-02T18:22:41',
              date_unixtime: '1788373361',
              from: 'Anke Vogel',
              from_id: 'user5123987701',
              text: ['Kurzes Update zu Rheinwerk: der Vorstand hat das Budget für die ', { type: 'bold', text: 'Zählerdaten-Plattform' }, ' freigegeben, 1,2 Mio. Euro über drei Jahre.'],
              text_entities: [
                { type: 'plain', text: 'Kurzes Update zu Rheinwerk: der Vorstand hat das Budget für die ' },
                { type: 'bold', text: 'Zählerdaten-Plattform' },
                { type: 'plain', text: ' freigegeben, 1,2 Mio. Euro über drei Jahre.' },
              ],
            },
            { id: 88123, type: 'message', date: '2026-09-02T18:25:09', date_unixtime: '1788373509', from: 'Jonas Keller', from_id: 'user771234', text: 'Super, danke Anke! Heißt das, die Ausschreibung kommt noch im Oktober?', text_entities: [{ type: 'plain', text: 'Super, danke Anke! Heißt das, die Ausschreibung kommt noch im Oktober?' }] },
            { id: 88124, type: 'message', date: '2026-09-02T18:31:50', date_unixtime: '1788373910', from: 'Anke Vogel', from_id: 'user5123987701', text: 'Ja, Anfang Oktober. Wir haben entschieden, dass nur Anbieter mit Hosting in Deutschland zugelassen werden.', text_entities: [{ type: 'plain', text: 'Ja, Anfang Oktober. Wir haben entschieden, dass nur Anbieter mit Hosting in Deutschland zugelassen werden.' }] },
          ],
        },
        null,
        1,
      ),
    },
    worth: true,
    own: 'notes/',
    touch: [P('anke-vogel'), C('rheinwerk')],
    date: '2026-09-02',
  },
  {
    id: 'd7-s10-slack-channel-export',
    kind: 'session',
    upload: {
      filename: '2026-08-19.json',
      content: JSON.stringify(
        [
          { type: 'message', user: 'U04QP1K2Z', text: '<@U05RZ8N3X> QuillPay moved the Orca go-live to September 8, their compliance sign-off slipped a week', ts: epoch('2026-08-19T15:04:11Z').toFixed(6), user_profile: { real_name: 'Dan Ortiz', display_name: 'dan' }, blocks: [] },
          { type: 'message', user: 'U05RZ8N3X', text: 'ugh. did Priya say why?', ts: epoch('2026-08-19T15:06:40Z').toFixed(6), user_profile: { real_name: 'Mia Santos', display_name: 'mia' } },
          { type: 'message', user: 'U04QP1K2Z', text: 'their auditor wants one more test of the sanctions screening. Priya Nair is confident it passes, she is sending the report Friday', ts: epoch('2026-08-19T15:08:02Z').toFixed(6), user_profile: { real_name: 'Dan Ortiz', display_name: 'dan' } },
          { type: 'message', user: 'U05RZ8N3X', text: "ok, decision: we keep our launch comms for the 8th and don't announce anything before QuillPay confirms :thumbsup:", ts: epoch('2026-08-19T15:10:55Z').toFixed(6), user_profile: { real_name: 'Mia Santos', display_name: 'mia' } },
          { type: 'message', subtype: 'channel_join', user: 'U06AAA111', text: '<@U06AAA111> has joined the channel', ts: epoch('2026-08-19T15:12:00Z').toFixed(6) },
        ],
        null,
        4,
      ),
    },
    worth: true,
    own: 'notes/',
    touch: [C('quillpay'), J('orca'), P('priya-nair')],
    date: '2026-08-19',
  },
  {
    id: 'd7-s11-discord-paste-french',
    kind: 'session',
    upload: {
      filename: 'discord-lumen.txt',
      content: `Camille Dubois — 15/09/2026 16:12
Bonjour à tous ! Petite nouvelle : Lumen Santé a obtenu la certification HDS pour la nouvelle plateforme de téléconsultation.
Camille Dubois — 15/09/2026 16:13
Du coup on peut ouvrir le pilote avec les trois cliniques de Lyon dès le 1er octobre.
Hugo Martin — 15/09/2026 16:20
Génial, bravo ! On garde le même périmètre pour le pilote, 40 médecins ?
Camille Dubois — 15/09/2026 16:24
Oui, 40 médecins, et nous avons décidé de passer à 60 en décembre si les retours sont bons.
Hugo Martin — 15/09/2026 16:26
Parfait, je prépare le planning de formation pour la semaine prochaine.
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('camille-dubois'), C('lumen')],
    date: '2026-09-15',
  },
  // ---------------------------------------------------------------- sessions: pasted, several languages
  {
    id: 'd7-s12-chatgpt-ui-spanish',
    kind: 'session',
    upload: {
      filename: 'chat solmar almacén.txt',
      content: `Dijiste:
Solmar Logística quiere abrir un almacén en Zaragoza para la campaña de Navidad. Lucía Fernández dice que necesitan 6.000 m² desde el 1 de noviembre y que el alquiler ronda los 4,20 euros por metro. ¿Merece la pena frente a subcontratar?
ChatGPT dijo:
Con 6.000 m² a 4,20 €/m² el alquiler son unos 25.200 € al mes. Si la campaña dura tres meses y el contrato mínimo es de un año, subcontratar a un operador logístico suele salir más barato. Pide a Solmar el volumen de palés previsto por semana para comparar.
Dijiste:
Tiene sentido. Hemos decidido subcontratar la campaña y no firmar el alquiler. Le pido a Lucía los volúmenes esta semana.
ChatGPT dijo:
Buena decisión. Cuando tengas los volúmenes, compara al menos tres operadores con tarifa por palé y día.
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('lucia-fernandez'), C('solmar')],
    date: 'upload',
  },
  {
    id: 'd7-s13-chatgpt-ui-german',
    kind: 'session',
    upload: {
      filename: 'chatgpt-rheinwerk.txt',
      content: `Datum: 14.10.2026

Du hast gesagt:
Rheinwerk Energie fragt, ob wir die Zählerdaten auch an ihr SAP IS-U übergeben können. Anke Vogel braucht bis Ende Oktober eine Aufwandsschätzung.
ChatGPT hat gesagt:
Eine Schnittstelle zu SAP IS-U über die Standard-BAPIs ist üblich. Rechnen Sie mit etwa 25 Personentagen für Mapping, Tests und Abnahme, plus fünf Tage Puffer für die Abstimmung mit dem SAP-Team von Rheinwerk.
Du hast gesagt:
Gut, wir schätzen 30 Personentage und schicken das an Anke. Die Schnittstelle ist eine Option im Angebot, nicht im Grundpreis.
ChatGPT hat gesagt:
Das ist sinnvoll: so bleibt der Grundpreis vergleichbar, und Rheinwerk kann die Option separat bewerten.
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('anke-vogel'), C('rheinwerk')],
    date: '2026-10-14',
  },
  {
    id: 'd7-s14-chatgpt-ui-french',
    kind: 'session',
    upload: {
      filename: 'conversation lumen.txt',
      content: `Vous avez dit :
Camille Dubois de Lumen Santé nous demande un devis pour intégrer notre agenda en ligne à leur plateforme de téléconsultation. Ils ont 2 300 médecins. Quel modèle de prix proposer ?
ChatGPT a dit :
Pour 2 300 médecins, un prix par praticien actif et par mois est le plus lisible, par exemple 4 € par praticien, avec un plancher mensuel. Lumen Santé pourra ainsi prévoir son budget.
Vous avez dit :
D'accord, nous avons décidé de proposer 3,50 € par praticien actif avec un plancher de 5 000 € par mois. J'envoie le devis à Camille jeudi.
ChatGPT a dit :
Très bien. Pensez à préciser ce qu'est un praticien actif (au moins une consultation dans le mois).
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('camille-dubois'), C('lumen')],
    date: 'upload',
  },
  {
    id: 'd7-s15-portuguese-transcript',
    kind: 'session',
    upload: {
      filename: 'sessao-cafeterra.md',
      content: `# Sessão com o assistente — logística de café
Data: 21/10/2026

**Usuário:** A Cafeterra Exportadora vai embarcar os 320 sacos pelo porto de Santos no dia 12 de março. O João Pereira perguntou se preferimos contêiner de 20 pés ou carga fracionada.

**Assistente:** Para 320 sacos de 60 kg (19,2 toneladas) um contêiner de 20 pés é o mais indicado: cabe tudo, e o custo por saco fica menor do que na carga fracionada. Peça à Cafeterra um contêiner com forro para café (dry bag).

**Usuário:** Decidimos pelo contêiner de 20 pés com dry bag. Vou confirmar com o João amanhã.

**Assistente:** Ótimo. Lembre de pedir o certificado de fumigação junto com os documentos de embarque.
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('joao-pereira'), C('cafeterra')],
    date: '2026-10-21',
  },
  {
    id: 'd7-s16-japanese-transcript',
    kind: 'session',
    upload: {
      filename: 'hoshi-chat.txt',
      content: `日付: 2026年10月2日

ユーザー: Hoshi Networks の Kenji Watanabe さんから、大阪のデータセンター移行を来年3月に延期したいと連絡がありました。影響はありますか？
アシスタント: 移行を3月に延ばすと、現行の保守契約を3か月延長する必要があります。費用はおよそ月額150万円です。Hoshi Networks と延長分の負担を事前に合意しておくと安全です。
ユーザー: 延長分は折半にすることで合意しました。Kenji さんに今週中に覚書を送ります。
アシスタント: 了解しました。覚書には新しい移行日と費用分担の割合を明記してください。
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('kenji-watanabe'), C('hoshinet')],
    date: '2026-10-02',
  },
  {
    id: 'd7-s17-spanish-two-person-chat',
    kind: 'session',
    upload: {
      filename: 'chat_equipo_solmar.txt',
      content: `Conversación del chat del equipo — 5 de octubre de 2026

Lucía Fernández: Buenos días. Os cuento cómo quedó lo de Solmar con el puerto: la terminal nos da prioridad de atraque los martes y jueves a partir de noviembre, a cambio de un volumen mínimo de 80 contenedores al mes.
Tomás Ruiz: ¿Y si un mes no llegamos a los 80? ¿Hay penalización o simplemente perdemos la prioridad ese mes?
Lucía Fernández: Perdemos la prioridad el mes siguiente, sin penalización económica. Me parece un buen trato, la verdad, con los clientes de Navidad vamos a superar los 100 sin problema.
Tomás Ruiz: Entonces adelante. Decidido: aceptamos el acuerdo de prioridad de atraque. Yo aviso a los transportistas de los nuevos horarios.
Lucía Fernández: Perfecto. Yo firmo el anexo con la terminal el viernes y os paso una copia.
Tomás Ruiz: Genial, gracias Lucía.
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('lucia-fernandez'), C('solmar')],
    date: '2026-10-05',
  },
  {
    id: 'd7-s18-spanish-nothing-known',
    kind: 'session',
    upload: {
      filename: 'chat-recetas.txt',
      content: `Usuario: ¿cómo hago una masa madre desde cero? tengo harina integral y de fuerza
Asistente: Mezcla 50 g de harina integral con 50 g de agua templada en un tarro, tápalo sin cerrar del todo y déjalo a temperatura ambiente. Cada 24 horas tira la mitad y alimenta con 50 g de harina y 50 g de agua. En 5 a 7 días debería doblar su volumen en unas horas después de alimentarla.
Usuario: ¿y cuándo puedo empezar a usar la de fuerza?
Asistente: A partir del tercer día puedes alimentar con mitad integral y mitad de fuerza; la integral acelera la fermentación al principio.
`,
    },
    worth: false,
    date: 'upload',
  },
  // ---------------------------------------------------------------- documents
  {
    id: 'd7-d01-rfc-markdown',
    kind: 'document',
    upload: {
      filename: 'rfc-0042-orca-idempotency.md',
      content: `# RFC 0042: Idempotent payout requests for Project Orca

| | |
|---|---|
| Status | Accepted |
| Authors | Dan Ortiz, Mia Santos |
| Last updated | 2026-08-27 |
| Reviewers | Priya Nair (QuillPay) |

## Summary

Payout requests sent to QuillPay are retried by our queue when a request times out. Without an idempotency key, a retry after a timeout can pay the same recipient twice. This RFC adds a client-generated idempotency key to every payout request and stores the key with the payout record for 30 days.

## Motivation

In the July pilot we saw 14 duplicate payouts out of 9,200, all after gateway timeouts of more than 20 seconds. QuillPay's API already honours an \`Idempotency-Key\` header for 24 hours; our retries can happen up to 72 hours later when the queue is backed up, so we need our own record as well.

## Design

Each payout gets a UUIDv7 key when it is created. The key is sent on every attempt. Before a retry, the worker looks the key up in the payouts table; if a completed transfer exists, the retry is dropped and the payout is marked as settled. Keys older than 30 days are purged by the nightly job.

## Rollout

The change ships behind a flag in the September release and is enabled for all Orca customers once QuillPay confirms the header behaviour in their sandbox. Priya Nair has agreed to run the sandbox test with us in the first week of September.

## Alternatives considered

We considered relying on QuillPay's 24-hour window alone, and reconciling duplicates afterwards. Both leave money at risk for longer than finance accepts.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [J('orca'), C('quillpay'), P('priya-nair')],
    date: '2026-08-27',
  },
  {
    id: 'd7-d02-contract-spanish',
    kind: 'document',
    upload: {
      filename: 'contrato-servicios-solmar.txt',
      content: `CONTRATO DE PRESTACIÓN DE SERVICIOS LOGÍSTICOS

Fecha de entrada en vigor: 1 de octubre de 2026
Referencia: SOL-2026-118

REUNIDOS

De una parte, Solmar Logística, S.L., con domicilio en Avenida del Puerto 212, 46024 Valencia, representada por Dña. Lucía Fernández en su calidad de Directora de Operaciones.

De otra parte, el CLIENTE, según se identifica en el Anexo I.

CLÁUSULAS

Primera. Objeto. Solmar Logística prestará al CLIENTE servicios de transporte marítimo de contenedores en la ruta Valencia–Rotterdam, incluyendo la gestión aduanera en origen y destino.

Segunda. Precio. El precio por contenedor de 40 pies será de 1.720 euros, revisable si el precio del combustible varía más de un 15 % respecto al de la fecha de entrada en vigor.

Tercera. Volumen mínimo. El CLIENTE se compromete a un volumen mínimo de 120 contenedores por año natural. Si el volumen anual es inferior, el CLIENTE abonará la diferencia al 30 % del precio unitario.

Cuarta. Duración. El contrato tendrá una duración de dos años desde la fecha de entrada en vigor y se prorrogará tácitamente por periodos anuales salvo preaviso de tres meses.

Quinta. Confidencialidad. Las partes mantendrán la confidencialidad de las condiciones económicas de este contrato.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('solmar'), P('lucia-fernandez')],
    date: '2026-10-01',
  },
  {
    id: 'd7-d03-german-report',
    kind: 'document',
    upload: {
      filename: 'Marktbericht_Zaehlerdaten.md',
      content: `# Marktbericht: Zählerdaten-Plattformen für Stadtwerke

Zuletzt aktualisiert: 03.11.2026
Autorin: Jonas Keller

## Zusammenfassung

Der Markt für Zählerdaten-Plattformen wächst mit dem Rollout intelligenter Messsysteme deutlich. Rheinwerk Energie ist mit etwa 410.000 Zählpunkten einer der größeren regionalen Versorger, der in diesem Jahr neu ausschreibt. Die Ausschreibung verlangt Hosting in Deutschland und eine Anbindung an SAP IS-U.

## Wettbewerb

Drei Anbieter haben sich beworben. Die Angebote liegen zwischen 0,85 und 1,10 Euro pro Zählpunkt und Jahr. Rheinwerk bewertet den Preis mit 40 Prozent, die Migrationsplanung mit 30 Prozent und den Betrieb mit 30 Prozent.

## Einschätzung

Unser Angebot liegt bei 0,95 Euro pro Zählpunkt und Jahr und ist damit im Mittelfeld. Der Vorteil liegt in der fertigen SAP-Schnittstelle, die als Option angeboten wird. Die Entscheidung von Rheinwerk wird für Mitte Dezember erwartet.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('rheinwerk')],
    date: '2026-11-03',
  },
  {
    id: 'd7-d04-french-policy',
    kind: 'document',
    upload: {
      filename: 'politique-confidentialite-lumen.md',
      content: `# Politique de protection des données patients — partenariat Lumen Santé

Dernière mise à jour : 2 novembre 2026
Version : 1.3

## Objet

Ce document décrit comment les données de santé des patients de Lumen Santé sont traitées dans le cadre du partenariat de prise de rendez-vous en ligne. Il complète l'accord de traitement des données signé avec Lumen Santé et s'applique à tous les praticiens utilisant l'agenda intégré.

## Hébergement

Toutes les données de santé sont hébergées en France chez un hébergeur certifié HDS, dans la région de Paris. Aucune donnée n'est transférée hors de l'Union européenne. Les sauvegardes sont chiffrées et conservées trente jours.

## Accès

Seuls les praticiens et le personnel d'accueil habilités par Lumen Santé ont accès aux rendez-vous. Les équipes techniques n'accèdent aux données qu'en cas d'incident, avec une journalisation de chaque accès.

## Contact

Pour toute question, le délégué à la protection des données peut être contacté à l'adresse dpo@lumen-sante.fr.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('lumen')],
    date: '2026-11-02',
  },
  {
    id: 'd7-d05-portuguese-report',
    kind: 'document',
    upload: {
      filename: 'relatorio-safra-cafeterra.txt',
      content: `Relatório de safra 2026 — Cafeterra Exportadora
Última atualização: 20/10/2026

A safra 2026 da Cafeterra Exportadora na região da Mogiana ficou 12% abaixo da previsão de abril, por causa da seca em agosto. Foram colhidos 18.400 sacos de 60 kg, contra 20.900 previstos. A qualidade, porém, melhorou: 64% dos lotes foram classificados como peneira 17/18, contra 55% no ano passado.

Os contratos a termo já assinados serão cumpridos parcialmente em março, e o restante será entregue em maio com a colheita seguinte. O preço médio dos contratos ficou em 2,15 dólares por libra, abaixo do preço à vista de outubro, que chegou a 2,40.

Para 2027, a Cafeterra Exportadora prevê investir em irrigação por gotejamento em 120 hectares, com custo estimado de 1,8 milhão de reais, para reduzir a dependência das chuvas de agosto.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('cafeterra')],
    date: '2026-10-20',
  },
  {
    id: 'd7-d06-japanese-spec',
    kind: 'document',
    upload: {
      filename: 'hoshi-sla-仕様書.md',
      content: `# Hoshi Networks 向け SLA 仕様書

作成日：2026年9月1日
最終更新日：2026年9月30日

## 概要

本書は Hoshi Networks 様との保守契約更新にあたり、サービスレベルの定義を定めるものです。可用性の目標は月間 99.95% とし、計画停止は対象外とします。

## サポート時間

日本時間の平日 9 時から 18 時までを標準サポート時間とし、シンガポールのチームが対応します。重大障害は 24 時間 365 日受け付けます。

## サービスクレジット

可用性が目標を下回った場合、月額料金の最大 10% をサービスクレジットとして返還します。
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('hoshinet')],
    date: '2026-09-30',
  },
  {
    id: 'd7-d07-pdf-effective-date',
    kind: 'document',
    upload: {
      filename: 'QuillPay_Partner_Program_Terms.pdf',
      contentBase64: b64(
        makePdf([
          'QuillPay Partner Program Terms',
          'Effective Date: October 12, 2026',
          'These Partner Program Terms govern the referral partnership between QuillPay, Inc. and the Partner named in the order form.',
          'Revenue share. QuillPay pays the Partner 20% of net processing revenue from referred merchants for 24 months after each merchant goes live.',
          'Payout cap. Cross-border payouts made through the program are limited to USD 100,000 per transfer unless QuillPay approves a higher limit in writing.',
          'Term. These terms run for one year from the Effective Date and renew automatically unless either party gives 60 days notice.',
          'Questions about the program go to partners@quillpay.com.',
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [C('quillpay')],
    date: '2026-10-12',
  },
  {
    id: 'd7-d08-docx-agreement-as-of',
    kind: 'document',
    upload: {
      filename: 'Orca pilot agreement.docx',
      contentBase64: b64(
        makeDocx([
          { text: 'Pilot Agreement — Project Orca', heading: true },
          { text: 'This Pilot Agreement is made and entered into as of November 3, 2026 by and between QuillPay, Inc. ("QuillPay") and the Company.' },
          { text: 'Scope. During the pilot, the Company routes cross-border payouts for up to 50 merchants through QuillPay under Project Orca.' },
          { text: 'Fees. QuillPay charges 0.6% per payout with a minimum of USD 1.50, waived for the first 30 days.' },
          { text: 'Term. The pilot ends on February 28, 2027 unless the parties sign a commercial agreement before then.' },
          { text: 'Contacts. For QuillPay: Priya Nair, Head of Partnerships.' },
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [C('quillpay'), J('orca'), P('priya-nair')],
    date: '2026-11-03',
  },
  {
    id: 'd7-d09-italian-report-chat-quote',
    kind: 'document',
    upload: {
      filename: 'relazione-trimestrale-lumen.md',
      content: `# Relazione trimestrale sul partenariato con Lumen Santé

Ultimo aggiornamento: 7 ottobre 2026

## Sintesi

Nel terzo trimestre il pilota con Lumen Santé è passato da 12 a 40 medici in tre cliniche di Lione. Le prenotazioni online sono cresciute del 35% e il tasso di appuntamenti mancati è sceso dal 9% al 6%. Il feedback dei medici è positivo, soprattutto sulla sincronizzazione con i calendari esistenti.

## Problemi aperti

Restano due problemi: la sincronizzazione notturna fallisce in circa l'1% dei casi e il supporto telefonico non copre il sabato. Di seguito un estratto dalla chat con il team di Lumen che descrive il primo problema:

Camille Dubois: la sincronizzazione delle 2:00 è fallita di nuovo su due agende
Hugo Martin: stiamo aggiungendo un secondo tentativo alle 3:00

## Prossimi passi

Estendere il pilota a 60 medici a dicembre, aggiungere il secondo tentativo di sincronizzazione e valutare il supporto del sabato con Lumen Santé entro fine anno.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('lumen')],
    allow: [P('camille-dubois')],
    date: '2026-10-07',
  },
  {
    id: 'd7-d10-english-report-effective',
    kind: 'document',
    upload: {
      filename: 'hoshi-renewal-pricing-memo.md',
      content: `# Pricing memo: Hoshi Networks renewal

Prepared by: Dan Ortiz
Effective: 2026-10-20

## Background

Hoshi Networks renews its network monitoring contract for three years from January. The current fee is 18 million yen a year. Kenji Watanabe, their engineering manager, asked for a higher SLA and support in Japanese business hours.

## Proposal

We commit to 99.95% availability with service credits capped at 10% of the monthly fee, and move JST support to the Singapore team. The fee rises by 5% to 18.9 million yen a year. The uplift covers the Singapore rotation and leaves the margin unchanged.

## Risks

If Hoshi Networks asks for a longer credit cap, we accept 12% at most. A lower increase than 4% would need sign-off from finance.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('hoshinet'), P('kenji-watanabe')],
    date: '2026-10-20',
  },
  // ---------------------------------------------------------------- a meeting and junk
  {
    id: 'd7-m01-acta-reunion',
    kind: 'meeting',
    upload: {
      filename: 'acta reunión solmar.txt',
      content: `Acta de reunión — Solmar / revisión trimestral
Fecha: 24 de septiembre de 2026
Asistentes: Lucía Fernández (Solmar), Tomás Ruiz, Ada Lovelace (Acme)

1. Volúmenes del tercer trimestre: 96 contenedores, un 14 % más que el trimestre anterior.
2. Acme pide visibilidad de los contenedores en tiempo real; Solmar lo ofrecerá desde enero.

Acuerdos: Solmar enviará el informe de puntualidad cada mes.
Acción: Tomás Ruiz prepara la integración de seguimiento con Acme.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('lucia-fernandez'), C('solmar'), P('ada-lovelace'), C('acme')],
    date: '2026-09-24',
  },
  {
    id: 'd7-j01-spanish-newsletter',
    kind: 'junk',
    upload: {
      filename: 'boletin.eml',
      content: `From: Boletín Logística Hoy <boletin@logisticahoy.es>
To: suscriptores@logisticahoy.es
Subject: Las 5 tendencias de la logística para 2027
Date: Tue, 17 Nov 2026 07:00:00 +0100

¡Hola!

Esta semana en Logística Hoy: las 5 tendencias que marcarán 2027, entrevista con el director de un gran puerto y nuestro seminario web gratuito sobre almacenes automatizados.

Lee el boletín completo en nuestra web.

Si no quieres recibir más correos, date de baja aquí. Logística Hoy, Calle Mayor 1, Madrid.
`,
    },
    worth: false,
    date: 'upload',
  },
  {
    id: 'd7-j02-slack-notification',
    kind: 'junk',
    upload: {
      filename: 'notification.eml',
      content: `From: Slack <notification@slack.com>
To: dan@ourcompany.com
Subject: [Slack] New messages from Mia Santos
Date: Wed, 19 Aug 2026 15:30:00 +0000

You have 3 new messages in #orca-launch.

Mia Santos: ok, decision: we keep our launch comms for the 8th…

View in Slack: https://ourcompany.slack.com/archives/C0123/p1787152255

You're receiving this email because you have notifications turned on. To change how often you get these emails, visit your notification preferences.
`,
    },
    worth: false,
    date: 'upload',
  },
];
