// The eighth filing set, a development set (written by the engineer who then changed the filer,
// before changing it; its first run is dev8-first-run.txt). Hard in ways earlier sets are not:
// names inflected by grammar (Russian, Polish, German, Finnish case endings: "с Дмитрием Ивановым",
// "Herrn Müllers", "Aino Virtasen kanssa", "z Katarzyną Nowak"), people known only by a nickname or by
// first name and company, companies named only by their e-mail domain or website, receipts,
// invoices and shipping notices from companies the brain knows (not knowledge), phishing and spam in
// French, German, Spanish and Japanese, documents dated by an "as of" / "Stand:" / "En date du" /
// "更新日" / "по состоянию на" line deep in the text, long documents naming their subject late, and
// chats in German, Italian, Dutch and Korean with dates in their own formats. New seed pages
// (Russian, Polish, German, Finnish, Italian, Dutch and Korean companies) so nothing here matches
// what earlier sets tuned for.
import type { EvalItem } from './items.js';

const P = (slug: string) => `people/${slug}.md`;
const C = (slug: string) => `companies/${slug}.md`;
const J = (slug: string) => `projects/${slug}.md`;

function page(folder: string, type: string, slug: string, title: string, fields: Record<string, string>, body: string): { path: string; markdown: string } {
  const fm = Object.entries(fields).map(([k, v]) => `${k}: ${v}`);
  return { path: `${folder}/${slug}.md`, markdown: ['---', `title: ${title}`, `type: ${type}`, ...fm, '---', `# ${title}`, '', body, ''].join('\n') };
}

/** Pages this set needs on top of SEED_PAGES. */
export const DEV8_SEED_PAGES: Array<{ path: string; markdown: string }> = [
  page('people', 'person', 'dmitry-ivanov', 'Дмитрий Иванов', { email: 'd.ivanov@severtech.ru', company: '"[[companies/severtech]]"', aliases: '[Dmitry Ivanov, Dima]', role: 'Технический директор' }, 'CTO of Severtech, Saint Petersburg.'),
  page('companies', 'company', 'severtech', 'Севертех', { domain: 'severtech.ru', aliases: '[Severtech]' }, 'Russian industrial IoT vendor; supplier.'),
  page('people', 'person', 'katarzyna-nowak', 'Katarzyna Nowak', { email: 'k.nowak@wislasoft.pl', company: '"[[companies/wislasoft]]"', role: 'Kierownik projektu' }, 'Project manager at Wisłasoft, Kraków.'),
  page('companies', 'company', 'wislasoft', 'Wisłasoft', { domain: 'wislasoft.pl' }, 'Polish software house; contractor.'),
  page('people', 'person', 'thomas-mueller', 'Thomas Müller', { email: 't.mueller@bergmann-ag.de', company: '"[[companies/bergmann]]"', role: 'Bereichsleiter Instandhaltung' }, 'Head of maintenance at Bergmann.'),
  page('companies', 'company', 'bergmann', 'Bergmann AG', { domain: 'bergmann-ag.de', aliases: '[Bergmann]' }, 'German mining equipment maker; customer.'),
  page('people', 'person', 'aino-virtanen', 'Aino Virtanen', { email: 'aino@kettu.fi', company: '"[[companies/kettu]]"', role: 'CEO' }, 'Founder of Kettu.'),
  page('companies', 'company', 'kettu', 'Kettu Oy', { domain: 'kettu.fi' }, 'Finnish forestry analytics start-up; partner.'),
  page('people', 'person', 'giulia-romano', 'Giulia Romano', { email: 'giulia@marenostro.it', company: '"[[companies/marenostro]]"', aliases: '[Giuli]', role: 'Responsabile acquisti' }, 'Purchasing at Mare Nostro.'),
  page('companies', 'company', 'marenostro', 'Mare Nostro Srl', { domain: 'marenostro.it', aliases: '[Mare Nostro]' }, 'Italian shipping line; customer.'),
  page('people', 'person', 'pieter-de-vries', 'Pieter de Vries', { email: 'pieter@tulpdata.nl', company: '"[[companies/tulpdata]]"', role: 'Data engineer' }, 'Engineer at TulpData.'),
  page('companies', 'company', 'tulpdata', 'TulpData B.V.', { domain: 'tulpdata.nl', aliases: '[TulpData]' }, 'Dutch data platform; supplier.'),
  page('people', 'person', 'park-jihoon', 'Park Ji-hoon', { email: 'jihoon@hangang-robotics.kr', company: '"[[companies/hangang]]"', aliases: '[박지훈, Jihoon]', role: 'Sales lead' }, 'Sales at Hangang Robotics, Seoul.'),
  page('companies', 'company', 'hangang', 'Hangang Robotics', { domain: 'hangang-robotics.kr', aliases: '[한강로보틱스]' }, 'Korean warehouse robot maker; supplier.'),
  page('projects', 'project', 'polaris', 'Project Polaris', { aliases: '[Polaris]', status: 'active' }, 'Predictive maintenance rollout with Bergmann and Severtech sensors.'),
];

