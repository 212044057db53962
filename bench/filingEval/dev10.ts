// The tenth filing set, a development set (written by the engineer who then changed the filer, from
// the description of the weak spots only and before changing it; its first run is dev10-first-run.txt).
// Documents in eleven languages whose own date is written the ways letters, contracts, quotes,
// policies and reports write it (a place-and-date line, a "Datum:" label, a signature block, ISO,
// Japanese 年月日, Arabic-Indic digits, a date only in the file name, no date at all), with letterheads,
// decoration rules and addresses above the real title and deadlines or future terms beside the real
// date; junk in seven languages (credential phishing, a lottery, an invoice-redirection scam, fake
// parcel notices, calendar-invitation spam); and real items that look a bit like junk (an invoice from
// a known supplier carrying a project fact, a calendar invitation from a known person, an award letter
// that congratulates). Its own seed pages, so nothing here matches what earlier sets tuned for.
import type { EvalItem } from './items.js';
import { makePdf } from '../../test/helpers/documents.js';

const P = (slug: string) => `people/${slug}.md`;
const C = (slug: string) => `companies/${slug}.md`;
const J = (slug: string) => `projects/${slug}.md`;
const b64 = (b: Buffer) => b.toString('base64');

function page(folder: string, type: string, slug: string, title: string, fields: Record<string, string>, body: string): { path: string; markdown: string } {
  const fm = Object.entries(fields).map(([k, v]) => `${k}: ${v}`);
  return { path: `${folder}/${slug}.md`, markdown: ['---', `title: ${title}`, `type: ${type}`, ...fm, '---', `# ${title}`, '', body, ''].join('\n') };
}

/** Pages this set needs on top of SEED_PAGES. */
export const DEV10_SEED_PAGES: Array<{ path: string; markdown: string }> = [
  page('people', 'person', 'agnieszka-wrobel', 'Agnieszka Wróbel', { email: 'agnieszka.wrobel@baltyk-stocznia.pl', company: '"[[companies/baltyk]]"', role: 'Dyrektor zakupów' }, 'Head of purchasing at Bałtyk Stocznia.'),
  page('companies', 'company', 'baltyk', 'Bałtyk Stocznia', { domain: 'baltyk-stocznia.pl', aliases: '[Bałtyk]' }, 'Polish shipyard; customer.'),
  page('people', 'person', 'klaus-hartmann', 'Klaus Hartmann', { email: 'k.hartmann@rheinwerk.de', company: '"[[companies/rheinwerk]]"', role: 'Leiter Einkauf' }, 'Purchasing lead at Rheinwerk.'),
  page('companies', 'company', 'rheinwerk', 'Rheinwerk Maschinenbau', { domain: 'rheinwerk.de', aliases: '[Rheinwerk]' }, 'German machine builder; customer.'),
  page('people', 'person', 'jeroen-visser', 'Jeroen Visser', { email: 'jeroen@zeelandhaven.nl', company: '"[[companies/zeelandhaven]]"', role: 'Operationeel directeur' }, 'Operations director at Zeeland Haven.'),
  page('companies', 'company', 'zeelandhaven', 'Zeeland Haven', { domain: 'zeelandhaven.nl' }, 'Dutch port operator; customer.'),
  page('people', 'person', 'haruki-sato', '佐藤春樹', { email: 'sato@kumo-robotics.jp', company: '"[[companies/kumo]]"', aliases: '[Haruki Sato]', role: '開発部長' }, 'Head of development at Kumo Robotics.'),
  page('companies', 'company', 'kumo', 'Kumo Robotics', { domain: 'kumo-robotics.jp', aliases: '[クモロボティクス]' }, 'Japanese robotics maker; partner.'),
  page('people', 'person', 'youssef-haddad', 'Youssef Haddad', { email: 'youssef@nakheel-logistics.ae', company: '"[[companies/nakheel]]"', aliases: '[يوسف حداد]' }, 'Managing director of Nakheel Logistics.'),
  page('companies', 'company', 'nakheel', 'Nakheel Logistics', { domain: 'nakheel-logistics.ae', aliases: '[نخيل للخدمات اللوجستية]' }, 'Logistics company in Dubai; prospect.'),
  page('people', 'person', 'lucia-romero', 'Lucía Romero', { email: 'lucia.romero@sierrasolar.es', company: '"[[companies/sierra-solar]]"', role: 'Directora comercial' }, 'Sales director at Sierra Solar.'),
  page('companies', 'company', 'sierra-solar', 'Sierra Solar', { domain: 'sierrasolar.es' }, 'Spanish solar installer; supplier.'),
  page('people', 'person', 'ines-moreau', 'Inès Moreau', { email: 'ines@atelier-lumiere.fr', company: '"[[companies/atelier-lumiere]]"', role: 'Directrice générale' }, 'CEO of Atelier Lumière.'),
  page('companies', 'company', 'atelier-lumiere', 'Atelier Lumière', { domain: 'atelier-lumiere.fr' }, 'French lighting design studio; partner.'),
  page('people', 'person', 'giulia-ferri', 'Giulia Ferri', { email: 'giulia@lagoverde.it', company: '"[[companies/lagoverde]]"', role: 'Responsabile vendite' }, 'Sales at Lago Verde Software.'),
  page('companies', 'company', 'lagoverde', 'Lago Verde Software', { domain: 'lagoverde.it', aliases: '[Lago Verde]' }, 'Italian software house; supplier.'),
  page('people', 'person', 'ana-souza', 'Ana Souza', { email: 'ana@cerradoagro.com.br', company: '"[[companies/cerrado]]"', role: 'Gerente de compras' }, 'Purchasing manager at Cerrado Agro.'),
  page('companies', 'company', 'cerrado', 'Cerrado Agro', { domain: 'cerradoagro.com.br' }, 'Brazilian agribusiness; customer.'),
  page('people', 'person', 'dmitry-volkov', 'Дмитрий Волков', { email: 'volkov@taiga-soft.ru', company: '"[[companies/taiga]]"', aliases: '[Dmitry Volkov]' }, 'CTO of Taiga Soft.'),
  page('companies', 'company', 'taiga', 'Тайга Софт', { domain: 'taiga-soft.ru', aliases: '[Taiga Soft]' }, 'Russian software company; partner.'),
  page('companies', 'company', 'papierwerk', 'Papierwerk Kühn', { domain: 'papierwerk-kuehn.de' }, 'Packaging supplier.'),
  page('projects', 'project', 'tidewater', 'Project Tidewater', { aliases: '[Tidewater]', status: 'active' }, 'Automated mooring for container berths.'),
  page('projects', 'project', 'nordlicht', 'Nordlicht Rollout', { aliases: '[Nordlicht]', status: 'active' }, 'Roll-out of the packaging line control software.'),
];

