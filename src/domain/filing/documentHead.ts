// The head of a letter, contract, quote, policy or report: the lines above its real title that are
// not the title — decoration rules ("=====", "* * *", "────"), the sender's letterhead (a company name
// with its legal form, a street address, a postal code and town, phone, tax and register numbers, a
// web or mail address) and the place-and-date line. Pure and language-neutral: the shapes of these
// lines, not their words, mark them.
import { asciiDigits, datesIn, wordCount } from './text.js';

/** How many non-empty lines from the top a document's head (letterhead, rules, date line, title) may take. */
export const HEAD_WINDOW = 14;

/** A line of rule characters only (and spaces): "=====", "-----", "* * *", "# # #", "────", "＿＿". */
export function isDecorationLine(line: string): boolean {
  const t = line.trim();
  if (!t) return false;
  const marks = t.replace(/\s+/g, '');
  return marks.length >= 3 && !/[\p{L}\p{N}]/u.test(marks);
}

/**
 * A company's legal form, as letterheads write it after (or before) the name. Forms that are also
 * ordinary words in some language ("as", "sa", "ab", "kg", "ag", "ev", "bv") count only in capitals
 * after a capitalised name ("Nordic Shipping AS", "Muster KG"); dotted and unmistakable forms in any case.
 */
const LEGAL_FORM =
  /(?<![\p{L}\p{N}])(?:gmbh|ohg|e\.\s?v\.|s\.\s?a\.|s\.\s?l\.|s\.\s?r\.\s?l\.?|s\.\s?r\.\s?o\.?|s\.\s?p\.\s?a\.?|s\.\s?a\.\s?s\.?|sarl|b\.\s?v\.?|n\.\s?v\.?|ltda\.?|ltd\.?|llc|inc\.|plc|corp\.|a\/s|sp\.?\s?z\s?o\.?\s?o\.?|s\.\s?c\.|kft|zrt|a\.\s?ş\.?|ооо|оао|зао|пао)(?![\p{L}\p{N}])|株式会社|有限会社|合同会社|有限公司|股份有限公司|주식회사|(?<![\p{L}\p{M}])(?:จำกัด|লিমিটেড|लिमिटेड)(?![\p{L}\p{M}])/iu;
const LEGAL_FORM_SHORT = /\p{Lu}[\p{L}&'’-]+,?[ \t]+(?:AG|KG|UG|SA|SL|SRL|SPA|SAS|BV|NV|OY|AB|AS|APS|ApS|Oy|Inc|Corp|EV|SC|АО)(?![\p{L}\p{N}])/u;
const hasLegalForm = (t: string) => LEGAL_FORM.test(t) || LEGAL_FORM_SHORT.test(t);
/**
 * Contact and register fields of a letterhead: a label at the line's start or after a separator,
 * followed by its colon, full stop or number ("Tel. 040 …", "E-Mail: …", "NIP 584-…"); or a value
 * shaped like a web or mail address or a phone number. "Email Retention Policy" or "Swift SDK" is no field.
 */
const CONTACT_LABELS =
  'tel|phone|fon|telefon|t[ée]l[ée]phone|tfno|fax|e-?mail|mail|web|nip|regon|krs|kvk|btw|cif|nif|cnpj|cpf|siret|siren|tva|vat(?: no| reg)?|ust-?id(?:nr)?|steuer-?nr|hrb|hra|p\\.?\\s?iva|partita iva|инн|огрн|кпп|abn|ein|iban|bic|swift';
const CONTACT_FIELD = new RegExp(
  `(?:^|[·|•;,][ \\t]*)(?:${CONTACT_LABELS})(?![\\p{L}])(?:\\.?[ \\t]*[:：]|\\.|[ \\t]*(?:no\\.?|nr\\.?)?[ \\t]*[+(]?\\d)|www\\.[\\w-]+\\.|https?:\\/\\/|@[\\w-]+\\.[a-z]{2,}|(?:\\+|00)\\d{1,3}[\\s\\d()/-]{6,}`,
  'iu',
);
/**
 * A postal code with its town, or a street with its number, in the shapes addresses take ("80-001
 * Gdańsk", "70565 Stuttgart", "4380 AA Vlissingen", "ul. Portowa 12", "Via Roma 21", "12 rue des
 * Arts", "Industriestraße 4", "221B Baker Street", "〒220-0012", "P.O. Box 12"). A year is no postal code,
 * and the town after a postal code has a capital (POSTAL is case-sensitive: "2026 by Radia" is no address).
 * A postal code opens its line or follows a separator ("Top 1000 Companies" is no address); so does a
 * number-first street.
 */
const POSTAL = /(?:^|[,·|•;][ \t]*)(?:[A-Z]{1,2}-)?(?!(?:19|20)\d\d(?!\d))(?:\d{2}-\d{3}|\d{4,5}|\d{3}\s\d{2}|\d{4}\s?[A-Z]{2}|[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}|\d{5}-\d{3}|\d{3}-\d{4})\s+\p{Lu}\p{Ll}+/u;
const ADDRESS =
  /(?<![\p{L}])(?:ul\.|al\.|c\/|calle|avda?\.|av\.|rua|via|viale|piazza|corso|rue|avenue|boulevard|chemin|straße|strasse|str\.|platz|allee|gasse|laan|straat|plein|gracht|ул\.|пр\.|д\.)\s?[\p{L}\p{N} .,'-]{0,40}?\d|\p{L}(?:straße|strasse|weg|platz|laan|straat|gracht|allee|gasse)\s+\d|(?:^|[,·|•;][ \t]*)\d{1,5}[A-Za-z]?,?\s+(?:\p{Lu}[\p{L}'-]+\s+){1,3}(?:street|st\.|road|rd\.|avenue|ave\.?|lane|boulevard|blvd\.?|drive|way)(?![\p{L}])(?![ \t]+\p{L})|(?:^|[,·|•;][ \t]*)\d{1,4},?\s(?:rue|avenue|boulevard|chemin|all[ée]e|place|calle|via)\s|(?<![\p{L}])(?:p\.?\s?o\.?\s?box|postfach|apartado|bo[iî]te postale|caixa postal)\s?\d|ص\.\s?ب\.?|(?<![\p{L}])г\.\s?\p{Lu}|〒\s?\d{3}-?\d{4}/iu;
