// The worth-filing check for ambient captures (items without a pinned skill): decide whether
// an item holds anything lasting. "Not worth filing" comes with one human-readable sentence
// the review queue shows; the content itself stays on the item.
import { capitalisedNames, datesIn, nonEmptyLines, normalizeText, parseSessionTranscript, wordCount } from './text.js';
import { mailHeader } from './messageDate.js';
import type { ContentKind } from './classify.js';
import { extractConversation } from './conversation.js';
import { credentialPhishing, spamHits } from './junkSignals.js';

export type WorthFiling = { worth: true; reason: null } | { worth: false; reason: string };

const GREETING = /^(hi|hello|hey|hiya|yo|good (morning|afternoon|evening)|thanks?( you)?|thank you( so much)?|thx|ty|ok(ay)?|cool|great|sounds good|bye|goodbye|cheers|see you|👋|🙏|👍)[\s!.,:;)-]*(there|all|everyone|team|folks)?[\s!.,:;)-]*$/i;
const TEST_MESSAGE = /^(test(ing)?( message| upload| 1 2 3| 123)?|this is (just )?a test( message| upload)?|asdf+|qwerty|foo( bar)?|lorem ipsum.*|ping|hello,? world)[\s!.]*$/i;
const UNSUBSCRIBE = /\bunsubscribe\b|(?<!\p{L})(?:abmelden|abbestellen|se d[ée]sabonner|se d[ée]sinscrire|d[ée]sinscription|d(?:ar(?:se|te)?|a(?:te|se)) de baja|cancelar (?:la )?(?:suscripci[óo]n|inscri[çc][ãa]o)|descadastr(?:ar|e-se)|ne plus recevoir)(?!\p{L})/iu;
const VIEW_IN_BROWSER = /\bview (this email )?in (your )?browser\b/i;
const RECEIVING_BECAUSE = /\byou(?: are|'re) receiving this(?: e-?mail| message)? because\b|\bto stop receiving (?:these|future)\b/i;
/** An auto-reply's subject label in the other languages auto-replies arrive in. */
const AUTOREPLY_SUBJECT_INTL = /^subject:[ \t]*(?:risposta automatica|resposta autom[áa]tica|automatisch antwoord|afwezigheidsbericht|odpowied[źz] automatyczna|otomatik yan[ıi]t|automatische antwort|自動応答|자동 응답)/imu;
const AUTOREPLY_SUBJECT = /^subject:[ \t]*(?:automatic reply|auto(?:matic)?[- ]?(?:reply|response)|out of (?:the )?office|abwesenheitsnotiz|r[ée]ponse automatique|respuesta autom[áa]tica|risposta automatica|resposta autom[áa]tica|automatisch antwoord|afwezigheidsbericht|odpowied[źz] automatyczna|otomatik yan[ıi]t|automatische antwort|自動応答|자동 응답)/imu;
/**
 * "I am away" in the languages auto-replies are written in. A real note says it too ("je suis absente
 * demain, Marta reprend le dossier"): it counts only in an auto-reply's context, see autoReplyContext.
 */
const AWAY_FIRST_PERSON = /(?<!\p{L})(?:sono fuori (?:ufficio|sede)|estou fora do escrit[óo]rio|estoy fuera de la oficina|ik ben (?:momenteel |tot en met \S+ )?afwezig|jestem poza biurem|ofis d[ıi][şs][ıi]nday[ıi]m|je suis absente?|ich bin (?:derzeit |momentan |bis \S+ )?(?:nicht im b[üu]ro|au[ßs]er haus|abwesend))(?!\p{L})/iu;
/** When the writer is back: "back on", "until", "de retour le", "wieder erreichbar ab", "tot en met", "fino al". */
const BACK_ON = /\bback (?:on|in the office|at (?:my desk|work))\b|\buntil\b|(?<!\p{L})(?:de retour (?:le|à partir du|au bureau)|jusqu['’]au|wieder (?:im b[üu]ro|erreichbar|da)|ab dem|bis (?:zum|einschlie[ßs]lich)|tot en met|weer (?:aanwezig|op kantoor|bereikbaar)|vanaf|fino al|di ritorno|rientro (?:il|in ufficio)|de volta|at[ée] (?:o dia|dia)|de vuelta|hasta el|regreso el|do dnia|powr[óo]t|tarihine kadar|kadar)(?!\p{L})/iu;

/** A first-person "I am away" is an auto-reply only under an auto-reply subject, or in a mail that says when the writer is back. */
function autoReplyContext(plain: string, text: string): boolean {
  return AUTOREPLY_SUBJECT.test(plain) || (!!mailHeader(normalizeText(text).split('\n')) && BACK_ON.test(plain));
}

/**
 * "This is an automatic message" in the languages such notices are written in. A notice from a known
 * sender or one that names a page of the brain can still carry a fact ("Dana Lee approved your access to
 * Atlas Jira"): the rule is skipped for those.
 */
const AUTOMATIC_MESSAGE = /\bthis is an? automatic(?:ally (?:generated|sent))? (?:message|e-?mail|notification|reply)\b|(?<!\p{L})(?:dies ist eine automatisch(?:e|[ ]?(?:versendete|generierte|erzeugte)) (?:nachricht|e-?mail)|questo [èe] un messaggio automatico|dit is een automatisch(?: gegenereerd| verzonden)? (?:bericht|e-?mail)|to jest wiadomo[śs][ćc] automatyczna|bu (?:e-posta|mesaj|ileti) otomatik olarak|otomatik (?:bir )?(?:mesaj|e-posta|bildirim)d[ıi]r|esta es una (?:respuesta|notificaci[óo]n) autom[áa]tica)(?!\p{L})|このメールは自動(?:送信|配信)|자동(?:으로)? 발송/iu;
const AUTOMATED = [
  /\bdo not reply\b|\bdo-not-reply\b|\bno-?reply[\w.+-]*@/i,
  /\bthis (?:message|e-?mail) was (?:produced|generated|sent) (?:and distributed )?(?:by|automatically)\b/i,
  UNSUBSCRIBE,
  /\bthis (is an|is a|message was) automated\b|\bautomatically generated\b|\bautomated (message|notification|email)\b/i,
  /\bnotification settings\b|\bmanage (your )?(preferences|notifications)\b/i,
  VIEW_IN_BROWSER,
  /\byour (build|pipeline|deployment|job) (has )?(failed|passed|succeeded)\b/i,
  /\bpassword reset\b|\bverification code\b|\bone-time (pass)?code\b/i,
  RECEIVING_BECAUSE,
  // The same footers in French, German and Spanish mail.
  /(?<!\p{L})(?:vous recevez ce(?:t)? (?:e-?mail|message|courriel)|sie erhalten diese[nm]? (?:e-?mail|newsletter|nachricht)|recibe(?:s)? este (?:correo|mensaje)|est[áa]s? recibiendo este)(?!\p{L})/iu,
  /\breply to this email directly\b|\bview it on (?:github|gitlab)\b/i,
  // "This message was generated automatically, please do not reply" in the other languages mail arrives in.
  /(?<!\p{L})(?:wiadomo[śs][ćc] (?:zosta[łl]a )?wygenerowan[aą] automatycznie|prosimy (?:na ni[ąa] )?nie odpowiada[ćc]|messaggio generato automaticamente|non rispondere a quest[oa]|mensagem (?:gerada )?autom[áa]tica|n[ãa]o responda (?:a )?este|automatisch gegenereerd|reageer niet op dit|automatisch (?:generiert|erstellt)|antworten sie nicht auf diese|message automatique|merci de ne pas r[ée]pondre|ne pas r[ée]pondre [àa] ce|mensaje autom[áa]tico|no responda a este)(?!\p{L})/iu,
  /\bnotification preferences\b|\bunread messages? in\b|\bopen (?:slack|teams|the app) to (?:reply|read|view)\b/i,
  /\bautomated reminder\b|\bthis is an? (?:automated |friendly )?reminder\b/i,
  // E-signature services' status mail (DocuSign, Adobe Sign, Dropbox Sign…).
  /\bdo not share this (?:e-?mail|link)\b|\bthis e-?mail contains a secure link\b|\ball parties have (?:completed|signed)\b|\bview (?:the )?completed document\b/i,
  // A calendar's reply to an invitation ("Accepted: Weekly sync @ Mon…", "Ada has declined this invitation").
  /^subject:\s*(?:accepted|declined|tentative(?:ly accepted)?|tentatively accepted)\s*:|\bhas (?:accepted|declined|tentatively accepted) (?:this|your) (?:invitation|event|meeting)\b|\binvitation from (?:google calendar|outlook)\b/im,
  // A social network's activity digest: profile views, search appearances, connection requests.
  /\bviewed your profile\b|\bappeared in \d+ searches\b|\bsent you a connection request\b|\bwants to connect\b|\bendorsed you\b|\bpeople you may know\b|\btry premium for free\b/i,
  // Out-of-office and other auto-replies.
  /^subject:\s*(?:automatic reply|auto(?:matic)?[- ]?(?:reply|response)|out of (?:the )?office|abwesenheitsnotiz|r[ée]ponse automatique|respuesta autom[áa]tica)\b|\b(?:i am|i'm) (?:currently )?out of (?:the )?office\b|\blimited access to (?:my )?e-?mail\b/im,
  // The same auto-replies in the other languages they arrive in: the subject's label, or "I am out of the office".
  AUTOREPLY_SUBJECT_INTL,
  AUTOMATIC_MESSAGE,
];

/** Receipts and order confirmations: money plus the words shops and ride apps use. */
const RECEIPT = [
  /\breceipt\b|\border confirmation\b|\border #|\border (?:number|no\.?)\b|\binvoice (?:#|number|no\.?)|\binvoice (?:for [\w ]{3,20} )?is (?:now )?(?:available|ready)\b|\bbilling statement\b/i,
  /\bthank(?:s| you) for (?:your (?:order|purchase|payment)|riding|shopping)\b|\byour order\b|\bhas shipped\b|\barriving\b/i,
  /\b(?:order |amount )?total\b\s*:?\s*(?:[$€£¥]|usd|eur|gbp|chf|jpy|cad|aud)?\s?\d|\bamount (?:due|paid|charged)\b|\bpaid with\b|\bpayment method\b|•••• ?\d{4}|\btrip fare\b|\bsubtotal\b/i,
  // The same three signals in the languages invoices and receipts arrive in: the document's own name
  // and number, the thanks for a payment or an order, and the amount to pay or paid.
  /(?<!\p{L})(?:rechnung(?:snummer| nr\.?| no\.?)|ihre rechnung|quittung|facture n[°o]|num[ée]ro de facture|re[çc]u de paiement|factura n[.°º]|n[úu]mero de factura|recibo de (?:pago|compra)|fattura n|factuur(?:nummer)?|kuitti(?: nro)?|laskun? (?:numero|nro)|faktura(?: nr| vat)?|paragon fiskalny|領収書|請求書|영수증|청구서)(?!\p{L})/iu,
  /(?<!\p{L})(?:vielen dank f[üu]r ihre (?:bestellung|zahlung)|merci pour votre (?:commande|paiement|achat)|gracias por su (?:compra|pedido|pago)|grazie per il tuo (?:ordine|acquisto)|bedankt voor (?:je|uw) (?:bestelling|betaling)|kiitos (?:maksustasi|tilauksestasi)|dzi[ęe]kujemy za (?:zam[óo]wienie|p[łl]atno[śs][ćc])|ihre bestellung wurde versandt|votre colis a [ée]t[ée] exp[ée]di[ée])(?!\p{L})/iu,
  /(?<!\p{L})(?:rechnungsbetrag|gesamtbetrag|zahlbetrag|montant (?:total|ttc|d[ûu])|total ttc|importe total|totale (?:fattura|da pagare)|totaalbedrag|yhteens[äa]|do zap[łl]aty|maksutapa|zahlungsart|合計金額|お支払い金額|결제 금액)(?!\p{L})/iu,
];
/**
 * Words that name a due day or a sum in any text ("Échéance du projet", "fällig am 15.04.", "Scadenza:
 * 30 giorni"): a receipt's amount signal only with a sum of money beside them on their line.
 */
const RECEIPT_DUE_WORDS = /(?<!\p{L})(?:summa|totaal|f[äa]llig (?:am|bis)|vervaldatum|[ée]ch[ée]ance|er[äa]p[äa]iv[äa]|fecha de vencimiento|scadenza)(?!\p{L})/giu;
/** How far either side of a due word its sum may stand, on the same line. */
const DUE_AMOUNT_REACH = 60;
/** A sum of money: a currency beside digits, or digits with two decimals ("120,00"; not a date's "15.04.2027"). */
const MONEY = /(?:[$€£¥]|(?<!\p{L})(?:eur|usd|gbp|chf|pln|sek|nok|dkk)(?!\p{L}))[ \t]?\d|\d[ \t]?(?:[$€£]|(?:eur|usd|chf|pln|zł|kr)(?!\p{L}))|(?<![\d.,])\d{1,3}(?:[. ]\d{3})*[.,]\d{2}(?![\d.,])/iu;
/** A contract or an agreement in its title: its fees, invoices and due days are terms, not a receipt. */
const CONTRACT_TITLE = /(?<!\p{L})(?:contract|agreement|vertrag|vereinbarung|contratto|contrat|contrato|overeenkomst|umowa|sopimus|avtal)(?!\p{L})/iu;

/** Receipt signals in a text: the RECEIPT patterns, and a due word with a sum beside it. */
function receiptHits(plain: string): number {
  let n = RECEIPT.filter((re) => re.test(plain)).length;
  if (RECEIPT[RECEIPT.length - 1]!.test(plain)) return n;
  for (const m of plain.matchAll(RECEIPT_DUE_WORDS)) {
    const start = Math.max(plain.lastIndexOf('\n', m.index) + 1, m.index - DUE_AMOUNT_REACH);
    const endOfLine = plain.indexOf('\n', m.index);
    const end = Math.min(endOfLine < 0 ? plain.length : endOfLine, m.index + m[0].length + DUE_AMOUNT_REACH);
    if (MONEY.test(plain.slice(start, end))) return n + 1;
  }
  return n;
}

/**
 * Advance-fee fraud in its many wordings: a windfall the writer offers to share (a dead client's
 * deposit, an unclaimed consignment, "present you as the next of kin", "40% of the total sum"),
 * together with a fortune in millions or an ask for a fee or personal details to "proceed".
 */
const WINDFALL =
  /\b(?:(?:as|be) (?:the )?(?:beneficiary|next of kin)|next of kin|died leaving|deceased (?:client|customer|partner)|unclaimed (?:consignment|funds|inheritance|deposit|package)|consignment (?:box|package) (?:valued|registered|worth)|\d{1,2}\s?% of the (?:total )?(?:sum|funds|proceeds|money)|seek your (?:consent|assistance|partnership|cooperation))\b/i;
// `(?<![\d,.])` starts an amount only at its first digit: without it every digit of "1,1,1,…" began a
// new attempt that ran to the end (quadratic on 40 KB).
const FORTUNE = /\b(?:US\s?\$|USD|\$|€|£|EUR|GBP)\s?\d[\d,.]*\s?million\b|(?<![\d,.])\b\d[\d,.]*\s?million\s+(?:us\s+)?(?:dollars|usd|euros?|pounds)\b|\b(?:US\s?\$|USD|EUR|GBP)\s?\d{1,3}(?:,\d{3}){2,}/i;
const FEE_OR_DETAILS =
  /\b(?:clearance|processing|release|transfer|handling) fee\b|(?<!\p{L})(?:tasa de tramitaci[óo]n|frais de (?:dossier|traitement)|bearbeitungsgeb[üu]hr)(?!\p{L})|\b(?:full name|(?:tele)?phone number|bank(?:ing)? details|passport)\b.{0,80}\b(?:proceed|process|release|transfer)\b/iu;

/**
 * Impersonation fraud: a colleague or a boss "in a meeting" asks for gift cards and their codes, or for
 * an urgent wire to a new account kept quiet; whoever it claims to come from, it is not their news.
 */
const GIFT_CARD_ASK = /\b(?:buy|purchase|get|pick up)\b.{0,60}\bgift ?cards?\b[\s\S]{0,200}\b(?:codes?|pins?|scratch|photos? of the back)\b/i;
const WIRE_ASK = /\b(?:process|make|send|initiate|arrange|execute) (?:a |an )?(?:urgent |quick |same-day )?(?:wire|bank transfer|transfer|payment)\b[\s\S]{0,120}\b(?:new (?:vendor|supplier|account|beneficiary)|today|asap|immediately|right away)\b/i;
const SECRECY = /\b(?:keep (?:this|it) (?:confidential|between us|quiet|to yourself)|are you (?:at|on) your desk|are you available\?|reply with your (?:mobile|cell|personal|phone)|i(?:'m| am) (?:in a meeting|travell?ing|boarding) and can(?:not|'t) (?:talk|call))\b/i;

/**
 * A bounce: the mail system's notice that a message could not be delivered ("Undeliverable: …",
 * "Mail delivery failed", "Delivery Status Notification (Failure)"), sent by a mailer daemon or a
 * postmaster, with the failed address and the SMTP error. The quoted original below it is an old
 * message, not news: the notice's subject or sender and one more signal make the item junk, whoever
 * it names.
 */
const BOUNCE = [
  /^\s*(?:subject\s*:\s*)?(?:(?:re|fw|fwd)\s*:\s*)?(?:undeliverable|undelivered mail|delivery status notification|mail delivery (?:failed|failure|system)|returned mail|failure notice|delivery (?:has )?failed|message not delivered|delivery failure|non remis|non distribuable|unzustellbar|nicht zustellbar|no se puede entregar|no entregado|mensaje no entregado)\b/im,
  /\b(?:mailer-daemon|postmaster)@|\bmail delivery (?:subsystem|system|software)\b/i,
  /\bcould not be delivered\b|\bdelivery to the following recipients? (?:failed|has been delayed)\b|\bdelivery has failed to these recipients\b|\bthe following (?:address(?:\(es\)|es)?|recipients?) failed\b|\b(?:wasn'?t|was not|couldn'?t be) delivered\b|\baddress not found\b|\brecipient address rejected\b|\buser unknown\b|\bmailbox (?:is )?(?:full|unavailable|not found|does not exist)\b|\bpermanent (?:error|failure)\b|\b[45]\d\d[ -][45]\.\d{1,3}\.\d{1,3}\b/i,
];

/** Marketing mail: sales, promo codes, shop-now links. */
const MARKETING = [/\b\d{1,2}\s?% (?:off|rabatt|messerabatt|de (?:r[ée]duction|remise|descuento))(?!\p{L})|(?<!\p{L})(?:jetzt [\p{L} %\d]{0,30}sichern|gutscheincode|code promo|c[óo]digo promocional)(?!\p{L})|\bflash sale\b|\bpromo code\b|\buse code\b|\bdiscount code\b|\bcoupon\b/iu, /\bunsubscribe\b|\bat checkout\b|\bshop now\b|\b(?:this )?weekend only\b|\bends (?:tonight|soon|sunday)\b/i];

/** Newsletters: an issue of a list someone subscribed to. */
const NEWSLETTER = [UNSUBSCRIBE, /\bview (?:this email )?in (?:your )?browser\b/i, /\byou(?:'re| are) receiving this\b|\bsubscribed to\b/i, /\bissue #?\d+\b|\bnewsletter\b|\bshare it with a friend\b|\blike this post\b|(?<!\p{L})(?:bolet[ií]n|boletim|infolettre|lettre d['’]information)(?!\p{L})/iu];

/**
 * What only a mail delivered to a list carries: a List-Unsubscribe header, "view this email in your
 * browser", "you are receiving this (because you subscribed)", "to stop receiving", a numbered issue.
 * A web page whose footer merely advertises the site's newsletter ("Get our newsletter. Unsubscribe
 * any time.") has none of these: an article is a document, not a newsletter issue.
 */
const MAILING_LIST = [
  /^list-(?:unsubscribe|id)\s*:/im,
  /\bview (?:this (?:email|e-mail|issue) )?in (?:your )?browser\b/i,
  /\byou(?:'re| are) receiving (?:this|these|notification)\b|\byou (?:subscribed|signed up) (?:to|for|at)\b|\bto stop receiving\b|\bbecause you subscribed\b/i,
  /\bissue #?\d+\b/i,
  /(?<!\p{L})(?:vous recevez ce(?:t)? (?:e-?mail|message|courriel)|sie erhalten diese[nm]? (?:e-?mail|newsletter|nachricht)|weil sie sich (?:angemeldet|registriert) haben|recibe(?:s)? este (?:correo|mensaje)|porque te suscribiste)(?!\p{L})/iu,
  // "If you no longer want these mails…" in Spanish, Portuguese, French, German and Italian list footers.
  /(?<!\p{L})(?:si (?:ya )?no (?:quieres|deseas|desea) recibir|para dejar de recibir|se (?:voc[êe] )?n[ãa]o (?:quiser|deseja) (?:mais )?receber|para deixar de receber|pour ne plus recevoir|si vous ne souhaitez plus recevoir|wenn sie (?:diese|keine) (?:e-?mails?|newsletter|nachrichten) mehr|per non ricevere pi[ùu]|se non desideri pi[ùu] ricevere)(?!\p{L})/iu,
];

/** The footers of a mail sent to a list: who else receives it, how to stop. */
const LIST_FOOTERS = new Set<RegExp>([UNSUBSCRIBE, VIEW_IN_BROWSER, RECEIVING_BECAUSE]);

/**
 * Decide whether an item is worth filing. `kind` is the classifier's verdict. `knownSender`: the
 * item is a mail written by a person the brain has a page for; a letter they send to a list (a
 * portfolio company's investor update) is their own news, so list footers do not make it a
 * newsletter or an automated mail. `namesPage`: the item names a page of the brain, so a short
 * note of three words or more is not too short to hold a fact.
 */
export function checkWorthFiling(rawText: string, kind: ContentKind, opts: { webPage?: boolean; knownSender?: boolean; namesPage?: boolean } = {}): WorthFiling {
  const text = rawText.trim();
  if (!text) return { worth: false, reason: 'The item is empty.' };
  const session = parseSessionTranscript(text);
  const plain = session ? session.turns.map((t) => t.text).join('\n') : text;
  if (session && session.turns.length === 0) return { worth: false, reason: 'The session transcript has no messages.' };

  const lines = nonEmptyLines(plain);
  const words = wordCount(plain);
  if (words === 0) return { worth: false, reason: 'The item holds no words, only symbols or markup.' };
  if (lines.every((l) => GREETING.test(l)) || onlyPleasantries(plain)) return { worth: false, reason: 'The item is only a greeting or a thank-you, with no facts to keep.' };
  if (words <= 12 && lines.every((l) => TEST_MESSAGE.test(l) || GREETING.test(l))) {
    return { worth: false, reason: 'The item looks like a test message.' };
  }
  const hits = (res: RegExp[]) => res.filter((re) => re.test(plain)).length;
  if (!session && hits(BOUNCE) >= 2 && (BOUNCE[0]!.test(plain) || BOUNCE[1]!.test(plain))) return { worth: false, reason: 'The item is a bounce: the mail system says a message could not be delivered. The failed message is an old one, not news; fix the address and resend it if needed.' };
  if (!session && WINDFALL.test(plain) && (FORTUNE.test(plain) || FEE_OR_DETAILS.test(plain))) {
    return { worth: false, reason: 'The item looks like advance-fee fraud (a windfall to share for a fee or your personal details); nothing in it is worth keeping, whoever it names.' };
  }
  if (!session && (GIFT_CARD_ASK.test(plain) || (WIRE_ASK.test(plain) && SECRECY.test(plain)))) {
    return { worth: false, reason: 'The item looks like impersonation fraud (gift cards or an urgent, secret payment asked for in someone\'s name); do not act on it, and check with the person by another channel.' };
  }
  if (!session && spamHits(plain) >= 2) return { worth: false, reason: 'The item looks like spam or phishing (a prize, an urgent account warning or a "click here" link); nothing in it is worth keeping.' };
  if (!session && credentialPhishing(plain)) {
    return { worth: false, reason: 'The item looks like credential phishing (a request to verify an account or reset a password, under pressure or through a suspicious link); do not click its links, and report it to your IT team.' };
  }
  if (!session && hits(MARKETING) >= 2) return { worth: false, reason: 'The item is a marketing e-mail (a sale or a promo code); nothing in it is about your own work.' };
  // A page captured from its web address (not a mail) carries the site's subscription footer as chrome.
  const webPage = !!opts.webPage && !mailHeader(normalizeText(text).split('\n'));
  const fromKnown = !!opts.knownSender && !session;
  if (!session && !webPage && !fromKnown && hits(NEWSLETTER) >= 2 && hits(MAILING_LIST) >= 1) return { worth: false, reason: 'The item is a newsletter issue sent to a mailing list; news about others is not a fact about your own work. File it by hand if one story matters.' };
  if (!session && kind !== 'meeting' && !(kind === 'document' && CONTRACT_TITLE.test(lines.slice(0, 3).join('\n'))) && receiptHits(plain) >= 2 && words < 250) return { worth: false, reason: 'The item is a receipt or order confirmation; keep it in your accounting tool rather than in the brain.' };
  // A document (an article, a web page) whose footer offers to unsubscribe from the site's own
  // newsletter is not an automated mail, unless it was delivered through a list.
  const siteChrome = webPage || (kind === 'document' && hits(MAILING_LIST) === 0);
  const away = !AUTOREPLY_SUBJECT_INTL.test(plain) && AWAY_FIRST_PERSON.test(plain) && autoReplyContext(plain, text) ? 1 : 0;
  const automatedHits = AUTOMATED.filter((re) => !(siteChrome && re === UNSUBSCRIBE) && !(fromKnown && LIST_FOOTERS.has(re)) && !((fromKnown || opts.namesPage) && re === AUTOMATIC_MESSAGE) && re.test(plain)).length + away;
  if (!webPage && (automatedHits >= 2 || (automatedHits === 1 && words < 120))) {
    return { worth: false, reason: 'The item is an automated notification with nothing lasting to keep.' };
  }
  if (kind === 'conversation') {
    const c = extractConversation(text);
    if (!c.decisions.length && !c.facts.length && !c.openQuestions.length && !c.todos.length) {
      return { worth: false, reason: 'The conversation has no decision, new fact or open question worth a page.' };
    }
    return { worth: true, reason: null };
  }
  const hasNumber = /\d/.test(plain);
  const hasName = capitalisedNames(plain).length > 0;
  const hasDate = datesIn(plain).length > 0;
  // A short note that names a page of the brain (in lower case too: "call marta re odra") holds a fact about it.
  const namesPage = !!opts.namesPage && words >= 3;
  if (words < 8 && !hasNumber && !hasName && !hasDate && !namesPage) {
    return { worth: false, reason: 'The item is too short to hold a lasting fact (no name, number or date).' };
  }
  return { worth: true, reason: null };
}

const PLEASANTRY = /\b(hi|hello|hey|hiya|good (?:morning|afternoon|evening|day)|thanks?|thank you|thx|cheers|bye|goodbye|see you|ok(?:ay)?|sure|great|cool|nothing|have a (?:good|nice|great) (?:day|one|evening|weekend)|how can i help(?: you)?(?: today)?|how are you|i'?m fine|there|all|everyone|team|so much|a lot|you|too)\b/gi;

/** True when nothing but greetings, thanks and filler remains once those are taken out. */
function onlyPleasantries(text: string): boolean {
  const rest = text.replace(PLEASANTRY, ' ').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return rest === '' && wordCount(text) <= 40;
}
