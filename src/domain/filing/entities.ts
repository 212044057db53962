// Entity resolution for the built-in filer: which existing pages (people, companies, projects…) an
// item is substantively about. Names resolve by title, alias, slug (the link resolver), e-mail
// addresses to people, mail domains to companies; a person reaches the company they work at
// (frontmatter `company:` or a link to a company page). Passing mentions — a signature, a Cc line,
// quoted text, a footer — are taken out before names are looked for.
import type { BrainSchema } from '../brainSchema.js';
import { extractLinks, wikiPath } from '../links.js';
import { parseFrontmatter } from '../markdown.js';
import { mailHeader } from './messageDate.js';
import { baseDomain, capitalisedNames, clip, emailsIn, FREE_MAIL_DOMAINS, isPlatformHost, sentences, wordCount } from './text.js';
import { isDecorationLine, withoutLetterhead } from './documentHead.js';

/** The part of the lookup entity resolution needs (BrainLookup satisfies it). */
export interface EntityLookup {
  read(path: string): string | null;
  findByField(key: string, value: string, roots: string[]): string[];
  findByName(name: string, roots: string[]): string[];
  findByFirstName?(first: string, roots: string[]): string[];
  findBySurname?(last: string, roots: string[]): string[];
  /** Pages whose title's initials are `initials` ("AL" → "Ada Lovelace"): a hurried note's attendees. */
  findByInitials?(initials: string, roots: string[]): string[];
  findNamesIn?(text: string, roots: string[]): Array<{ name: string; paths: string[] }>;
  resolve(ref: string): string | null;
}

export interface EntityScope {
  schema: BrainSchema;
  partitionKey: string | null;
  /** Folders the item may write to. */
  roots: string[];
}

export interface EntityMatch {
  path: string;
  /** The name as the item wrote it. */
  name: string;
  type: string;
}

export interface Ambiguity {
  name: string;
  paths: string[];
}

/** Page kinds an item is about (not the item pages themselves: meetings, sources, notes). */
const ITEM_TYPES = new Set(['meeting', 'source', 'document', 'note', 'journal', 'session', 'conversation', 'playbook', 'concept', 'topic', 'idea']);

const SIGN_OFF =
  /^(?:best(?: regards| wishes)?|kind regards|warm regards|regards|many thanks|thanks(?: again)?|thank you|cheers|sincerely|yours(?: truly| sincerely)?|all the best|talk soon|br|(?:bien |tr[èe]s )?cordialement|salutations distingu[ée]es|(?:mit )?(?:freundlichen|besten|herzlichen|vielen) gr[üu](?:ß|ss)en|(?:viele|beste|liebe) gr[üu](?:ß|ss)e|atentamente|(?:un )?saludo(?:s cordiales)?|cordiales saludos|cordiali saluti|distinti saluti|(?:un )?cordiale saluto|atenciosamente|cordialmente|(?:com os )?melhores cumprimentos|met vriendelijke groet(?:en)?|vriendelijke groet(?:en)?|hartelijke groet(?:en)?|z powa[żz]aniem|pozdrawiam(?: serdecznie)?|с уважением|saygılarımla|med vänliga? hälsningar?|venlig hilsen|ystävällisin terveisin|敬具|よろしくお願いいたします)\s*[,.!]?\s*$/iu;