/** A document's kind named in the line: a title ("Rahmenvertrag Acme GmbH", "Top 1000 Companies Report"), not a letterhead. */
const DOC_KIND =
  /(?<!\p{L})(?:report|survey|agreement|contract|proposal|quotation|quote|offer|policy|plan|strategy|memo|invoice|minutes|statement|notice|specification|guide|angebot|bericht|vertrag|vereinbarung|rapport|verslag|overeenkomst|offerte|contrato|contrat|contratto|informe|propuesta|proposta|umowa|oferta|raport|договор|отч[её]т|предложение)(?!\p{L})|(?<!\p{L})\p{L}{3,40}?(?:vertrag|vereinbarung|bericht|angebot|rapport|verslag|overeenkomst|offerte)(?!\p{L})/iu;
/**
 * A phone number as letterheads in any country write it: an area code with its trunk 0 or in brackets,
 * then groups of digits ("02-123-4567", "(03) 555-1234", "(021) 555-7788"), whatever word labels it.
 */
const REGISTER_NUMBER = /(?<![\p{L}\p{M}])\p{Lu}{2,6}[ \t]?[:：]?[ \t]?\d{6,}(?!\d)/u;
const PHONE_SHAPE = /(?<![\d.,/])(?:\+\d{1,3}[ \t]?)?(?:\(0?\d{1,4}\)|0\d{1,4})[ \t-]\d{3,4}[ \t-]?\d{3,4}(?![\d.,/])/;

/** A mail header's field: a mail has a sender, not a letterhead. */
const MAIL_HEADER_LINE = /^(?:from|to|cc|bcc|date|sent|subject|reply-to|content-type|mime-version|message-id|x-[\w-]+)\s*:/i;
/** A line that opens with a field label ("From:", "Attendees:", "Tel.:"): a letterhead line only when the label is a contact field. */
const LABELLED = /^\s*\p{L}[\p{L} .-]{0,20}\s?[:：]/u;

/** Labels of numbers that are no sender's register: a meeting's, an order's, a book's, a time zone's. */
const NOT_REGISTER = /^(?:ID|PO|ISBN|ISSN|DOI|REF|NO|NR|ORDER|INV|CET|CEST|UTC|GMT|BST|EST|EDT|PST|PDT|PIN|OTP|SKU|EAN|UPC|IMEI|MEETING|ZOOM)$/;