const filler = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    `${i + 1}. General considerations. Predictive maintenance programmes usually start with a survey of the installed base, a baseline of failure rates and a list of the assets whose downtime costs the most. Vibration, temperature and current sensors are fitted first to rotating equipment; the data is then sampled at a rate that the network can carry without gaps.`,
  ).join('\n\n');

export const DEV8_ITEMS: EvalItem[] = [
  // ---------------------------------------------------------------- meetings: inflected names
  {
    id: 'd8-m01-russian-instrumental',
    kind: 'meeting',
    upload: {
      filename: 'встреча севертех.txt',
      content: `Встреча с Дмитрием Ивановым (Севертех)
Дата: 12.03.2027
Участники: Дмитрий Иванов, Олег Смирнов

- Обсудили с Ивановым сроки поставки датчиков вибрации для проекта Polaris: первая партия — 400 штук к 15 апреля.
- Севертех готов дать скидку 8% при заказе от 1000 штук.
Решение: заказываем 1000 датчиков, Олег готовит договор.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('dmitry-ivanov'), C('severtech'), J('polaris')],
    date: '2027-03-12',
  },
  {
    id: 'd8-m02-polish-instrumental',
    kind: 'meeting',
    upload: {
      filename: 'notatki wislasoft.md',
      content: `# Spotkanie z Katarzyną Nowak
Data: 3 lutego 2027
Obecni: Katarzyna Nowak (Wisłasoft), Marek Zieliński

Notatki
- Wisłasoft przejmie budowę panelu serwisowego; Katarzyna szacuje 14 tygodni pracy dwóch programistów.
- Umówiliśmy się na stawkę 620 zł za osobodzień.

Decyzja: podpisujemy umowę ramową z Wisłasoftem do końca lutego.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('katarzyna-nowak'), C('wislasoft')],
    date: '2027-02-03',
  },
  {
    id: 'd8-m03-german-herrn-genitive',
    kind: 'meeting',
    upload: {
      filename: 'Gesprächsnotiz Bergmann.txt',
      content: `Gesprächsnotiz – Termin bei der Bergmann AG in Bochum
Datum: 21.01.2027
Teilnehmer: Herr Müller (Bergmann AG), Frau Schulz, Herr Becker

Herrn Müllers Vorschlag: die Pilotanlage für Polaris wird im Werk Bochum aufgebaut, nicht in Essen.
Herr Müller sagte zu, bis Ende Februar die Wartungsprotokolle der letzten drei Jahre zu liefern.
Beschluss: Start der Pilotphase am 1. April 2027.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('thomas-mueller'), C('bergmann'), J('polaris')],
    date: '2027-01-21',
  },
  {
    id: 'd8-m04-finnish-genitive',
    kind: 'meeting',
    upload: {
      filename: 'palaveri kettu.txt',
      content: `Palaveri Aino Virtasen kanssa
Päivämäärä: 4.2.2027
Paikalla: Aino Virtanen (Kettu Oy), Mikko Laine

- Kettu Oy:n metsäanalytiikka voidaan liittää rajapintaan maaliskuussa.
- Ainon mukaan hinta on 1 200 euroa kuukaudessa.
Päätös: aloitetaan kolmen kuukauden kokeilu.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('aino-virtanen'), C('kettu')],
    date: '2027-02-04',
  },
  {
    id: 'd8-m05-nickname-firstname-company',
    kind: 'meeting',
    upload: {
      filename: 'call notes.txt',
      content: `Call with Dima and Katarzyna — Feb 18, 2027

Dima (Severtech) confirmed the sensor firmware supports MQTT over TLS.
Katarzyna from Wisłasoft will build the ingestion service against it.
We agreed the gateway config is owned by Severtech.
Next step: joint test on March 1.
`,
    },
    worth: true,
    own: 'meetings/',
    touch: [P('dmitry-ivanov'), C('severtech'), P('katarzyna-nowak'), C('wislasoft')],
    date: '2027-02-18',
  },
  // ---------------------------------------------------------------- documents: late dates, late subjects
  {
    id: 'd8-d01-german-stand',
    kind: 'document',
    upload: {
      filename: 'Wartungsrichtlinie.md',
      content: `# Wartungsrichtlinie für Förderanlagen

## 1. Geltungsbereich
Diese Richtlinie gilt für alle Förderbänder, Brecher und Siebanlagen in den Werken.

## 2. Intervalle
Förderbänder werden alle 500 Betriebsstunden inspiziert. Brecher werden monatlich geprüft.

## 3. Zustandsüberwachung
Schwingungssensoren melden Abweichungen an die Leitwarte. Ab einem Schwellwert von 7,1 mm/s wird ein Auftrag angelegt.

## 4. Verantwortung
Verantwortlich ist die Instandhaltung der Bergmann AG; Ansprechpartner ist Thomas Müller.

Stand: 15. März 2027
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('bergmann'), P('thomas-mueller')],
    date: '2027-03-15',
  },
  {
    id: 'd8-d02-french-en-date-du',
    kind: 'document',
    upload: {
      filename: 'protocole accord.txt',
      content: `PROTOCOLE D'ACCORD

Entre les soussignés :
La société Mare Nostro Srl, société de droit italien, dont le siège est à Gênes, représentée par Mme Giulia Romano, responsable des achats,
Et notre société, ci-après « le Prestataire ».

Article 1 – Objet
Le Prestataire fournit à Mare Nostro un service de suivi des conteneurs frigorifiques.

Article 2 – Durée
Le présent protocole est conclu pour une durée de deux ans.

Article 3 – Prix
Le prix est fixé à 2,10 € par conteneur et par jour.

Fait en deux exemplaires.
En date du 2 avril 2027
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('marenostro'), P('giulia-romano')],
    date: '2027-04-02',
  },
  {
    id: 'd8-d03-japanese-koushinbi',
    kind: 'document',
    upload: {
      filename: '製品仕様書.md',
      content: `# 倉庫ロボット HR-7 製品仕様書

## 概要
HR-7は棚搬送型の自律移動ロボットです。最大積載量は600kgです。

## 仕様
- 走行速度：最大1.5 m/s
- 連続稼働時間：10時間
- 充電時間：2時間

## 保守
年1回の定期点検が必要です。

発行元：Hangang Robotics（한강로보틱스）日本支社
更新日：2027年5月10日
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('hangang')],
    date: '2027-05-10',
  },
  {
    id: 'd8-d04-long-as-of-late-subject',
    kind: 'document',
    upload: {
      filename: 'pdm-market-review.txt',
      content: `Predictive Maintenance Platforms: A Review

${filler(12)}

Vendor notes (as of June 1, 2027)

TulpData B.V. offers the most complete pipeline of the vendors reviewed: managed ingestion, a feature store and alerting. Pieter de Vries walked us through the ingestion limits (50,000 messages per second per tenant).
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('tulpdata'), P('pieter-de-vries')],
    date: '2027-06-01',
  },
  {
    id: 'd8-d05-russian-po-sostoyaniyu',
    kind: 'document',
    upload: {
      filename: 'отчёт о поставках.txt',
      content: ['Отчёт о поставках датчиков', 'Поставщик: Севертех', 'Отгружено 400 датчиков вибрации, из них 12 возвращены по гарантии.', 'Средний срок поставки составил 19 дней.', 'Данные приведены по состоянию на 1 апреля 2027 г.', ''].join('\n'),
    },
    worth: true,
    own: 'sources/',
    touch: [C('severtech')],
    date: '2027-04-01',
  },
  {
    id: 'd8-d06-website-only',
    kind: 'document',
    upload: {
      filename: 'pricing notes.md',
      content: `# Notes on the kettu.fi pricing page

Last updated: 2027-02-20

The pricing page at https://www.kettu.fi/pricing lists three plans: Metsä (up to 500 ha), Pro (up to 10,000 ha) and Enterprise. API access is only on Pro and above. We would need Pro for the pilot.
`,
    },
    worth: true,
    own: 'sources/',
    touch: [C('kettu')],
    date: '2027-02-20',
  },
  // ---------------------------------------------------------------- sessions: chats in their own formats
  {
    id: 'd8-s01-whatsapp-german-android',
    kind: 'session',
    upload: {
      filename: 'WhatsApp Chat mit Thomas Müller.txt',
      content: `21.01.27, 16:02 - Nachrichten und Anrufe sind Ende-zu-Ende-verschlüsselt. Tippe, um mehr zu erfahren.
21.01.27, 16:05 - Thomas Müller: Danke für den Besuch heute! Die Protokolle schicke ich bis Ende Februar.
21.01.27, 16:07 - Jan Becker: Super, danke. Sollen wir die Sensoren schon im März liefern?
21.01.27, 16:11 - Thomas Müller: Ja, wir haben entschieden: Lieferung nach Bochum am 15.03., Einbau durch unser Team.
21.01.27, 16:12 - Jan Becker: <Medien ausgeschlossen>
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('thomas-mueller')],
    allow: [C('bergmann')],
    date: '2027-01-21',
  },
  {
    id: 'd8-s02-italian-chat',
    kind: 'session',
    upload: {
      filename: 'chat giuli.txt',
      content: `[05/02/27, 10:15:03] Giuli: Ciao! Mare Nostro ha approvato il budget per il monitoraggio dei container frigo
[05/02/27, 10:16:40] Luca Ferri: Ottimo! Per quante navi?
[05/02/27, 10:18:12] Giuli: Per iniziare 6 navi, poi tutta la flotta da settembre se va bene
[05/02/27, 10:20:55] Luca Ferri: Perfetto, preparo il contratto e te lo mando lunedì
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('giulia-romano'), C('marenostro')],
    date: '2027-02-05',
  },
  {
    id: 'd8-s03-dutch-chat',
    kind: 'session',
    upload: {
      filename: 'WhatsApp-chat met Pieter.txt',
      content: `[12-03-2027 09:41:22] Pieter de Vries: Goedemorgen! De nieuwe ingestielimiet bij TulpData staat live, 50k berichten per seconde.
[12-03-2027 09:43:05] Sanne Bakker: Top, dan kunnen we de Bochum-sensoren er direct op aansluiten.
[12-03-2027 09:44:51] Pieter de Vries: Ja. We hebben besloten de eerste maand geen extra kosten te rekenen.
[12-03-2027 09:46:10] Sanne Bakker: Dank je, ik zet het in de planning.
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('pieter-de-vries'), C('tulpdata')],
    date: '2027-03-12',
  },
  {
    id: 'd8-s04-kakaotalk-korean',
    kind: 'session',
    upload: {
      filename: 'KakaoTalk_Chat_박지훈.txt',
      content: `박지훈 님과 카카오톡 대화
저장한 날짜 : 2027-03-08 18:02:11

--------------- 2027년 3월 5일 금요일 ---------------
[박지훈] [오후 2:13] 안녕하세요, 한강로보틱스 박지훈입니다.
[박지훈] [오후 2:14] HR-7 로봇 10대 견적서 보내드렸습니다. 대당 4,200만 원입니다.
[김민수] [오후 2:20] 감사합니다. 검토 후 다음 주에 연락드리겠습니다.
[박지훈] [오후 2:21] 네, 납기는 계약 후 8주입니다.
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('park-jihoon'), C('hangang')],
    date: '2027-03-05',
  },
  {
    id: 'd8-s05-domain-only-chat',
    kind: 'session',
    upload: {
      filename: 'chat.md',
      content: `**User:** The folks at tulpdata.nl quoted us €3,400 a month for the managed pipeline. Is that reasonable for ~2,000 sensors at 1 Hz?

**Assistant:** 2,000 sensors at 1 Hz is about 173 million points a day. At that volume €3,400/month for a managed pipeline with alerting is within the usual range; self-hosting would cost less in licences but needs at least half an engineer.

**User:** OK, we decided to take the managed offer for the first year.

**Assistant:** Sensible. Ask for a clause that lets you export the raw data at the end of the term.
`,
    },
    worth: true,
    own: 'notes/',
    touch: [C('tulpdata')],
    date: 'upload',
  },
  {
    id: 'd8-s06-russian-chatgpt-genitive',
    kind: 'session',
    upload: {
      filename: 'чат про датчики.txt',
      content: `Вы сказали:
Мы договорились с Ивановым из Севертеха о поставке 1000 датчиков по 42 евро. Это хорошая цена?
ChatGPT сказал:
Для промышленных датчиков вибрации с беспроводной передачей 42 евро за штуку — ниже средней рыночной цены (обычно 55–80 евро). Уточните у Севертеха условия гарантии и калибровки.
Вы сказали:
Хорошо, решили подписывать. Гарантия два года.
ChatGPT сказал:
Тогда зафиксируйте в договоре сроки замены неисправных датчиков.
`,
    },
    worth: true,
    own: 'notes/',
    touch: [P('dmitry-ivanov'), C('severtech')],
    date: 'upload',
  },
  // ---------------------------------------------------------------- junk: receipts from known companies, phishing, spam
  {
    id: 'd8-j01-invoice-known-german',
    kind: 'junk',
    upload: {
      filename: 'Rechnung 2027-0113.eml',
      content: `From: Bergmann AG Buchhaltung <rechnung@bergmann-ag.de>
To: ap@ourcompany.com
Subject: Ihre Rechnung Nr. 2027-0113
Date: Mon, 01 Feb 2027 06:00:00 +0100

Sehr geehrte Damen und Herren,

anbei erhalten Sie Ihre Rechnung Nr. 2027-0113 vom 01.02.2027.

Rechnungsbetrag: 4.380,00 EUR
Fällig am: 15.02.2027

Bitte überweisen Sie den Betrag unter Angabe der Rechnungsnummer.

Mit freundlichen Grüßen
Bergmann AG – Buchhaltung
`,
    },
    worth: false,
    date: 'upload',
  },
  {
    id: 'd8-j02-shipping-known-english',
    kind: 'junk',
    upload: {
      filename: 'shipped.eml',
      content: `From: Hangang Robotics Store <no-reply@hangang-robotics.kr>
To: orders@ourcompany.com
Subject: Your order #HR-20931 has shipped
Date: Tue, 09 Mar 2027 02:14:00 +0900

Good news! Your order #HR-20931 is on its way.

Items: 2 x HR-7 spare battery pack
Carrier: DHL Express
Tracking number: 1234567890
Estimated delivery: March 12, 2027

Track your package: https://hangang-robotics.kr/track/HR-20931
`,
    },
    worth: false,
    date: 'upload',
  },
  {
    id: 'd8-j03-receipt-known-finnish',
    kind: 'junk',
    upload: {
      filename: 'kuitti.eml',
      content: `From: Kettu Oy <laskutus@kettu.fi>
To: ap@ourcompany.com
Subject: Kuitti – maksu vastaanotettu
Date: Fri, 05 Mar 2027 09:00:00 +0200

Kiitos maksustasi!

Kuitti nro 2027-311
Tilaus: Pro-paketti, maaliskuu 2027
Summa: 1 200,00 EUR (sis. ALV 24 %)
Maksutapa: Visa •••• 4242

Tämä on automaattinen viesti, älä vastaa tähän.
`,
    },
    worth: false,
    date: 'upload',
  },
  {
    id: 'd8-j04-invoice-known-dutch',
    kind: 'junk',
    upload: {
      filename: 'factuur.txt',
      content: `TulpData B.V.
Factuur

Factuurnummer: TD-2027-0452
Factuurdatum: 01-04-2027
Vervaldatum: 01-05-2027

Omschrijving                        Bedrag
Managed pipeline, april 2027        € 3.400,00
BTW 21%                             €   714,00
Totaal                              € 4.114,00

Gelieve het totaalbedrag binnen 30 dagen over te maken op IBAN NL91 ABNA 0417 1643 00.
`,
    },
    worth: false,
    date: 'upload',
  },
  {
    id: 'd8-j05-phishing-french',
    kind: 'junk',
    upload: {
      filename: 'alerte.eml',
      content: `From: Service Client <securite@credit-agricole-verif.com>
To: client@ourcompany.com
Subject: Votre compte a été suspendu
Date: Wed, 10 Mar 2027 03:12:00 +0100

Cher client,

Nous avons détecté une activité inhabituelle sur votre compte. Pour des raisons de sécurité, votre accès a été temporairement suspendu.

Veuillez confirmer vos informations dans les 24 heures en cliquant sur le lien ci-dessous, faute de quoi votre compte sera définitivement bloqué :
https://credit-agricole-verif.com/connexion

Cordialement,
Le service sécurité
`,
    },
    worth: false,
    date: 'upload',
  },
  {
    id: 'd8-j06-spam-german',
    kind: 'junk',
    upload: {
      filename: 'gewinn.eml',
      content: `From: Gewinnspiel-Team <info@gewinn-aktion24.de>
To: kontakt@ourcompany.com
Subject: Herzlichen Glückwunsch! Sie haben ein iPhone 16 gewonnen
Date: Thu, 11 Mar 2027 11:00:00 +0100

Herzlichen Glückwunsch!

Sie wurden als einer von drei Gewinnern ausgewählt. Um Ihren Preis zu erhalten, bestätigen Sie bitte Ihre Adresse und zahlen Sie eine Versandgebühr von 1,95 €.

Jetzt Gewinn sichern: https://gewinn-aktion24.de/claim

Dieses Angebot ist nur 48 Stunden gültig. Abmelden: https://gewinn-aktion24.de/abmelden
`,
    },
    worth: false,
    date: 'upload',
  },
  {
    id: 'd8-j07-phishing-spanish',
    kind: 'junk',
    upload: {
      filename: 'paquete.eml',
      content: `From: Correos <avisos@correos-envios-es.info>
To: contacto@ourcompany.com
Subject: Su paquete está retenido en aduana
Date: Fri, 12 Mar 2027 08:30:00 +0100

Estimado cliente:

Su paquete con número de seguimiento ES2027339001 está retenido en aduana. Para liberarlo debe abonar una tasa de 1,99 € en las próximas 48 horas.

Pague ahora: https://correos-envios-es.info/pago

Si no realiza el pago, el paquete será devuelto al remitente.
`,
    },
    worth: false,
    date: 'upload',
  },
  {
    id: 'd8-j08-phishing-japanese',
    kind: 'junk',
    upload: {
      filename: '重要なお知らせ.eml',
      content: `From: Amazon.co.jp <account-update@amazon-co-jp.security-check.net>
To: info@ourcompany.com
Subject: 【重要】アカウントの確認が必要です
Date: Sat, 13 Mar 2027 05:00:00 +0900

お客様各位

お客様のアカウントで異常なログインが検出されました。24時間以内に以下のリンクからアカウント情報を確認してください。確認されない場合、アカウントは停止されます。

アカウントを確認する：https://amazon-co-jp.security-check.net/verify

Amazon.co.jp カスタマーサービス
`,
    },
    worth: false,
    date: 'upload',
  },
];