export const DEV10_ITEMS: EvalItem[] = [
  // ---------------------------------------------------------------- documents: dates and titles
  {
    // A Polish offer letter: letterhead, address and tax number above the place-and-date line; a
    // validity deadline later on that must not date it.
    id: 'd10-d01-polish-offer-letter',
    kind: 'document',
    upload: {
      filename: 'oferta_baltyk.txt',
      content: `BAŁTYK STOCZNIA S.A.
ul. Portowa 12, 80-001 Gdańsk
NIP 583-000-11-22 · tel. +48 58 000 00 00
==============================================

Gdańsk, 14 kwietnia 2026

Oferta na dostawę modułów sterujących dla projektu Tidewater

Szanowni Państwo,

w nawiązaniu do rozmów z dnia 2 kwietnia przedstawiamy ofertę na dostawę 48 modułów sterujących do systemu cumowania Project Tidewater. Bałtyk Stocznia zapewnia montaż na nabrzeżu oraz dwuletnią gwarancję.

Cena całkowita wynosi 1 240 000 PLN netto. Termin dostawy: 16 tygodni od podpisania umowy.

Oferta ważna do 30 czerwca 2026 r.

Z poważaniem

Agnieszka Wróbel
Dyrektor zakupów, Bałtyk Stocznia S.A.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('agnieszka-wrobel'), C('baltyk'), J('tidewater')],
    date: '2026-04-14',
  },
  {
    // A German framework contract: a "Datum:" label, decoration rules and a letterhead line above the
    // title; the term's end and a payment deadline are later dates.
    id: 'd10-d02-german-contract-datum',
    kind: 'document',
    upload: {
      filename: 'Rahmenvertrag Rheinwerk.txt',
      content: `Rheinwerk Maschinenbau GmbH · Industriestraße 4 · 70565 Stuttgart
----------------------------------------------------------------
==========================================
RAHMENVERTRAG ÜBER WARTUNGSLEISTUNGEN
==========================================

Datum: 03.02.2026
Vertragsnummer: RW-2026-017

§ 1 Gegenstand
Rheinwerk Maschinenbau übernimmt die Wartung der Verpackungslinie im Rahmen des Nordlicht Rollout. Ansprechpartner auf Seiten von Rheinwerk ist Klaus Hartmann.

§ 2 Laufzeit
Der Vertrag beginnt am 01.03.2026 und endet am 31.12.2027.

§ 3 Vergütung
Die Pauschale beträgt 8.400 EUR pro Quartal, zahlbar bis zum 15. des ersten Quartalsmonats.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('klaus-hartmann'), C('rheinwerk'), J('nordlicht')],
    date: '2026-02-03',
  },
  {
    // A Dutch quote: "Amsterdam, 9 maart 2026" under the sender's address; valid "tot 30 april 2026".
    id: 'd10-d03-dutch-quote',
    kind: 'document',
    upload: {
      filename: 'offerte-zeeland-haven.txt',
      content: `Zeeland Haven B.V.
Havenweg 7
4380 AA Vlissingen
KvK 12345678

Amsterdam, 9 maart 2026

Offerte kadeplaatsen voor Project Tidewater

Geachte heer, mevrouw,

Zeeland Haven biedt voor Project Tidewater drie kadeplaatsen aan voor de proefopstelling van het automatische afmeersysteem, inclusief walstroom en beveiliging. De proef kan starten zodra de vergunning rond is.

Prijs: EUR 62.000 per kwartaal, exclusief btw.
Deze offerte is geldig tot 30 april 2026.

Met vriendelijke groet,

Jeroen Visser
Operationeel directeur, Zeeland Haven
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('jeroen-visser'), C('zeelandhaven'), J('tidewater')],
    date: '2026-03-09',
  },
  {
    // A Japanese report: a company letterhead line, then the date 2026年1月20日, then the title.
    id: 'd10-d04-japanese-report',
    kind: 'document',
    upload: {
      filename: '試験報告書.txt',
      content: `株式会社クモロボティクス　開発部
〒220-0012 神奈川県横浜市西区みなとみらい1-1-1
────────────────────────
2026年1月20日

係留ロボット耐久試験報告書

1. 概要
Kumo Robotics は Project Tidewater 向け係留ロボットの耐久試験を実施した。試験は 12 月 1 日から 12 月 19 日まで行い、3,000 サイクルで異常は見られなかった。

2. 結論
佐藤春樹 は量産前に防水シールを改良することを提案した。次回の評価は 2026年3月末までに完了する予定である。

以上
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('haruki-sato'), C('kumo'), J('tidewater')],
    date: '2026-01-20',
  },
  {
    // An Arabic memorandum of understanding with its date in Arabic-Indic digits.
    id: 'd10-d05-arabic-mou',
    kind: 'document',
    upload: {
      filename: 'mou-nakheel.txt',
      content: `نخيل للخدمات اللوجستية
ص.ب. ١٢٣٤٥، دبي، الإمارات العربية المتحدة
**********************************

التاريخ: ١٥/٠٣/٢٠٢٦

مذكرة تفاهم بشأن مشروع Tidewater

اتفق الطرفان على دراسة استخدام نظام الرسو الآلي في محطة جبل علي ضمن Project Tidewater. يتولى يوسف حداد متابعة الدراسة من جانب نخيل للخدمات اللوجستية.

مدة المذكرة سنة واحدة تبدأ من ٠١/٠٤/٢٠٢٦.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('youssef-haddad'), C('nakheel'), J('tidewater')],
    date: '2026-03-15',
  },
  {
    // A Spanish quote: "Madrid, a 2 de febrero de 2026" after a decoration row and an address.
    id: 'd10-d06-spanish-quote',
    kind: 'document',
    upload: {
      filename: 'presupuesto-sierra-solar.txt',
      content: `*******************************************
SIERRA SOLAR S.L. — Energía para la industria
C/ Alcalá 145, 28009 Madrid · CIF B-12345678
*******************************************

Madrid, a 2 de febrero de 2026

Presupuesto nº 2026-118: placas solares para la nave de Nordlicht

Sierra Solar propone instalar 420 paneles en la cubierta de la nave donde se monta la línea del Nordlicht Rollout, con una potencia total de 180 kWp.

Importe: 214.000 EUR (IVA no incluido). Plazo de ejecución: ocho semanas. Validez de la oferta: hasta el 31 de marzo de 2026.

Atentamente,

Lucía Romero
Directora comercial, Sierra Solar
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('lucia-romero'), C('sierra-solar'), J('nordlicht')],
    date: '2026-02-02',
  },
  {
    // A French partnership agreement dated only in its signature block ("Signé le …"); the entry into
    // force is a later date.
    id: 'd10-d07-french-signature-date',
    kind: 'document',
    upload: {
      filename: 'accord-partenariat-atelier-lumiere.txt',
      content: `ATELIER LUMIÈRE SAS
12 rue des Arts — 69002 Lyon
_______________________________

ACCORD DE PARTENARIAT

Entre Atelier Lumière et notre société, pour l'éclairage des quais de Project Tidewater.

Article 1 — Objet
Atelier Lumière conçoit l'éclairage basse consommation des postes d'amarrage automatisés.

Article 2 — Durée
Le présent accord entre en vigueur le 1er juin 2026 pour une durée de deux ans.

Article 3 — Rémunération
Une redevance de 3 % sur chaque poste équipé.

Signé le 18 mai 2026 par Inès Moreau, Directrice générale, Atelier Lumière.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('ines-moreau'), C('atelier-lumiere'), J('tidewater')],
    date: '2026-05-18',
  },
  {
    // An English report with an ISO date line and an ISO deadline for comments.
    id: 'd10-d08-english-report-iso',
    kind: 'document',
    upload: {
      filename: 'tidewater-pilot-report.md',
      content: `=====================================
QUARTERLY PILOT REPORT
=====================================

2026-02-27

Tidewater pilot: first quarter at Vlissingen

Summary
The Project Tidewater pilot moored 312 vessels at Zeeland Haven without a manual line. Jeroen Visser asked for a second berth before the summer season.

Risks
Salt spray corroded two sensors; Kumo Robotics is redesigning the seal.

Comments on this report are due by 2026-03-15.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [J('tidewater'), C('zeelandhaven'), P('jeroen-visser'), C('kumo')],
    date: '2026-02-27',
  },
  {
    // An Italian quote dated only by its file name.
    id: 'd10-d09-italian-date-in-filename',
    kind: 'document',
    upload: {
      filename: '2026-03-30 Preventivo Lago Verde licenze.txt',
      content: `LAGO VERDE SOFTWARE S.R.L.
Via Roma 21 — 22100 Como
+++++++++++++++++++++++++++++++

Preventivo licenze per il Nordlicht Rollout

Lago Verde Software fornisce 25 licenze del modulo di controllo qualità per la linea del Nordlicht Rollout, con installazione e formazione di due giornate.

Prezzo: 18.750 EUR all'anno. Giulia Ferri seguirà l'installazione.

Cordiali saluti,
Giulia Ferri
Responsabile vendite, Lago Verde Software
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('giulia-ferri'), C('lagoverde'), J('nordlicht')],
    date: '2026-03-30',
  },
  {
    // A Portuguese proposal with no date anywhere: the upload date.
    id: 'd10-d10-portuguese-no-date',
    kind: 'document',
    upload: {
      filename: 'proposta-cerrado.txt',
      content: `CERRADO AGRO LTDA.
Av. Paulista, 1000 — São Paulo/SP
CNPJ 12.345.678/0001-99
----------------------------------------

Proposta comercial: embalagens para a safra

A Cerrado Agro propõe comprar 40 mil caixas por mês produzidas na linha do Nordlicht Rollout, com entrega em Santos e pagamento em 60 dias.

Ana Souza, gerente de compras da Cerrado Agro, pede uma amostra de cada formato antes do pedido.

Atenciosamente,
Ana Souza
Gerente de compras, Cerrado Agro
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('ana-souza'), C('cerrado'), J('nordlicht')],
    date: 'upload',
  },
  {
    // An English NDA dated by its signing line; the term's start and end are other dates.
    id: 'd10-d11-english-nda-signed-on',
    kind: 'document',
    upload: {
      filename: 'NDA Rheinwerk.txt',
      content: `MUTUAL NON-DISCLOSURE AGREEMENT
_______________________________________

This agreement is made between Rheinwerk Maschinenbau GmbH and our company regarding the Nordlicht Rollout.

1. Confidential information includes drawings, source code and pricing.
2. The obligations begin on 1 February 2026 and end on 31 January 2029.
3. Either party may terminate with 90 days' notice.

Signed on 12 January 2026 by Klaus Hartmann, Leiter Einkauf, Rheinwerk Maschinenbau.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('klaus-hartmann'), C('rheinwerk'), J('nordlicht')],
    date: '2026-01-12',
  },
  {
    // A Russian letter: "Москва, 14 апреля 2026 г." under a letterhead; a deadline in May.
    id: 'd10-d12-russian-letter',
    kind: 'document',
    upload: {
      filename: 'письмо-тайга.txt',
      content: `ООО «Тайга Софт»
117997, г. Москва, ул. Профсоюзная, д. 84
ИНН 7700000000
=========================================

Москва, 14 апреля 2026 г.

О продлении пилотного проекта

Тайга Софт подтверждает продление пилота системы мониторинга для Project Tidewater на шесть месяцев. Техническую часть ведёт Дмитрий Волков.

Просим подписать дополнительное соглашение до 15 мая 2026 г.

С уважением,
Дмитрий Волков
Технический директор, Тайга Софт
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('dmitry-volkov'), C('taiga'), J('tidewater')],
    date: '2026-04-14',
  },
  {
    // A German policy as a PDF: a letterhead, a rule, "Stand: 5. Januar 2026" and the title below.
    id: 'd10-d13-german-policy-pdf',
    kind: 'document',
    upload: {
      filename: 'Reiserichtlinie.pdf',
      contentBase64: b64(
        makePdf([
          'Rheinwerk Maschinenbau GmbH',
          'Industriestrasse 4, 70565 Stuttgart',
          '________________________________',
          'Stand: 5. Januar 2026',
          'Reiserichtlinie fuer Projekteinsaetze',
          'Diese Richtlinie gilt fuer alle Einsaetze im Nordlicht Rollout.',
          'Rheinwerk Maschinenbau erstattet Bahnfahrten in der zweiten Klasse.',
          'Antraege sind bis zum 31. Maerz 2026 einzureichen.',
        ]),
      ),
    },
    worth: true,
    own: 'sources/',
    touch: [C('rheinwerk'), J('nordlicht')],
    date: '2026-01-05',
  },
  {
    // A Dutch progress report: a "Datum:" line with a dashed day-first date between decoration rows;
    // a permit deadline below it.
    id: 'd10-d14-dutch-minutes-style-report',
    kind: 'document',
    upload: {
      filename: 'voortgangsrapport.txt',
      content: `# # # # # # # # # # # # # # # # # # # #
Voortgangsrapport Project Tidewater
Datum: 21-04-2026
Auteur: Jeroen Visser, Zeeland Haven
# # # # # # # # # # # # # # # # # # # #

De tweede kadeplaats van Zeeland Haven is sinds april in gebruik voor Project Tidewater. Er zijn 140 schepen automatisch afgemeerd.

Open punt: de vergunning voor nachtelijk gebruik moet vóór 1 juni 2026 binnen zijn.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('jeroen-visser'), C('zeelandhaven'), J('tidewater')],
    date: '2026-04-21',
  },

  // ---------------------------------------------------------------- junk in several languages
  {
    id: 'd10-j01-german-bank-phishing',
    kind: 'junk',
    upload: {
      filename: 'Sicherheitshinweis.eml',
      content: `From: Kundenservice <service@kundenkonto-sicherheit.example>
To: info@ourcompany.example
Date: Mon, 13 Apr 2026 04:12:00 +0200
Subject: Wichtig: Ihr Online-Banking wurde eingeschränkt

Sehr geehrter Kunde,

aufgrund einer ungewöhnlichen Anmeldung wurde Ihr Zugang vorübergehend eingeschränkt. Bitte bestätigen Sie Ihre Identität und Ihre Zugangsdaten innerhalb von 48 Stunden, sonst wird Ihr Konto endgültig gesperrt.

Jetzt bestätigen: http://kundenkonto-sicherheit.example/login

Ihr Sicherheitsteam
`,
    },
    worth: false,
  },
  {
    id: 'd10-j02-french-lottery',
    kind: 'junk',
    upload: {
      filename: 'Félicitations.eml',
      content: `From: Loterie Internationale <gagnant@loterie-mondiale.example>
To: contact@ourcompany.example
Date: Tue, 14 Apr 2026 09:30:00 +0200
Subject: Félicitations ! Vous avez gagné 850 000 €

Cher gagnant,

Votre adresse e-mail a été tirée au sort lors de notre grand tirage annuel. Vous avez gagné la somme de 850 000 €. Pour recevoir vos gains, envoyez-nous vos nom, adresse, numéro de téléphone et une copie de votre pièce d'identité, ainsi que les frais de dossier de 95 €.

Le Service des Gains
`,
    },
    worth: false,
  },
  {
    id: 'd10-j03-spanish-invoice-scam',
    kind: 'junk',
    upload: {
      filename: 'Factura pendiente.eml',
      content: `From: Departamento de Cobros <cobros@facturacion-urgente.example>
To: pagos@ourcompany.example
Date: Wed, 15 Apr 2026 08:05:00 +0200
Subject: Factura pendiente de pago - acción inmediata

Estimado cliente:

Le informamos de que su factura nº 88412 sigue pendiente. Hemos cambiado nuestra cuenta bancaria; realice hoy mismo la transferencia de 4.870 EUR a la nueva cuenta IBAN ES00 0000 0000 0000 0000 0000 para evitar recargos y acciones legales.

Descargue la factura aquí: http://facturacion-urgente.example/factura.zip

Atentamente,
Departamento de Cobros
`,
    },
    worth: false,
  },
  {
    id: 'd10-j04-italian-parcel',
    kind: 'junk',
    upload: {
      filename: 'Spedizione in sospeso.eml',
      content: `From: Poste Consegne <avviso@consegna-pacchi.example>
To: ufficio@ourcompany.example
Date: Thu, 16 Apr 2026 06:40:00 +0200
Subject: Il tuo pacco è in attesa di consegna

Gentile cliente,

il tuo pacco non può essere consegnato perché le spese di spedizione (1,99 €) non sono state pagate. Paga entro 24 ore per evitare la restituzione al mittente: http://consegna-pacchi.example/paga

Numero di tracciamento: IT4482917
`,
    },
    worth: false,
  },
  {
    id: 'd10-j05-polish-parcel',
    kind: 'junk',
    upload: {
      filename: 'Przesyłka wstrzymana.eml',
      content: `From: Kurier Polska <powiadomienia@przesylka-status.example>
To: biuro@ourcompany.example
Date: Fri, 17 Apr 2026 07:15:00 +0200
Subject: Twoja przesyłka została wstrzymana

Twoja przesyłka nr 0048291 została wstrzymana z powodu niepełnego adresu. Aby ją odebrać, zaktualizuj dane i dopłać 2,50 zł w ciągu 24 godzin: http://przesylka-status.example/dopłata

Zespół obsługi klienta
`,
    },
    worth: false,
  },
  {
    id: 'd10-j06-portuguese-calendar-spam',
    kind: 'junk',
    upload: {
      filename: 'convite.ics',
      content: [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'METHOD:REQUEST',
        'BEGIN:VEVENT',
        'DTSTART:20260420T120000Z',
        'DTEND:20260420T123000Z',
        'ORGANIZER;CN=Equipe de Prêmios:mailto:premios@sorteio-brasil.example',
        'ATTENDEE;CN=contato@ourcompany.example:mailto:contato@ourcompany.example',
        'SUMMARY:Parabéns! Você ganhou um vale-presente de R$ 5.000',
        'DESCRIPTION:Você foi selecionado como ganhador do sorteio mensal. Resgate seu prêmio em até 48 horas: http://sorteio-brasil.example/resgatar',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    },
    worth: false,
  },
  {
    id: 'd10-j07-japanese-phishing',
    kind: 'junk',
    upload: {
      filename: 'アカウント確認.eml',
      content: `From: サポートセンター <support@account-kakunin.example>
To: info@ourcompany.example
Date: Sat, 18 Apr 2026 02:00:00 +0900
Subject: 【重要】アカウントの利用を一時停止しました

お客様のアカウントで不審なログインが検出されたため、ご利用を一時停止しました。24時間以内に以下のリンクからログインし、お支払い情報を更新してください。期限を過ぎるとアカウントは削除されます。

http://account-kakunin.example/login
`,
    },
    worth: false,
  },
  {
    id: 'd10-j08-english-calendar-crypto-spam',
    kind: 'junk',
    upload: {
      filename: 'invite.ics',
      content: [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'METHOD:REQUEST',
        'BEGIN:VEVENT',
        'DTSTART:20260422T150000Z',
        'DTEND:20260422T153000Z',
        'ORGANIZER;CN=Wallet Rewards:mailto:bonus@crypto-airdrop.example',
        'ATTENDEE;CN=team@ourcompany.example:mailto:team@ourcompany.example',
        'SUMMARY:Your wallet received 0.75 BTC - claim now',
        'DESCRIPTION:Congratulations! You are eligible for an exclusive bonus. Confirm your wallet with your seed phrase to release the funds: http://crypto-airdrop.example/claim',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    },
    worth: false,
  },

  // ---------------------------------------------------------------- real items that look a bit like junk
  {
    // A real calendar invitation from a known person (organizer on a person page).
    id: 'd10-r01-real-invite-known-person',
    kind: 'meeting',
    upload: {
      filename: 'zaproszenie.ics',
      content: [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'METHOD:REQUEST',
        'BEGIN:VEVENT',
        'DTSTART:20260428T090000Z',
        'DTEND:20260428T100000Z',
        'ORGANIZER;CN=Agnieszka Wróbel:mailto:agnieszka.wrobel@baltyk-stocznia.pl',
        'ATTENDEE;CN=Agnieszka Wróbel:mailto:agnieszka.wrobel@baltyk-stocznia.pl',
        'ATTENDEE;CN=Ken Thompson:mailto:ken@ourfund.vc',
        'SUMMARY:Przegląd oferty – moduły sterujące Tidewater',
        'DESCRIPTION:Omówimy cenę i termin dostawy modułów sterujących dla Project Tidewater.',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    },
    worth: true,
    own: 'meetings/',
    touch: [P('agnieszka-wrobel'), C('baltyk'), P('ken-thompson'), J('tidewater')],
    date: '2026-04-28',
  },
  {
    // A real invoice from a known supplier, carrying a project fact from a person's cover note.
    id: 'd10-r02-real-invoice-known-supplier',
    kind: 'document',
    upload: {
      filename: 'Rechnung Papierwerk Kühn 2026-0412.txt',
      content: `Papierwerk Kühn GmbH · Mühlenweg 3 · 01067 Dresden
======================================

Rechnung Nr. 2026-0412
Rechnungsdatum: 20.04.2026

Leistung: Verpackungsmuster und Erstmusterprüfung für den Nordlicht Rollout
Betrag: 6.300,00 EUR zzgl. MwSt.
Zahlbar bis 20.05.2026 auf das bekannte Konto.

Hinweis zur Lieferung: Papierwerk Kühn hat die Erstmuster am 17.04.2026 freigegeben; die Serienlieferung für Nordlicht beginnt in Kalenderwoche 19.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('papierwerk'), J('nordlicht')],
    date: '2026-04-20',
  },
  {
    // A real award letter that congratulates ("Gratulujemy!") from a known company and person.
    id: 'd10-r03-real-award-congratulations',
    kind: 'document',
    upload: {
      filename: 'wynik-przetargu.txt',
      content: `BAŁTYK STOCZNIA S.A.
ul. Portowa 12, 80-001 Gdańsk

Gdańsk, 6 maja 2026

Zawiadomienie o wyborze oferty

Gratulujemy! Państwa oferta w przetargu na system cumowania dla Project Tidewater została wybrana jako najkorzystniejsza. Bałtyk Stocznia zaprasza do podpisania umowy w ciągu 14 dni.

Z poważaniem
Agnieszka Wróbel
Dyrektor zakupów, Bałtyk Stocznia S.A.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [P('agnieszka-wrobel'), C('baltyk'), J('tidewater')],
    date: '2026-05-06',
  },
];