const RELATED_BLOCK = /^(?:#{1,6}\s*|\*\*)?(?:related(?: stories| articles| posts| reading| links| coverage)?|read more|read next|more from [\w .'-]{1,30}|more stories|you (?:may|might) also like|recommended(?: for you| reading)?|see also|most (?:read|popular)|trending(?: now)?|popular (?:stories|posts)|further reading)(?:\*\*)?\s*:?\s*$/i;
const HEADER_LINE = /^\s*(?:cc|bcc|reply-to|sent|from|to|prepared by|author|authors|written by|signed(?: for [^:]+)?|by)\s*:|^\s*(?:prepared|written|signed|posted)\s+by\b/i;
const FOOTER_LINE = /©|\(c\)\s*\d{4}|\ball rights reserved\b|\bunsubscribe\b|\bsent from my\b|\bconfidential(?:ity)? notice\b|\bthis (?:e-?mail|message) (?:and any attachments )?(?:is|may be) confidential\b|\bprivacy policy\b/i;

/**
 * The item's text without its passing mentions: quoted lines (`>`), Cc/From/To/byline lines,
 * a signature (after `--` or a sign-off near the end), and footer lines (©, unsubscribe, "Sent from my…").
 */
export function substantiveText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let end = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.trim();
    // A reply's quoted original: everything below is someone else's earlier message.
    if (/^-{2,}\s*original message\s*-{2,}$/i.test(t) || /^on .{6,120} wrote:$/i.test(t)) {
      end = i;
      break;
    }
    // A page's closing "Related stories" / "Read more" block lists other stories: not this item's subject.
    if (RELATED_BLOCK.test(t) && i >= lines.length * 0.5) {
      end = i;
      break;
    }
    if (/^--\s*$|^—\s*$|^__+$/.test(t) && i >= lines.length * 0.5) {
      end = i;
      break;
    }
    if (SIGN_OFF.test(t) && lines.length - i <= 8 && i > 0) {
      end = i;
      break;
    }
  }
  // A closing block of a few short lines without sentences ("Ken Thompson / Partner") is a signature.
  const kept = lines.slice(0, end);
  while (kept.length && !kept[kept.length - 1]!.trim()) kept.pop();
  const blockStart = kept.map((l) => l.trim() === '').lastIndexOf(true) + 1;
  const block = kept.slice(blockStart).map((l) => l.trim());
  if (
    blockStart > 0 &&
    block.length >= 1 &&
    block.length <= 4 &&
    block.every((l) => l.split(/\s+/).length <= 6 && !/[.!?:]$/.test(l) && !/^(?:[-*+#|]|\d+[.)])/.test(l)) &&
    /^[A-Z][\p{L}'’.-]+(?:\s+[A-Z][\p{L}'’.-]+){0,3}$/u.test(block[0]!)
  ) {
    kept.length = blockStart;
  }
  return kept
    .filter((l) => {
      const t = l.trim();
      return !t.startsWith('>') && !HEADER_LINE.test(t) && !FOOTER_LINE.test(t);
    })
    .join('\n');
}

/** "our CFO …", "my head of legal …", "Globex's CTO …": an owner, then up to four words that may be a role. */
const ROLE_REFERENCE = /(?<![\p{L}\d])(?:([Oo]ur|[Mm]y)|(\p{Lu}[\p{L}&.-]*(?:\s+\p{Lu}[\p{L}&.-]*){0,2})['’]s)(?=\s+([\p{L}-]+(?:\s+[\p{L}-]+){0,3}))/gu;

/**
 * Common English words (function words, everyday nouns and verbs) and the first names that are
 * also such words ("will", "mark", "grace", "may"): a lower-case word among them is never taken for
 * a name, except a first name inside an attendee line.
 */
const COMMON_WORDS = new Set(
  (
    'the a an and or but if of to in on at by for with from as is are was were be been being it its this that these those ' +
    'we you he she they i me my our your their his her them us who whom which what when where why how not no yes all any ' +
    'some each every both few more most other such only own same so than too very can could should would may might must ' +
    'shall will do does did done have has had get got go goes going went make made take took see seen say said know new ' +
    'old good great big small high low next last first second third late early today tomorrow yesterday week month year ' +
    'day time plan plans team call sync meeting notes note update updates review status check done open close closed ' +
    'ship launch deal data api app apps web site cloud core platform search pay payments billing invoice order orders ' +
    'ops infra sales support service services product products project projects pilot beta alpha prod staging test tests ' +
    'load rate rates limit limits price pricing cost costs budget contract legal design brand growth health hub lab labs ' +
    'bridge compass horizon beacon pulse spark nova apollo atlas phoenix orion titan mercury gemini zeus hermes ' +
    'river forest stone star sky storm rain snow sun moon light north south east west blue green red black white gold ' +
    'silver iron steel glass paper book books board desk home house office room door gate key lock bank base line lines ' +
    'point points path road way bar box case file files page pages list lists link links mail email post posts chat ' +
    'voice video sound music art game games play player story stories news report reports brief memo doc docs spec ' +
    'will mark bill grace may june april august rose hope faith joy sue pat rob art jack frank ray lee guy drew chase ' +
    'hunter gene carol summer autumn winter spring penny sandy rusty sunny holly ivy iris daisy lily violet ruby pearl ' +
    'crystal jade olive hazel heather ginger brandy candy cliff dean don earl glen grant heath jay lane miles norm pierce ' +
    'reed rich rod roman sterling ward wade buck chip colt dale dash eve fern gale lance major mason page price prince ' +
    'king queen duke lucky misty nick sage ash win bud cole taylor tucker walker carter cooper baker porter parker ' +
    'fisher angel dawn amber max victor destiny liberty harmony honey patience trinity royal rex sonny dusty storm'
  ).split(' '),
);

/** An honorific and a surname: "Ms. Raman", "Dr Liskov", "Herr Becker", "Mme Dubois", "M. Dubois". */
const HONORIFICS = "Mr|Mrs|Ms|Mx|Miss|Dr|Prof|Herrn|Herr|Frau|Mme|Mlle|M(?=\\.)|Sr|Sra|Srta|Sig|Sig\\.ra|Dott|Dott\\.ssa|Herra|Rouva";
/** Polish honorifics: "Pan" is also a Chinese surname ("Pan Wei"), so they are read only in Polish text. */
const POLISH_HONORIFICS = 'Pan[ai]?|Pani[aą]';
const surnameAfter = (honorifics: string) => new RegExp(`(?<![\\p{L}.])(${honorifics})\\.?\\s+(\\p{Lu}[\\p{L}'’-]+)(?![\\p{L}'’-]|\\s+\\p{Lu}\\p{Ll})`, 'gu');
const HONORIFIC_SURNAME = surnameAfter(HONORIFICS);
const POLISH_HONORIFIC_SURNAME = surnameAfter(POLISH_HONORIFICS);
/** Honorifics after which a German or Finnish surname may carry a genitive "s" or "n" ("Herrn Müllers"). */
const GENITIVE_HONORIFIC = /^(?:Herrn|Frau|Herra|Rouva)$/;
/** A name that is only an honorific and a surname ("Herr Müller", "Ms. Raman", "Pani Nowak"); bare "Pan" is a Chinese surname too. */
export const HONORIFIC_NAME = new RegExp(`^(?:${HONORIFICS}|Pan[ai]|Pani[aą])\\.?\\s+(\\p{Lu}[\\p{L}'’-]+)$`, 'u');

/** Polish text: its letters, or its commonest words. */
const POLISH_TEXT = /[ąćęłńśźżĄĆĘŁŃŚŹŻ]|(?<!\p{L})(?:się|oraz|jest|przez|także|został[ao]?|spotkani[ea]|umow[aęy])(?!\p{L})/iu;
/** Finnish text: its commonest words, or its local-case endings on a word. */
const FINNISH_TEXT = /(?<!\p{L})(?:kanssa|että|ovat|myös|tänään|kokous|sopimus|yhtiö|kiitos|mutta|sekä|oli)(?!\p{L})|\p{L}{3}(?:ssa|ssä|llä|lla)(?!\p{L})/iu;
/** Prepositions after which a Russian or Ukrainian name takes the genitive in -а/-я ("у Петрова", "від Коваленка"). */
const GENITIVE_PREPOSITIONS = 'у|от|для|без|из|до|около|после|против|кроме|вместо|среди|от|від|з|із|біля|після|крім|замість|серед';

/**
 * Which case endings a text's names may carry: Polish and Finnish endings only in text in those
 * languages, a Russian -а/-я only after a preposition that takes it (a woman's name ends so in the
 * nominative: "Александра Петрова"), a genitive s/n only after a German or Finnish honorific.
 */
export interface FormContext {
  polish: boolean;
  finnish: boolean;
  feminineA: boolean;
  genitiveS: boolean;
}
const ANY_FORM: FormContext = { polish: true, finnish: true, feminineA: true, genitiveS: true };

const CYRILLIC = /\p{Script=Cyrillic}/u;
/** The most spellings of a name in another case that are looked up. */
const MAX_FORMS = 64;
/** Russian and Ukrainian case endings, longest first ("Ивановым" → "Иванов", "Севертеха" → "Севертех"). */
const CYRILLIC_ENDINGS = ['ыми', 'ими', 'ого', 'его', 'ому', 'ему', 'ым', 'им', 'ом', 'ем', 'ой', 'ей', 'ою', 'ею', 'ах', 'ях', 'ам', 'ям', 'а', 'я', 'у', 'ю', 'е', 'ы', 'и'];

/**
 * The nominative spellings a name written in another grammatical case could stand for: Russian and
 * Ukrainian case endings (the stem, and the stem with the nominative's own ending: "Дмитрием" →
 * "Дмитрий"), Polish instrumental and dative ("Katarzyną" → "Katarzyna", "Wisłasoftem" → "Wisłasoft",
 * "Nowakowi" → "Nowak") and the Finnish genitive of "-nen" names ("Virtasen" → "Virtanen"), and a case
 * ending after a colon ("Kettu Oy:n"). `loose` (a surname read beside its honorific or its company)
 * also drops a German or English genitive "s" ("Herrn Müllers") and Finnish local-case endings.
 * Never a stem shorter than three letters.
 */
export function nominativeForms(word: string, loose = false, ctx: FormContext = ANY_FORM): string[] {
  const out = new Set<string>();
  const add = (stem: string, ...ends: string[]) => {
    if (stem.length < 3) return;
    for (const e of ['', ...ends]) out.add(stem + e);
  };
  const colon = /^(.{3,}):\p{L}{1,4}$/u.exec(word);
  if (colon) out.add(colon[1]!);
  if (CYRILLIC.test(word)) {
    for (const e of CYRILLIC_ENDINGS) if (word.endsWith(e) && (ctx.feminineA || (e !== 'а' && e !== 'я'))) add(word.slice(0, -e.length), 'й', 'а', 'ь', 'я');
  } else {
    if (/[ąę]$/u.test(word)) add(word.slice(0, -1), 'a');
    if (ctx.polish) for (const e of ['owi', 'iem', 'em']) if (word.endsWith(e) && word.length - e.length >= 4) add(word.slice(0, -e.length));
    if (ctx.finnish && word.endsWith('sen') && word.length >= 6) add(`${word.slice(0, -3)}nen`);
    if (loose) {
      if (ctx.genitiveS && /[^s'’]s$/u.test(word)) add(word.slice(0, -1));
      if (ctx.finnish) for (const e of ['lla', 'llä', 'lle', 'lta', 'ltä', 'ssa', 'ssä', 'sta', 'stä']) if (word.endsWith(e)) add(word.slice(0, -e.length));
      if ((ctx.genitiveS || ctx.finnish) && word.endsWith('n')) add(word.slice(0, -1));
    }
  }
  out.delete(word);
  return [...out];
}

/** Words after which a lower-case word is a common noun, not a name: "an umbrella term", "every atlas", "la lumière". */
const NOUN_BEFORE = /^(?:a|an|every|each|another|any|some|no|such|this|that|these|those|what|which|un|une|la|le|les|des|du|ein|eine|einen|einer|der|die|das|el|los|las|una|uno|il|lo|gli|een|het)$/i;

/** An attendee line: `Attendees:`, `Participants:`, `Present:`, `Invitees:`, `With`, `w/`, `Cc:`. */
const ATTENDEE_LINE = /^\s*(?:[-*]\s*)?(?:\*\*)?(?:attendees|participants|present|invitees|people|with|w\/|cc)(?:\*\*)?(?:\s*:|\s)/i;

export interface LowerCaseMention extends EntityMatch {
  /** Found in an attendee line: the person was there. */
  attendee: boolean;
}

/** English nicknames and the given names they shorten. */
const NICKNAMES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  (
    'bob,bobby,rob,robbie:robert bill,billy,will,liam:william jim,jimmy,jamie:james mike,mikey:michael dave:david tom,tommy:thomas ' +
    'dick,rick,ricky,rich:richard kate,katie,kathy,cathy:katherine,catherine,kathryn liz,lizzie,beth,betty:elizabeth ' +
    'alex:alexander,alexandra sam:samuel,samantha ben:benjamin dan,danny:daniel joe,joey:joseph chris:christopher,christine,christina ' +
    'nick:nicholas,nicolas tony:anthony steve:steven,stephen matt:matthew pat:patrick,patricia jen,jenny:jennifer andy,drew:andrew ' +
    'greg:gregory ed,eddie,ted:edward jon:jonathan charlie,chuck:charles maggie,peggy,meg:margaret sue,susie:susan larry:lawrence ' +
    'harry,hank:henry jack,johnny:john jeff:jeffrey,geoffrey tim:timothy fred,freddie:frederick vicky:victoria jess:jessica ' +
    'abby:abigail becky:rebecca debbie:deborah mandy:amanda ' +
    // Diminutives other languages use as everyday names.
    'kasia:katarzyna gosia,małgosia:małgorzata basia:barbara asia:joanna tomek:tomasz kuba:jakub wojtek:wojciech ' +
    'дима:дмитрий саша:александр,александра миша:михаил женя:евгений,евгения лёша,леша:алексей коля:николай серёжа,сережа:сергей ' +
    'паша:павел наташа:наталья маша:мария таня:татьяна dima:dmitry,dmitri sasha:alexander,aleksandr misha:mikhail ' +
    'sepp,seppi:josef hansi:hans pepe:josé,jose paco:francisco nacho:ignacio beppe:giuseppe gigi:luigi'
  )
    .split(' ')
    .flatMap((entry) => {
      const [nicks, names] = entry.split(':');
      return nicks!.split(',').map((n) => [n, names!.split(',')] as const);
    }),
);

export class EntityResolver {
  private readonly typeCache = new Map<string, string | null>();
  private readonly nameCache = new Map<string, string[]>();
  /** The text `mentions` is reading: which case endings its names may carry (see FormContext). */
  private reading: { text: string; polish: boolean; finnish: boolean } | null = null;

  constructor(
    private readonly lookup: EntityLookup,
    private readonly scope: EntityScope,
  ) {}

  private inScope(path: string | null): path is string {
    return !!path && this.scope.roots.some((r) => r === '' || path.startsWith(`${r}/`));
  }

  /** The entity type of a page: its schema folder's type, else its frontmatter `type`; null for item pages. */
  typeOf(path: string): string | null {
    if (this.typeCache.has(path)) return this.typeCache.get(path)!;
    const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    const key = this.scope.partitionKey;
    const fill = (f: string) => (key ? f.replace(/<key>/g, key) : f);
    let type: string | null = null;
    for (const t of this.scope.schema.entityTypes) {
      const f = fill(t.folder);
      if (folder === f || folder.endsWith(`/${f}`)) type = t.name;
    }
    if (!type) for (const f of this.scope.schema.folders) if (f.entityType && (folder === fill(f.path) || folder.endsWith(`/${fill(f.path)}`))) type = f.entityType;
    if (!type) {
      const fm = parseFrontmatter(this.lookup.read(path) ?? '').data;
      type = typeof fm.type === 'string' ? fm.type : null;
    }
    const out = type && !ITEM_TYPES.has(type) ? type : null;
    this.typeCache.set(path, out);
    return out;
  }

  private entity(path: string | null): string | null {
    return this.inScope(path) && this.typeOf(path) ? path : null;
  }

  /** A person page with this e-mail (`email` or `emails`). */
  personByEmail(email: string): string | null {
    const e = email.toLowerCase();
    const hit = this.lookup.findByField('email', e, this.scope.roots)[0] ?? this.lookup.findByField('emails', e, this.scope.roots)[0] ?? null;
    return this.entity(hit);
  }

  /**
   * The one person page an address's local part spells out as first and last name ("jane.doe",
   * "jane_doe"), for a person whose page lists no address; a page that lists other addresses is
   * someone else with that name.
   *
   * The address's domain must fit the person too, else "john.smith@globex.com" would link the only
   * John Smith even when he works at Acme. Accepted only when the domain is free-mail (a personal
   * address says nothing of an employer), or the domain's company is one the person works at, or the
   * person's page names no company at all and no company page owns the domain. Anything else (the
   * domain is another company's, or the person works somewhere the domain does not name) links no one.
   */
  personByAddressName(local: string, domain: string | null = null): string | null {
    if (!/^[a-z][a-z'-]+[._][a-z][a-z'-]+$/i.test(local) || SERVICE_MAILBOX.test(local)) return null;
    const name = local
      .split(/[._]/)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
      .join(' ');
    const hits = (this.lookup.findByName(name, this.scope.roots) ?? []).filter((p) => this.isPerson(p) && this.inScope(p));
    if (hits.length !== 1) return null;
    const fm = parseFrontmatter(this.lookup.read(hits[0]!) ?? '').data;
    if (fm.email || fm.emails) return null;
    const person = hits[0]!;
    if (domain == null) return person;
    const d = domain.toLowerCase();
    if (FREE_MAIL_DOMAINS.has(d) || FREE_MAIL_DOMAINS.has(baseDomain(d))) return person;
    const company = this.companyByDomain(d);
    const works = this.worksAt(person);
    if (company) return works.includes(company) ? person : null;
    return works.length ? null : person;
  }

  /** A company page whose `domain`/`domains` (else `website`) is the mail domain or its registrable part; never free-mail. */
  companyByDomain(domain: string): string | null {
    const d = domain.toLowerCase();
    const base = baseDomain(d);
    if (FREE_MAIL_DOMAINS.has(base) || FREE_MAIL_DOMAINS.has(d)) return null;
    for (const v of d === base ? [d] : [d, base]) {
      const hit = this.lookup.findByField('domain', v, this.scope.roots)[0] ?? this.lookup.findByField('domains', v, this.scope.roots)[0];
      if (this.entity(hit ?? null)) return hit!;
    }
    // A company page that gives its web address instead (`website: https://www.acme.com`): the lookup
    // matches `website` by host. A platform's host (linkedin.com) is only ever a company's by its own
    // `domain` field above, never by some company's profile address there.
    if (isPlatformHost(d)) return null;
    for (const v of d === base ? [d] : [d, base]) {
      const hit = this.lookup.findByField('website', v, this.scope.roots).find((p) => this.isCompany(p) && this.inScope(p));
      if (hit) return hit;
    }
    return null;
  }

  /** Every entity page a name could mean: titles and aliases first, then the link resolver. */
  byName(rawName: string): string[] {
    const name = rawName.replace(/['’]s$/, '').trim();
    const ctx = this.formsFor(name);
    const key = `${name}\u0000${+ctx.polish}${+ctx.finnish}${+ctx.feminineA}`;
    const cached = this.nameCache.get(key);
    if (cached) return cached;
    const found = this.lookUpName(name, ctx);
    this.nameCache.set(key, found);
    return found;
  }

  /** The endings a name may carry in the text being read (any, outside `mentions`). */
  private formsFor(name: string, genitiveS = true): FormContext {
    const r = this.reading;
    if (!r) return { ...ANY_FORM, genitiveS };
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const feminineA = !CYRILLIC.test(name) || !name.includes(' ') || new RegExp(`(?<!\\p{L})(?:${GENITIVE_PREPOSITIONS})\\s+${escaped}`, 'iu').test(r.text);
    return { polish: r.polish, finnish: r.finnish, feminineA, genitiveS };
  }

  private lookUpName(name: string, ctx: FormContext): string[] {
    if (name.length < 2) return [];
    const named = this.lookup.findByName(name, this.scope.roots).filter((p) => this.entity(p));
    if (named.length) return named;
    const resolved = this.entity(this.lookup.resolve(name));
    if (resolved) return [resolved];
    // "Bob Okafor" is Robert Okafor's page: a nickname before a surname tries the given names it shortens.
    const [first, ...rest] = name.split(' ');
    const given = rest.length ? NICKNAMES[first!.toLowerCase()] : undefined;
    if (given) {
      const hits = given.flatMap((g) => this.lookup.findByName(`${g[0]!.toUpperCase()}${g.slice(1)} ${rest.join(' ')}`, this.scope.roots).filter((p) => this.isPerson(p)));
      if (hits.length) return [...new Set(hits)];
    }
    // Compounds join a name to a lower-case noun (Dutch "Atlas-migratie", "Acme-contract"); a second
    // capitalised part ("Jean-Pierre") is a name of its own.
    const compound = /^(\p{Lu}[\p{L}\p{N}]+(?: \p{Lu}[\p{L}\p{N}]+)*)-\p{Ll}{3,}$/u.exec(name);
    if (compound) {
      const head = this.lookup.findByName(compound[1]!, this.scope.roots).filter((p) => this.entity(p));
      if (head.length) return head;
    }
    const byFirst = this.byFirstName(name);
    if (byFirst.length) return byFirst;
    // A name in another grammatical case ("Katarzyną Nowak", "Севертеха"): a page's whole title or alias in the nominative.
    const words = name.split(' ');
    if (words.length > 3) return [];
    // Every word may be inflected ("Agnieszką Kowalską", "Дмитрием Ивановым"): each spelling of each word, at most MAX_FORMS tries.
    let spellings = [''];
    for (const w of words) spellings = spellings.flatMap((head) => [w, ...nominativeForms(w, false, ctx)].map((f) => (head ? `${head} ${f}` : f))).slice(0, MAX_FORMS);
    for (const spelling of spellings.slice(1)) {
      const named = this.lookup.findByName(spelling, this.scope.roots).filter((p) => this.entity(p));
      if (named.length) return named;
    }
    return [];
  }

  /**
   * The people whose surname is `surname`, or its nominative ("Müllers", "Ивановым"); with `company`,
   * only those who work there.
   */
  bySurname(surname: string, company: string | null = null, genitiveS = true): string[] {
    if (!this.lookup.findBySurname) return [];
    const hits = new Set<string>();
    for (const form of [surname, ...nominativeForms(surname, true, this.formsFor(surname, genitiveS))]) {
      for (const p of this.lookup.findBySurname(form, this.scope.roots)) if (this.isPerson(p) && this.inScope(p) && (!company || this.worksAt(p).includes(company))) hits.add(p);
      if (hits.size) break;
    }
    return [...hits];
  }

  /** A bare first name ("Ada") means the people whose title starts with it; several → ambiguous. */
  byFirstName(name: string): string[] {
    if (!this.lookup.findByFirstName || !/^\p{Lu}[\p{Ll}\p{M}'’-]{2,}$/u.test(name)) return [];
    return this.lookup.findByFirstName(name, this.scope.roots).filter((p) => this.isPerson(p) && this.inScope(p));
  }

  /** The person pages whose name has these initials ("AL", "A.L."): several → ambiguous, so the caller takes only one. */
  byInitials(initials: string): string[] {
    const key = initials.replace(/[.\s]/g, '');
    if (!this.lookup.findByInitials || !/^\p{Lu}{2,3}$/u.test(key)) return [];
    return this.lookup.findByInitials(key, this.scope.roots).filter((p) => this.isPerson(p) && this.inScope(p));
  }

  /** The company pages a person works at: frontmatter `company`/`companies`/`organisation`, else links to company pages. */
  worksAt(personPath: string): string[] {
    const md = this.lookup.read(personPath);
    if (!md) return [];
    const { data, content } = parseFrontmatter(md);
    const out: string[] = [];
    const add = (p: string | null) => {
      if (p && !out.includes(p) && this.isCompany(p)) out.push(p);
    };
    for (const key of ['company', 'companies', 'organisation', 'organization', 'employer', 'client']) {
      const v = data[key];
      for (const ref of Array.isArray(v) ? v : v != null ? [v] : []) {
        if (typeof ref !== 'string' || !ref.trim()) continue;
        const inner = /\[\[([^\]|#]+)/.exec(ref)?.[1] ?? ref;
        const asPath = wikiPath(inner);
        add(asPath && this.lookup.read(asPath) != null ? asPath : this.byName(inner.trim())[0] ?? null);
      }
    }
    if (!out.length) {
      for (const l of extractLinks(content, personPath)) {
        const p = l.path && this.lookup.read(l.path) != null ? l.path : this.lookup.resolve(l.target);
        add(p);
      }
    }
    return out;
  }

  /**
   * Known names inside a longer capitalised run: "Jane Roe of Example Corp" → Jane Roe, Example Corp;
   * "Example Corp Q1" → Example Corp. Longest spans first, left to right.
   */
  private spans(name: string): Array<{ span: string; paths: string[] }> {
    const words = name.split(' ');
    if (words.length > 6) return [];
    const out: Array<{ span: string; paths: string[] }> = [];
    let i = 0;
    while (i < words.length) {
      let matched = false;
      for (let j = words.length; j > i; j--) {
        if (i === 0 && j === words.length) continue;
        const span = words.slice(i, j).join(' ');
        if (j - i === 1 && (span.length < 4 || /^(of|de|van|von)$/i.test(span))) continue;
        const paths = this.byName(span);
        if (paths.length) {
          out.push({ span, paths });
          i = j;
          matched = true;
          break;
        }
      }
      if (!matched) i++;
    }
    return out;
  }

  /**
   * Names a hurried note writes in lower case ("w/ grace, linus", "falcon sync", "reply to acme"): a
   * first name that exactly one person page has, a project whose title the words exactly equal, and
   * one word that is exactly one company's or person's whole title or alias ("acme", "maggie"), as
   * whole words. Never a common word (COMMON_WORDS), except a first name inside an attendee line, and
   * never a word after an indefinite article or quantifier ("an umbrella policy") or before "of"
   * ("under the umbrella of"): that is the noun.
   */
  lowerCaseMentions(text: string, opts: { exclude?: Iterable<string> } = {}): LowerCaseMention[] {
    const exclude = new Set(opts.exclude ?? []);
    const out: LowerCaseMention[] = [];
    const add = (path: string, name: string, attendee: boolean) => {
      const had = out.find((o) => o.path === path);
      if (had) had.attendee ||= attendee;
      else if (!exclude.has(path)) out.push({ path, name, type: this.typeOf(path) ?? 'entity', attendee });
    };
    const projects = (phrase: string) => this.lookup.findByName(phrase, this.scope.roots).filter((p) => this.inScope(p) && this.typeOf(p) === 'project');
    // Two or three words that are a page's whole title or alias ("grace hopper", "wonka labs").
    const named = (phrase: string) => this.lookup.findByName(phrase, this.scope.roots).filter((p) => this.entity(p));
    // One word that is a company's or a person's whole title or alias ("acme", "nimbus", "maggie").
    const oneWordName = (word: string) => named(word).filter((p) => this.isCompany(p) || this.isPerson(p));
    for (const line of text.split('\n')) {
      const attendee = ATTENDEE_LINE.test(line);
      // A hurried note's topic label ("atlas: clinic 4 moves on 7 July"): a project named by a word
      // that is also a common word, at the start of a line and before a colon, is that project.
      const label = /^\s*(?:[-*]\s*)?([a-z][a-z-]{3,})\s*:\s+\S/.exec(line)?.[1];
      if (label && COMMON_WORDS.has(label)) {
        const hit = projects(label);
        if (hit.length === 1) add(hit[0]!, label, false);
      }
      // Runs of lower-case words, not parts of e-mail addresses, links, paths or capitalised names.
      for (const run of line.matchAll(/(?<![\p{L}\p{N}@./_:-])\p{Ll}[\p{Ll}\p{M}'’-]*(?: \p{Ll}[\p{Ll}\p{M}'’-]*)*(?![\p{L}\p{N}@_]|\.[a-z]|\/)/gu)) {
        // The word before the run ("An umbrella policy": "An" is capitalised, so outside the run).
        const words = run[0].split(' ');
        const before = /(\p{L}+)\s+$/u.exec(line.slice(0, run.index!))?.[1] ?? '';
        for (let i = 0; i < words.length; i++) {
          const w = words[i]!.replace(/['’]s$/, '');
          if (w.length >= 3 && (attendee || !COMMON_WORDS.has(w))) {
            // Unique among first names and among people called that as a whole alias ("Sam" for Samantha Reyes too).
            const people = [...new Set([...this.byFirstName(w.charAt(0).toUpperCase() + w.slice(1)), ...named(w).filter((p) => this.isPerson(p))])];
            if (people.length === 1) add(people[0]!, w, attendee);
          }
          // A project's exact title (or any page's whole multi-word name): the longest run of up to three words first.
          for (let n = Math.min(3, words.length - i); n >= 1; n--) {
            const phrase = words.slice(i, i + n).join(' ').replace(/['’]s$/, '');
            if (n === 1 && (phrase.length < 4 || COMMON_WORDS.has(phrase))) continue;
            if (n > 1 && words.slice(i, i + n).every((x) => COMMON_WORDS.has(x))) continue;
            const hit = n > 1 ? named(phrase) : projects(phrase).length ? projects(phrase) : NOUN_BEFORE.test(i ? words[i - 1]! : before) || words[i + 1] === 'of' ? [] : oneWordName(phrase);
            if (hit.length === 1) {
              add(hit[0]!, phrase, attendee && this.isPerson(hit[0]!));
              break;
            }
          }
        }
      }
    }
    return out;
  }

  isCompany(path: string): boolean {
    const t = this.typeOf(path);
    return t === 'company' || t === 'client' || t === 'organisation' || t === 'organization';
  }

  isPerson(path: string): boolean {
    return this.typeOf(path) === 'person';
  }

  /**
   * The entity pages a text names (substantive text only: pass it through `substantiveText`),
   * the names that could mean several pages, and capitalised multi-word names with no page.
   */
  /**
   * People named by their role rather than their name: "our CFO" or "my CTO" (the one person page
   * with that `role` and no company of its own), "Globex's CTO" (the person with that
   * role who works at that company). A role several people could hold is left unresolved.
   */
  roleMentions(text: string): Array<{ path: string; name: string }> {
    const out: Array<{ path: string; name: string }> = [];
    for (const m of text.matchAll(ROLE_REFERENCE)) {
      const words = m[3]!.split(/\s+/);
      let company: string | null = null;
      if (m[2]) {
        // The owner's name, without a capitalised word that merely starts the sentence ("And Globex's CTO").
        const owner = m[2].split(/\s+/);
        for (let k = 0; k < owner.length && !company; k++) {
          const companies = this.byName(owner.slice(k).join(' ')).filter((p) => this.isCompany(p));
          if (companies.length === 1) company = companies[0]!;
        }
        if (!company) continue;
      }
      for (let n = Math.min(words.length, 4); n >= 1; n--) {
        const role = words.slice(0, n).join(' ');
        if (role.length < 2 || COMMON_WORDS.has(role.toLowerCase())) continue;
        let people = this.lookup.findByField('role', role, this.scope.roots).filter((p) => this.isPerson(p) && this.inScope(p));
        if (!people.length) continue;
        if (company) people = people.filter((p) => this.worksAt(p).includes(company!));
        // "Our" people are the ones without another company on their page: a lone CTO at Globex is not "our CTO".
        else people = people.filter((p) => !this.worksAt(p).length);
        if (people.length === 1) out.push({ path: people[0]!, name: `${m[1] ?? `${m[2]}'s`} ${role}`.trim() });
        break;
      }
    }
    return out;
  }

  mentions(text: string, opts: { exclude?: Iterable<string> } = {}): { found: EntityMatch[]; ambiguous: Ambiguity[]; unknown: string[] } {
    const prev = this.reading;
    this.reading = { text, polish: POLISH_TEXT.test(text), finnish: FINNISH_TEXT.test(text) };
    try {
      return this.readMentions(text, opts);
    } finally {
      this.reading = prev;
    }
  }

  private readMentions(text: string, opts: { exclude?: Iterable<string> }): { found: EntityMatch[]; ambiguous: Ambiguity[]; unknown: string[] } {
    const exclude = new Set(opts.exclude ?? []);
    const found: EntityMatch[] = [];
    const ambiguous: Ambiguity[] = [];
    const unknown: string[] = [];
    const push = (path: string, name: string) => {
      const had = found.find((f) => f.path === path);
      // The fullest spelling wins: "Example Corp" over "Example".
      if (had && name.length > had.name.length && name.toLowerCase().includes(had.name.toLowerCase())) had.name = name;
      if (exclude.has(path) || had) return;
      found.push({ path, name, type: this.typeOf(path) ?? 'entity' });
    };
    // A person's address names them and, by its domain, their organisation: "jane.doe@acme.com"
    // reaches Acme even when Jane has no page. A function's mailbox ("sales@", "billing@") is only
    // a way to write to the company, not a party.
    for (const email of emailsIn(text)) {
      const [local, domain] = email.split('@') as [string, string];
      const p = this.personByEmail(email) ?? this.personByAddressName(local, domain);
      if (p) push(p, email);
      const c = SERVICE_MAILBOX.test(local) ? null : this.companyByDomain(domain);
      if (c) push(c, domain);
    }
    // A company's own domain written on its own, as a field's value ("Customer: globex.io"), after
    // "at"/"from"/"with" ("our contact at stark.dev") or in parentheses beside a noun ("our processor
    // (quillpay.com)"); not in an address, a link or a footer's small print.
    for (const line of text.split('\n')) {
      for (const m of line.matchAll(BARE_DOMAIN)) {
        const before = line.slice(0, m.index!);
        const field = /^\s*(?:[-*]\s*)?(?:\*\*)?[\p{L}][\p{L} ]{1,30}(?:\*\*)?\s*:\s*(?:\*\*)?\s*$/u.test(before) && line.split(/\s+/).length <= 8;
        const after = line.slice(m.index! + m[0].length);
        // "the globex.io tenant": the organisation's own account or workspace on a service.
        const account = /\bthe\s+$/i.test(before) && /^\s+(?:tenant|workspace|account|org|organi[sz]ation|instance|idp|sso|users|domain)\b/i.test(after);
        // "the kettu.fi pricing page", "the acme.com website": the organisation's own site.
        const site = /\bthe\s+$/i.test(before) && /^\s+(?:[\p{L}-]{1,20}\s+)?(?:page|website|site|homepage|home page|blog|docs|store|shop|portal)\b/iu.test(after);
        // "our current processor (quillpay.com)": the domain in parentheses names the organisation beside it.
        const aside = /\(\s*$/.test(before) && /^\s*\)/.test(after);
        if (!field && !account && !site && !aside && !/\b(?:at|from|with|of|for)\s+$/i.test(before)) continue;
        const p = this.companyByDomain(m[1]!.toLowerCase());
        if (p) push(p, m[1]!);
      }
      // "@globex.io addresses", "everyone @stark.dev": a domain with the @ of an address and no local part.
      for (const m of line.matchAll(AT_DOMAIN)) {
        const p = this.companyByDomain(m[1]!.toLowerCase());
        if (p) push(p, m[1]!);
      }
    }
    const names = capitalisedNames(text, { keepSentenceStarts: true }).slice(0, 80);
    // A lone capitalised word that is also a common word ("Mark the invoice paid", "Will you send it") is
    // a name only where it stands inside a sentence, not as its first word.
    const midSentence = new Set(capitalisedNames(text));
    const loneName = (name: string) => midSentence.has(name) || !COMMON_WORDS.has(name.toLowerCase());
    const lone: string[] = [];
    for (const name of names) {
      let hits: Array<{ span: string; paths: string[] }> = [];
      const whole = this.byName(name);
      if (whole.length) hits = [{ span: name, paths: whole }];
      else if (name.includes(' ')) hits = this.spans(name);
      if (!hits.length) {
        // "Herr Müller" is a surname with its honorific, not a new person's whole name.
        if (/^[A-Z][\p{L}'’-]+(?: [A-Z][\p{L}'’-]+){1,3}$/u.test(name) && !HONORIFIC_NAME.test(name) && !unknown.includes(name)) unknown.push(name);
        if (!name.includes(' ') && name.length >= 4 && loneName(name)) lone.push(name);
        continue;
      }
      // A first name several people share ("Katarzyna"): the company the text names may tell which.
      if (!name.includes(' ') && whole.length > 1 && whole.every((p) => this.isPerson(p)) && loneName(name)) lone.push(name);
      for (const h of hits) {
        // A name that could mean a page already accounted for (an attendee) means that page.
        if (h.paths.some((p) => exclude.has(p))) continue;
        const fresh = h.paths;
        if (fresh.length > 1) {
          if (!ambiguous.some((a) => a.name === h.span)) ambiguous.push({ name: h.span, paths: fresh });
        } else if (fresh.length === 1) push(fresh[0]!, hits.length === 1 && !/\s(?:of|de|van|von)\s/.test(name) ? name : h.span); // "Example Corp" as written
      }
    }
    // Names in scripts without capitals ("株式会社ミライ") are not marked by a capital: the brain's
    // names in those scripts are looked for in the text instead.
    for (const n of this.lookup.findNamesIn?.(text, this.scope.roots) ?? []) {
      const paths = n.paths.filter((p) => this.entity(p) && !exclude.has(p));
      if (paths.length === 1) push(paths[0]!, n.name);
      else if (paths.length > 1 && !ambiguous.some((a) => a.name === n.name)) ambiguous.push({ name: n.name, paths });
    }
    // People named by their role: "our CFO", "Globex's CTO".
    for (const r of this.roleMentions(text)) push(r.path, r.name);
    // People named by an honorific and their surname: "Ms. Raman reported", "Herr Becker stellt vor".
    const honorifics = [...text.matchAll(HONORIFIC_SURNAME), ...(this.reading?.polish ? text.matchAll(POLISH_HONORIFIC_SURNAME) : [])];
    for (const m of honorifics) {
      const people = this.bySurname(m[2]!, null, GENITIVE_HONORIFIC.test(m[1]!));
      if (people.length === 1 && !people.some((p) => exclude.has(p))) push(people[0]!, m[0]!);
    }
    // A surname alone, in any case ("mit Müller", "с Ивановым из Севертеха"), beside the company its
    // one bearer works at, which the text also names.
    const named = found.filter((f) => this.isCompany(f.path)).map((f) => f.path);
    if (named.length) {
      for (const word of lone) {
        let people = [...new Set(named.flatMap((c) => this.bySurname(word, c, false)))];
        // A first name or its diminutive beside the company ("Kasia from Odrasoft", "Sasha (Uraltech)").
        if (!people.length) {
          const given = [word, ...(NICKNAMES[word.toLowerCase()] ?? []).map((g) => g.charAt(0).toUpperCase() + g.slice(1))];
          people = [...new Set(given.flatMap((g) => this.byFirstName(g)).filter((p) => this.worksAt(p).some((c) => named.includes(c))))];
        }
        if (people.length === 1 && !exclude.has(people[0]!)) push(people[0]!, word);
      }
    }
    // A name whose pages another, fuller name already resolved ("Alex" beside "Alex Chen") is not ambiguous.
    return { found, ambiguous: ambiguous.filter((a) => !a.paths.some((p) => found.some((f) => f.path === p))), unknown };
  }
}

/** A document's byline: who wrote, prepared or signed it (`FROM:` of a memo, `Prepared by`, `Author:`, `Signed for …:`). */
const BYLINE =
  /^\s*(?:[-*]\s*)?(?:\*\*)?(?:from|prepared by|authors?|written by|owner|signed(?: for [^:]{1,40})?|signatory|verfasser(?:in)?|autor(?:in|a)?|auteure?|autore|erstellt von|r[ée]dig[ée] par|preparado por|elaborado por|redatto da)(?:\*\*)?\s*[:：]\s*(.+)$|^\s*(?:prepared|written|authored|signed)\s+by\s+(.+)$/gimu;

/**
 * The people pages a document names as its author or signatory. A byline is a passing mention in
 * mail, but a memo, a report or an agreement is its author's work: their page gets the line.
 * Only names and addresses that resolve to exactly one person page count.
 */
export function documentAuthors(text: string, resolver: EntityResolver): EntityMatch[] {
  const out: EntityMatch[] = [];
  const add = (path: string, name: string) => {
    if (!out.some((o) => o.path === path)) out.push({ path, name, type: 'person' });
  };
  // An e-mail's From: is who sent it (maybe forwarding someone else's work), not its author; a
  // memo's FROM: (a header with RE:, no Subject:) is.
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const mail = mailHeader(lines);
  const sentBy = mail && lines.slice(0, mail.end).some((l) => /^\s*subject\s*:/i.test(l)) ? mail.end : 0;
  const rest = lines.map((l, i) => (i < sentBy && /^\s*from\s*:/i.test(l) ? '' : l)).join('\n');
  // A letter's or agreement's signature: the name under the sign-off ("Kind regards, / Jane Doe /
  // General Counsel, Acme"), or a "Name, Role, Company" line at the end, is who wrote or signed it;
  // the organisation it names is the party. An e-mail's signature is its sender's, not an author's.
  if (!mail) for (const s of signatureEntities(lines, resolver)) if (!out.some((o) => o.path === s.path)) out.push(s);
  for (const m of rest.matchAll(BYLINE)) {
    // The byline ends at the sentence's end or at a copy line ("Prepared by Ken. cc: Ada").
    const value = (m[1] ?? m[2] ?? '').replace(/\*\*/g, '').split(/[.;]\s|\b(?:b?cc|reviewers?|reviewed by|approved by)\b/i)[0]!;
    for (const email of emailsIn(value)) {
      const p = resolver.personByEmail(email);
      if (p) add(p, email);
      // A forwarded message's or memo's writer, named by their address, writes for their organisation:
      // the one company their page says they work at is a party too, unless the address's own domain
      // names another company (their page's `company` may be stale: they moved on).
      const domain = email.split('@')[1] ?? '';
      const byDomain = domain ? resolver.companyByDomain(domain) : null;
      const employer = p ? resolver.worksAt(p).filter((c) => !byDomain || c === byDomain) : [];
      if (employer.length === 1 && !out.some((o) => o.path === employer[0])) out.push({ path: employer[0]!, name: email, type: resolver.typeOf(employer[0]!) ?? 'company' });
    }
    for (const name of capitalisedNames(value, { keepSentenceStarts: true })) {
      const hits = resolver.byName(name).filter((p) => resolver.isPerson(p));
      if (hits.length === 1) add(hits[0]!, name);
    }
  }
  return out;
}

/** A signature block's name cell: "By: Jane Doe", "Name: …", "Signed by …", "Firmado por …", "Par : …". */
const SIGNATORY_CELL =
  /^(?:by|name|signed by|signature|firmado por|nombre|par|nom|gez\.|name des unterzeichners|door|naam|por|nome|przez|imi[ęe] i nazwisko|подписал|ф\.?\s?и\.?\s?о\.?)\s*[:：]?\s*(\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]+){1,3})$/iu;
/** The title line under a signature block's name: "Title: …", "Cargo: …", "Titre : …", "Funktion: …". */
const SIGNATORY_TITLE = /^(?:title|position|role|cargo|puesto|titre|fonction|funktion|titel|functie|funzione|qualifica|stanowisko|должность)\s*[:：]\s*\S/iu;

/** A role word of a signature line: "General Counsel", "CFO", "Head of Sales", "Geschäftsführer". */
const SIGNATURE_ROLE =
  /(?<!\p{L})(?:ceo|cfo|cto|coo|cio|ciso|cmo|vp|svp|evp|president|director|manager|partner|founder|co-founder|counsel|general counsel|head of [\p{L} ]+|chief [\p{L} ]+officer|lead|engineer|officer|secretary|chair(?:man|woman|person)?|attorney|lawyer|solicitor|principal|associate|analyst|consultant|owner|geschäftsführer(?:in)?|directeur|directrice|director[a]?|gerente|avocat|abogad[oa]|rechtsanwalt|rechtsanwältin|direttore|direttrice|diretor[a]?|dyrektor|prezes|kierownik|leiter(?:in)?|vorstand|prokurist(?:in)?|responsabile|responsable|g[ée]rante?|pr[ée]sident[e]?|socio|s[óo]cio|eigenaar|bestuurder|m[üu]d[üu]r[üu]?|директор|руководитель|менеджер|部長|社長|課長|本部長)(?!\p{L})/iu;

/**
 * The people and organisations a closing signature names: the lines under a sign-off near the end
 * (a name, then a role and an organisation), or closing lines of the form "Name, Role, Organisation"
 * (as agreements list their signatories). Only names that resolve to exactly one page count.
 */
export function signatureEntities(lines: string[], resolver: EntityResolver): EntityMatch[] {
  const out: EntityMatch[] = [];
  const add = (path: string, name: string) => {
    if (!out.some((o) => o.path === path)) out.push({ path, name, type: resolver.typeOf(path) ?? 'entity' });
  };
  const trimmed = lines.map((l) => l.trim());
  while (trimmed.length && !trimmed[trimmed.length - 1]) trimmed.pop();
  const tail = trimmed.slice(-10);
  const signOff = tail.findIndex((l) => SIGN_OFF.test(l));
  const person = (name: string) => {
    const hits = resolver.byName(name.trim()).filter((p) => resolver.isPerson(p));
    if (hits.length === 1) add(hits[0]!, name.trim());
    return hits.length === 1;
  };
  const organisation = (text: string) => {
    for (const part of text.split(/\s*[,|·]\s*|\s+(?:at|of|bei|chez|en|de)\s+/)) {
      const hits = part.trim() ? resolver.byName(part.trim()).filter((p) => resolver.isCompany(p)) : [];
      if (hits.length === 1) add(hits[0]!, part.trim());
    }
  };
  if (signOff >= 0) {
    // The block under the sign-off: a name, then up to three lines of role and organisation.
    const block = tail.slice(signOff + 1).filter(Boolean).slice(0, 4);
    const first = block[0] ?? '';
    const [name, ...about] = first.split(/\s*,\s*/);
    if (name && /^\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]+){1,3}$/u.test(name) && block.slice(1).concat(about.join(', ')).some((l) => SIGNATURE_ROLE.test(l))) {
      person(name);
      for (const l of [about.join(', '), ...block.slice(1)]) if (l) organisation(l);
    }
  }
  // An agreement's signature blocks, side by side or one under the other: "By: Jane Doe" (or "Name:",
  // "Signed by", "Firmado por", "Par :", "Gez.", "Door:", "Przez:"), with the signatory's title or role on
  // the next line of the same column ("Title: Head of Platform", "Cargo: Directora de compras").
  const columns = (l: string) => l.split(/\s{3,}|\t+/).map((c) => c.trim()).filter(Boolean);
  for (const [k, l] of tail.entries()) {
    const below = columns(tail[k + 1] ?? '');
    for (const [c, cell] of columns(l).entries()) {
      const m = SIGNATORY_CELL.exec(cell);
      if (!m) continue;
      const under = below[c] ?? below[0] ?? '';
      if (SIGNATORY_TITLE.test(under) || SIGNATURE_ROLE.test(under)) person(m[1]!);
    }
  }
  // "Jane Doe, General Counsel, Acme Corp": a signatory line of an agreement, among the last lines.
  for (const l of tail) {
    const m = /^(\p{Lu}[\p{L}'’.-]+(?:\s+\p{Lu}[\p{L}'’.-]+){1,3})\s*,\s*([^,]{2,50})(?:,\s*(.{2,60}))?$/u.exec(l.replace(/^(?:signed|by|for)\s*:?\s*/i, ''));
    if (!m || !SIGNATURE_ROLE.test(m[2]!)) continue;
    person(m[1]!);
    if (m[3]) organisation(m[3]);
  }
  return out;
}

/** A mail domain standing alone: not after `@`, `/`, `.` or a letter, not followed by a path or `@`. */
const BARE_DOMAIN = /(?<![\p{L}\p{N}@/.:_-])((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,})(?![\p{L}\p{N}@/_-]|\.[a-z0-9])/giu;

/** A mail domain after an @ that has no local part before it: "users with @globex.io addresses". */
const AT_DOMAIN = /(?<![\p{L}\p{N}._%+-])@((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,})(?![\p{L}\p{N}@/_-]|\.[a-z0-9])/giu;

/** Words that name a team, a service or a mailbox rather than a person. */
const SERVICE_WORD =
  /^(?:desk|helpdesk|service|services|support|team|admin|administrator|noreply|no-reply|donotreply|notifications?|alerts?|billing|accounts?|security|system|systems|mailer|daemon|postmaster|bot|robot|automated|customer|care|help|info|sales|marketing|newsletter|digest|office|department|operations|hr|it|payroll|reception|feedback|updates?|news|inbox|mailbox|webmaster)$/i;
/** Mailbox local parts that belong to a function, not a person: noreply@, it-support@, billing@. */
const SERVICE_MAILBOX =
  /^(?:no-?reply|do-?not-?reply|donotreply|notifications?|alerts?|support|it-?support|helpdesk|help|service-?desk|servicedesk|admin|administrator|info|billing|accounts?|security|mailer-daemon|postmaster|team|hello|contact|sales|marketing|news|newsletter|updates?|office|hr|payroll|feedback|webmaster)(?:[._+-]?(?:team|desk|dept|\d+))?$/i;

/**
 * A mailbox or service name ("IT Service Desk", "Acme Support", "noreply", `billing@…`) rather than a
 * person's: never made into a person page.
 */
export function isServiceName(name: string, email: string | null = null): boolean {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length || words.some((w) => SERVICE_WORD.test(w))) return true;
  // "Me <me@fund.vc>": the writer's own mailbox, a pronoun, is nobody's page.
  if (words.length === 1 && /^(?:me|myself|i|you|us|we|self|moi|ich|yo)$/i.test(words[0]!)) return true;
  if (/^[^@\s]+@/.test(name.trim())) return isServiceName(name.trim().split('@')[0]!);
  if (words.length === 1 && SERVICE_MAILBOX.test(words[0]!)) return true;
  const local = email?.split('@')[0] ?? '';
  return local !== '' && SERVICE_MAILBOX.test(local);
}

/** Raw JSON syntax (`{"role":"user"`, `"},{"`, `"content":"`): a fragment of a data file, never a timeline line. */
const RAW_JSON = /[{[]\s*"[\w$-]+"\s*:|"\s*:\s*["{[]|"\s*}\s*,\s*{|\\"/;

/** The first sentence of `text` naming `name` (the fact a timeline line carries), clipped to one line. */
export function factAbout(text: string, names: string[], max = 180, opts: { proseFirst?: boolean } = {}): string | null {
  // A document's letterhead (the sender's name, address, phone: its leading lines) or a rule is no fact about anyone.
  const facts = sentences(withoutLetterhead(text)).filter((s) => !RAW_JSON.test(s) && !MAIL_FIELD_LINE.test(s) && !isDecorationLine(s));
  // In a document, a sentence of prose says more than a labelled field ("Auteur: Jane Roe, Acme"): prose first.
  const field = (s: string) => /^\s*\p{L}[\p{L} .-]{0,24}\s?[:：]\s/u.test(s);
  const find = (wanted: string[]) => {
    const hit = (s: string) => wanted.some((n) => s.toLowerCase().includes(n));
    return (opts.proseFirst ? facts.find((s) => !field(s) && hit(s)) : undefined) ?? facts.find(hit);
  };
  const full = names.filter((n) => n.length >= 2).map((n) => n.toLowerCase());
  // A name matched inside a longer run ("Redwood Fund III" for Redwood) may appear in the prose
  // only in part: its leading words, down to one word of four letters or more, are tried next.
  const partial = full.flatMap((n) => {
    const words = n.split(' ');
    return words.slice(1).map((_, k) => words.slice(0, words.length - 1 - k).join(' ')).filter((p) => p.length >= 4);
  });
  const s = find(full) ?? (partial.length ? find(partial) : undefined);
  return s ? clip(s.replace(/^(?:#+\s*|\*\*[^*]+\*\*\s*:?\s*)/, '').replace(/\*\*/g, ''), max) : null;
}

/** A mail header field (Subject, Date, From, To, Cc): routing, never the fact a timeline line carries. */
const MAIL_FIELD_LINE = /^\s*(?:subject|date|sent|from|to|cc|bcc)\s*:/i;

const PERSON = "[A-Z][\\p{L}'’-]+(?: [A-Z][\\p{L}'’-]+){1,2}";
const ROLE = "(?:[A-Z]{2,5}|[A-Za-z][\\p{L}&-]*(?: [A-Za-z][\\p{L}&-]*){0,4}?)";
const ORG = "[A-Z][\\p{L}&.'’-]*(?: [A-Z][\\p{L}&.'’-]*){0,3}";
/** "Jane Roe, CFO of Example Corp", "John Doe, the head of sales at Acme". */
const INTRO_COMMA = new RegExp(`(${PERSON}), (?:the |their |our |its )?(${ROLE}) (?:of|at) (${ORG})`, 'gu');
/** "Jane Roe (CEO, Roe Imports)", "John Doe (Head of Sales at Acme)". */
const INTRO_PAREN = new RegExp(`(${PERSON}) \\((${ROLE})(?:, | at | of )(${ORG})\\)`, 'gu');

/**
 * People the text introduces with a role and an organisation, who have no page yet: enough to make
 * one (a name alone is not). The company is linked when it has a page.
 */
export function introducedPeople(text: string, resolver: EntityResolver): Array<{ name: string; role: string; company: string | null }> {
  const out: Array<{ name: string; role: string; company: string | null }> = [];
  for (const re of [INTRO_COMMA, INTRO_PAREN]) {
    for (const m of text.matchAll(re)) {
      const name = m[1]!.trim();
      const role = m[2]!.trim();
      if (/^(who|which|that|and|but|the)$/i.test(role.split(' ')[0]!) || out.some((o) => o.name === name)) continue;
      if (resolver.byName(name).length || name.split(' ').some((w) => /^(The|Our|Their|Mr|Ms|Dr)$/.test(w))) continue;
      const companies = resolver.byName(m[3]!.trim()).filter((p) => resolver.isCompany(p));
      out.push({ name, role: companies.length === 1 ? role : `${role}, ${m[3]!.trim()}`, company: companies.length === 1 ? companies[0]! : null });
    }
  }
  return out;
}

/** Words that put the names after them in passing: examples, comparisons, unnamed people. */
const PASSING_CUE =
  /(?:\bsuch as|\bamong them|\bincluding|\be\.g\.|\bfor example|\bfor instance|\brivals?|\bcompetitors?|\bcomparables?|\bpeers|\bthe usual names|\bborrowed from|\b(?:someone|somebody|a person) (?:at|from)|\bsimilar to|\bunlike|\bwie etwa|\bwie z\. ?b\.|\bcomme|\bcomo)\s+(?:the\s+|la\s+|le\s+|el\s+|die\s+|der\s+)?$/iu;
/** A list's open tail: "Kessler, Globex and several local integrators". */
const LIST_TAIL = /^\s*(?:,\s*)?(?:and|y|et|und|e|or)\s+(?:others|other|several|various|many|varios|varias|otros|otras|d'autres|plusieurs|andere|weitere|mehrere|a couple)\b|^\s*(?:,\s*)?etc\b/iu;

/**
 * The pages a long item names only in passing: each named in one sentence of the body, where that
 * sentence is a list with an open tail ("A, B and several others"), a name or list right after a
 * cue ("rivals such as A and B", "borrowed from the A", "someone at A") or, in a long item (150
 * words or more), a table row or a list of three or more names ("our customers (A, B, C and D)").
 * A page the title names, or that is named in two sentences or more, is never passing.
 */
export function passingMentions(body: string, found: EntityMatch[], resolver: EntityResolver): Set<string> {
  const out = new Set<string>();
  if (!found.length) return out;
  // Tables and long lists are a long item's way of naming in passing; a short note's list is its point.
  const long = wordCount(body) >= 150;
  const paths = new Set(found.map((f) => f.path));
  const lines = body.split('\n').map((l) => l.trim()).filter(Boolean);
  const title = lines[0] ?? '';
  const inTitle = new Set(resolver.mentions(title).found.map((f) => f.path));
  const where = new Map<string, Array<{ sentence: string; names: EntityMatch[] }>>();
  for (const sentence of sentences(body.split('\n').slice(1).join('\n'))) {
    const names = resolver.mentions(sentence).found.filter((f) => paths.has(f.path));
    for (const n of names) where.set(n.path, [...(where.get(n.path) ?? []), { sentence, names }]);
  }
  for (const f of found) {
    if (inTitle.has(f.path)) continue;
    const at = where.get(f.path) ?? [];
    if (at.length !== 1) continue;
    const { sentence, names } = at[0]!;
    const own = names.find((n) => n.path === f.path)!;
    const index = sentence.toLowerCase().indexOf(own.name.toLowerCase());
    if (index < 0) continue;
    if (long && /^\|.*\|$/.test(sentence)) {
      out.add(f.path);
      continue;
    }
    // The run of names this one stands in, joined only by commas and "and"/"or".
    const spans = names.map((n) => ({ n, at: sentence.toLowerCase().indexOf(n.name.toLowerCase()) })).filter((x) => x.at >= 0).sort((a, b) => a.at - b.at);
    const runs: Array<typeof spans> = [];
    for (const sp of spans) {
      const last = runs[runs.length - 1];
      const prev = last?.[last.length - 1];
      const gap = prev ? sentence.slice(prev.at + prev.n.name.length, sp.at) : null;
      if (prev && gap !== null && /^\s*(?:'s)?\s*(?:,|\band\b|\bor\b|\by\b|\bet\b|\bund\b|&|\/)\s*(?:(?:and|or|y|et|und)\s+)?$/iu.test(gap)) last!.push(sp);
      else runs.push([sp]);
    }
    const run = runs.find((r) => r.some((x) => x.n.path === f.path))!;
    const end = run[run.length - 1]!;
    const tail = sentence.slice(end.at + end.n.name.length);
    // A cue before the run ("rivals such as A and B") puts every name of it in passing.
    const cued = PASSING_CUE.test(sentence.slice(Math.max(0, run[0]!.at - 40), run[0]!.at));
    if (cued || (long && run.length >= 3) || (run.length >= 2 && LIST_TAIL.test(tail))) out.add(f.path);
  }
  return out;
}