/**
 * A phone number or a tax or register number standing as a letterhead writes it ("ΑΦΜ 099999999",
 * "電話：(03) 555-1234", "โทร. 02-123-4567"): labelled by nothing, a label or a separator before it, no
 * word of a sentence ("Call me on 020 …") and no lowercase word after it ("CET 20260315 build").
 */
function numberField(t: string): boolean {
  const phone = PHONE_SHAPE.exec(t);
  if (phone) {
    const before = t.slice(0, phone.index);
    const after = t.slice(phone.index + phone[0].length);
    if (/(?:^|[:：.·|•,;\u3000]|[\p{Lo}\p{M}])[ \t]*$/u.test(before) && !/^[ \t]*\p{Ll}/u.test(after)) return true;
  }
  const reg = REGISTER_NUMBER.exec(t);
  if (!reg) return false;
  const label = /^\p{Lu}+/u.exec(reg[0])![0];
  return !NOT_REGISTER.test(label) && !/^[ \t]*\p{Ll}/u.test(t.slice(reg.index + reg[0].length));
}

/**
 * Letterhead lines read down from the top, one call a line: a bare phone or register number counts
 * only right under another letterhead line (blank lines skipped, any other line breaks the chain).
 * document.ts and eventDate.ts read a head's leading run with it, so a third number line under a
 * letterhead is judged alike in both.
 */
export function letterheadChain(): (line: string) => boolean {
  let under = false;
  return (line: string) => {
    const t = line.trim();
    if (!t) return false;
    under = isLetterheadLine(t, under);
    return under;
  };
}

/**
 * A line of a letterhead: the sender's name with a legal form, an address, a contact or register field.
 * A bare phone or register number counts only right under another letterhead line (`afterLetterhead`):
 * alone in a note ("Zoom ID 81234567890", "(03) 555 1234") it is the note's.
 */
export function isLetterheadLine(line: string, afterLetterhead = false): boolean {
  // Digits of any script read as ASCII, so a Bengali or Thai postal code or phone number counts.
  const t = asciiDigits(line.trim());
  if (!t || t.length > 140) return false;
  if (/[.!?]$/.test(t) && !/(?:\b(?:inc|ltd|corp|ltda|s\.a|s\.l|b\.v|n\.v|e\.v|s\.r\.l|s\.p\.a|sp\. z o\.o)\.|\bS\.A\.)$/iu.test(t)) return false;
  if (LABELLED.test(t)) return CONTACT_FIELD.test(t.slice(0, 12)) && !/^\s*(?:from|to|cc|bcc|reply-to|sender|date|sent|subject|attendees|participants)\s*:/i.test(t);
  // A phone number or a tax or register number ("ЄДРПОУ 12345678", "ΑΦΜ 099999999", "IČO 12345678"), in any language.
  // A bare phone or register number: under another letterhead line, or beside an address or a legal
  // form on its own line ("Vltava Chlazení s.r.o., Na Florenci 15, 110 00 Praha 1, IČO 12345678").
  if (CONTACT_FIELD.test(t) || (numberField(t) && (afterLetterhead || POSTAL.test(t) || ADDRESS.test(t) || hasLegalForm(t)))) return true;
  // A line naming a document's kind is its title, whatever company or number it names.
  if (DOC_KIND.test(t)) return false;
  if ((POSTAL.test(t) && wordCount(t) <= 8) || ADDRESS.test(t)) return true;
  // A company's name with its legal form, alone on its line and short ("BAŁTYK STOCZNIA S.A.", "Zeeland Haven B.V.").
  return hasLegalForm(t) && wordCount(t) <= 10;
}

/** A letter's place-and-date line ("Gdańsk, 14 kwietnia 2026", "Madrid, a 2 de febrero de 2026") or a date alone on its line. */
export function isDateLine(line: string): boolean {
  const t = line.trim();
  if (!t || t.length > 80 || !datesIn(t).length) return false;
  // What stands before the date is nothing, a place and a comma ("Madrid, a 2 de …", "Stuttgart, den …"),
  // a label ("Datum:", "التاريخ:") or one word ("April 14, 2026"): not a note's words ("mtg w/ Dima @ X 17/9/26").
  const plain = asciiDigits(t);
  // A chat's stamped message ("14/03/2026, 10:14 - Ana: hi") or a date over a time is no date line.
  if (/(?<!\d)\d{1,2}:\d{2}(?!\d)/.test(plain) || /[-–—]\s*\p{Lu}[\p{L} .'-]{0,40}:/u.test(plain)) return false;
  const prefix = plain.slice(0, Math.max(plain.search(/\d/), 0)).trim();
  const placed = prefix === '' || /[,:：]$/u.test(prefix.replace(/\s+\p{L}{1,3}$/u, '')) || (wordCount(prefix) <= 1 && !/[^\p{L}]/u.test(prefix));
  if (!placed) return false;
  // What is left once the date's digits and month words are removed: a place at most.
  const rest = t.replace(/\d+/g, ' ').replace(/[\p{P}\p{S}]/gu, ' ').trim();
  return wordCount(rest) <= 6;
}

/** A salutation or a labelled field, which is not a title either ("Dear Sir,", "Datum: …", "Ref.: …"). */
function isFieldOrSalutation(line: string): boolean {
  const t = line.trim();
  return /[,:]$/.test(t) || /^[\p{L} .-]{1,30}\s?[:：]\s*\S/u.test(t);
}

/**
 * A title written as "Kind: subject" ("Proposta comercial: embalagens para a safra") looks like a
 * field; it is the title when it stands alone (no field line beside it) and its value reads as words.
 */
function loneTitleField(lines: string[], i: number): boolean {
  const t = lines[i]!.trim();
  const m = /^([\p{L} .]{1,30}?)\s?[:：]\s*(\S.*)$/u.exec(t);
  if (!m || /[,:]$/.test(t) || wordCount(m[2]!) < 3 || /\d/.test(m[2]!) || /@/.test(m[2]!)) return false;
  const near = (d: number) => {
    for (let k = i + d; k >= 0 && k < lines.length; k += d) {
      const l = lines[k]!.trim();
      if (l) return l;
    }
    return '';
  };
  const field = (l: string) => /^\s*\p{L}[\p{L} .-]{0,30}\s?[:：]\s*\S/u.test(l);
  return !field(near(-1)) && !field(near(1));
}

/**
 * A short line ending in a dotted legal form ("Α.Ε.", "S.A.", "s.r.o.", "sp. z o.o."), which is no
 * sentence's end; "p.m.", "e.g." and "i.e." end sentences. A lowercase one must be a known legal form.
 */
const DOTTED_END = /(?<![\p{L}\p{M}])(?:[\p{L}\p{M}]{1,3}\.){2,6}$/u;
/** How much of a line's end DOTTED_END reads: six dotted parts of three letters at most, plus a space ("sp. z o.o."). */
export const DOTTED_END_WINDOW = 24;
const LOWERCASE_LEGAL_END = /(?<![\p{L}\p{M}])(?:s\.r\.o|a\.s|s\.a|s\.l|b\.v|n\.v|e\.v|s\.p\.a|s\.r\.l|s\.a\.s|d\.o\.o|o\.o|k\.k|e\.k|a\.ş|s\.c|s\.n\.c|o\.e|e\.e|a\.e|ε\.π\.ε|α\.ε|ο\.ε|ε\.ε)\.$/iu;
export function dottedLegalEnd(line: string): boolean {
  // Only the line's last characters are read: a long line of marks and dots made the pattern quadratic.
  const end = line.trim().slice(-DOTTED_END_WINDOW);
  const m = DOTTED_END.exec(end);
  if (!m) return false;
  return /\p{Lu}/u.test(m[0]) ? !/^(?:[AP]\.M\.|E\.G\.|I\.E\.|N\.B\.|P\.S\.)$/.test(m[0]) : LOWERCASE_LEGAL_END.test(end);
}

/** A line that may be an address between a sender's name and its contact line: short, with a number, no sentence. */
function addressLike(line: string): boolean {
  const t = line.trim();
  return t !== '' && t.length <= 120 && /\p{N}/u.test(t) && !/[.!?。:]$/.test(t) && !isDecorationLine(t);
}

/**
 * The sender's name without a known legal form, over its address: a letterhead line too ("Nakheel Logistics" /
 * "P.O. Box …"); also when an address in a shape not known here stands between it and a contact line
 * ("บริษัท … จำกัด" / "เลขที่ 88 ถนนบางนา … 10260" / "โทร. 02-123-4567").
 */
function nameOverAddress(line: string, next: string, afterNext = '', afterLetterhead = false): boolean {
  if (next.trim() === '' || isDecorationLine(line) || isDecorationLine(next) || wordCount(line) > 6 || (/[.!?。:]$/.test(line) && !dottedLegalEnd(line))) return false;
  if (isLetterheadLine(next)) return true;
  // A bare number under it is letterhead only in a block of them (after a letterhead line, or over
  // another) or under a company's name with its dotted legal form ("… Α.Ε." / "ΑΦΜ 099999999").
  const afterIsHead = afterNext.trim() !== '' && !isDecorationLine(afterNext) && isLetterheadLine(afterNext, true);
  if (isLetterheadLine(next, true)) return afterLetterhead || afterIsHead || dottedLegalEnd(line);
  return addressLike(next) && afterIsHead;
}

/** The head of a formal document: its real title, where it stands, and what stands above it. */
export interface DocumentHead {
  title: string | null;
  /** Index of the title among the lines given; -1 without one. */
  index: number;
  letterhead: number;
  decoration: number;
  dateLine: boolean;
}

/** Read the head: the lines above the real title that are letterhead, decoration or a date line. */
export function documentHead(lines: string[], maxLines = HEAD_WINDOW): DocumentHead {
  const head: DocumentHead = { title: null, index: -1, letterhead: 0, decoration: 0, dateLine: false };
  // Frontmatter ("---" … "---") is metadata, not a rule above a title.
  let start = 0;
  if (lines[0]?.trim() === '---') {
    const close = lines.findIndex((l, k) => k > 0 && l.trim() === '---');
    if (close > 0) start = close + 1;
  }
  const window = lines.slice(start, start + maxLines);
  // Whether the line above was the letterhead's: a bare phone or register number counts only under one.
  let underHead = false;
  for (const [i, raw] of window.entries()) {
    if (isDecorationLine(raw)) {
      head.decoration++;
      continue;
    }
    const t = raw.replace(/^#{1,6}\s+/, '').replace(/\*\*|__/g, '').trim();
    if (!t) continue;
    // A mail's header or a list item: no letter's head (a mail has no letterhead; a list is the body).
    // A chat's or a log's stamped line ("[03-Oct-26 10:14 AM] Ada", "10:14 Ada:") is no title either.
    if (MAIL_HEADER_LINE.test(t) || /^(?:[-*+•]|\d+[.)])\s/.test(t) || /^[[<(]|^\d{1,2}:\d{2}(?!\d)|\s\d{1,2}:\d{2}(?:\s?[ap]\.?m\.?)?$/i.test(t)) return head;
    const afterHead = underHead;
    underHead = false;
    if (isDecorationLine(t)) head.decoration++;
    else if (isLetterheadLine(t, afterHead)) {
      head.letterhead++;
      underHead = true;
    }
    else if (isDateLine(t)) head.dateLine = true;
    else if (!isFieldOrSalutation(t) || loneTitleField(window, i)) {
      // The sender's name without a legal form, over its address: letterhead too ("Nakheel Logistics" / "P.O. Box …").
      const [next = '', afterNext = ''] = window.slice(i + 1).filter((l) => l.trim());
      // An address between two letterhead lines (the name above, the phone below) is the letterhead's, however long.
      const between = afterHead && addressLike(t) && !isDecorationLine(next) && isLetterheadLine(next, true);
      if (between || nameOverAddress(t, next, afterNext, afterHead)) {
        head.letterhead++;
        underHead = true;
        continue;
      }
      if (t.length <= 120 && wordCount(t) <= 16 && !/[.!?。]$/.test(t)) {
        head.title = t;
        head.index = start + i;
      }
      return head;
    }
  }
  return head;
}

/**
 * The text with its head's letterhead and rules blanked (lines kept, so positions of the rest hold):
 * a fact about a company is read from the prose, not from its name on the letterhead.
 */
export function withoutLetterhead(text: string, maxLines = HEAD_WINDOW): string {
  const lines = text.split('\n');
  let seen = 0;
  let underHead = false;
  for (let i = 0; i < lines.length && seen < maxLines; i++) {
    const t = lines[i]!.trim();
    if (!t) continue;
    seen++;
    const [next = '', afterNext = ''] = lines.slice(i + 1).filter((l) => l.trim());
    const head: boolean = isLetterheadLine(t, underHead) || nameOverAddress(t, next, afterNext, underHead);
    if (head || isDecorationLine(t)) {
      lines[i] = '';
      underHead = head;
    } else if (!isDateLine(t)) break;
  }
  return lines.join('\n');
}
