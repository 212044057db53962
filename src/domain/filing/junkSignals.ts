// Scam and phishing mail, and spam calendar invitations, in the languages they arrive in. Each family
// of signals is one question asked in many languages — does it promise a prize, ask for credentials or
// personal papers, ask for a payment or a new bank account, press with a deadline, threaten a loss,
// hold a parcel, greet a nameless "customer", carry a link — and the verdict is a combination of
// families, never one phrase. An item related to the brain (its sender or the pages it names are
// known) is never judged by these signals: a real invoice from a supplier, a real invitation from a
// colleague or a real award letter that congratulates is filed. Pure and offline.

export type JunkFamily = 'won' | 'prize' | 'credentials' | 'payment' | 'newAccount' | 'urgency' | 'threat' | 'parcel' | 'salutation' | 'link';

/** Matched between non-letters, so the words of every script are bounded alike. */
const words = (body: string) => new RegExp(`(?<!\\p{L})(?:${body})(?!\\p{L})`, 'iu');

type Asked = Exclude<JunkFamily, 'link'>;
const FAMILIES: Record<Asked, RegExp[]> = {
  // The reader has won: a prize, a draw or a lottery to claim ("you have won", "claim your reward").
  won: [
    words(
      [
        "you(?:'ve| have)? (?:won|been selected)|(?:claim|redeem) (?:your|the) (?:prize|reward|gift|bonus|funds|winnings)|sweepstakes?|lottery|jackpot|lucky draw|airdrop",
        'vous avez gagn[ée]|vos gains|tirage au sort|loterie',
        'sie haben gewonnen|gewinnspiel|verlosung|lotterie',
        '(?:ha|has) ganado|sorteo|loter[íi]a',
        'hai vinto|ha vinto|vincita|lotteria',
        'voc[êe] ganhou|sorteio|vale-presente',
        'u heeft gewonnen|je hebt gewonnen|loterij|prijsvraag',
        'wygra(?:[łl]e[śs]|[łl]a[śs])|loteri[ai]',
        'вы выиграли|розыгрыш\\p{L}*|лотере\\p{L}*',
        'kazand[ıi]n[ıi]z|[çc]ekili[şs]',
        'ربحت|فزت',
      ].join('|'),
    ),
    /当選|賞金|中奖|당첨/u,
  ],
  // Words of a win or a prize in general: real mail congratulates too, so these count only beside stronger signals.
  prize: [
    words(
      [
        'congratulations|winner|prize|(?:exclusive|special) bonus',
        'f[ée]licitations|gagnante?s?',
        'herzlichen gl[üu]ckwunsch|gewinner(?:in)?',
        'felicidades|enhorabuena|ganador(?:a)?|premio',
        'vincitore',
        'parab[ée]ns|ganhador(?:a)?|pr[êé]mio',
        'gefeliciteerd|winnaar',
        'gratulujemy|wygran[aą]|nagrod[aęy]|zwyci[ęe]zc[aą]',
        'поздравляем|победител\\p{L}*|приз',
        'tebrikler|[öo]d[üu]l',
        'مبروك|جائزة',
      ].join('|'),
    ),
    /おめでとうございます|恭喜您|축하합니다/u,
  ],
  // Credentials, payment-card data, seed phrases or identity papers asked for (a meeting's "Passcode: 482913" is given, not asked).
  credentials: [
    words(
      [
        'password|login details|credentials|seed phrase|recovery phrase|(?:verify|confirm) your (?:identity|account|details|wallet)|card (?:number|details)|copy of your (?:id|passport)',
        "zugangsdaten|passwort|kennwort|(?:identit[äa]t|daten) (?:zu )?best[äa]tigen|best[äa]tigen sie ihre (?:identit[äa]t|daten|zugangsdaten)",
        "mot de passe|identifiants|pi[èe]ce d['’]identit[ée]|v[ée]rifie[rz] votre (?:identit[ée]|compte)|coordonn[ée]es bancaires",
        'contrase[ñn]a|datos de acceso|verifi(?:car|que) su (?:identidad|cuenta)|datos de (?:su )?tarjeta',
        "credenziali|dati di accesso|verifica(?:re)? (?:la tua|il tuo) (?:identit[àa]|account)|dati della carta",
        'senha|dados de acesso|verifi(?:car|que) (?:sua|seu) (?:identidade|conta)|dados do cart[ãa]o',
        'wachtwoord|inloggegevens|bevestig uw (?:identiteit|gegevens)',
        'has[łl]o|dane logowania|(?:potwierd[źz]|zaktualizuj|uzupe[łl]nij) (?:swoje )?dane|dane karty',
        'пароль|данные карты|подтвердите (?:свои )?данные',
        '[şs]ifre|giri[şs] bilgileri|kart bilgileri|kimlik bilgileri',
        'كلمة المرور|بيانات الدخول',
      ].join('|'),
    ),
    /パスワード|ログインし|お支払い情報|カード情報|本人確認|密码|验证您的|비밀번호|본인 인증/u,
  ],
  // A fee of the kinds scams ask for (shipping, customs, processing, release), not an invoice's amount.
  payment: [
    words(
      [
        'pay (?:a|the) small (?:fee|charge)|(?:shipping|customs|processing|handling|release|unlock|activation|clearance) fee',
        'frais de (?:dossier|douane|d[ée]douanement|traitement)',
        'zollgeb[üu]hr\\p{L}*|bearbeitungsgeb[üu]hr\\p{L}*',
        'tasa de (?:env[íi]o|aduana)',
        'spese di (?:spedizione|sdoganamento)',
        'taxa de (?:entrega|envio|alf[âa]ndega)',
        'verzendkosten|douanekosten|inklaringskosten',
        'dop[łl]a[ćc]|op[łl]at[aęy] celn\\p{L}*',
        'оплат[аиу] (?:доставки|пошлины)',
        'g[üu]mr[üu]k [üu]creti|kargo [üu]creti',
        'رسوم الشحن',
      ].join('|'),
    ),
    /送料|手数料をお支払い|支付费用|결제하세요/u,
  ],
  // A transfer asked for to a new bank account or IBAN (invoice redirection), in the languages it arrives in;
  // within one sentence (an amount's dots, "4.870 EUR", do not end it).
  newAccount: [
    /(?<!\p{L})(?:(?:transfer|wire|pay|send|remit)\p{L}*(?:[^.\n]|\.(?=\d)){0,60}\bnew (?:bank )?(?:account|iban)|(?:bank|payment|account) details have changed|(?:überweis|zahl)\p{L}*(?:[^.\n]|\.(?=\d)){0,60}neue(?:s|n)? (?:bankverbindung|kontoverbindung|konto|iban)|(?:bank|konto)verbindung hat sich ge[äa]ndert|(?:virement|payer|paiement)(?:[^.\n]|\.(?=\d)){0,60}nouveau (?:compte|rib|iban)|coordonn[ée]es bancaires ont chang[ée]|(?:transferencia|transfiera|pago|pague|ingreso)(?:[^.\n]|\.(?=\d)){0,60}nueva cuenta|nueva cuenta(?:[^.\n]|\.(?=\d)){0,60}(?:transferencia|pago)|(?:bonifico|pagamento)(?:[^.\n]|\.(?=\d)){0,60}nuovo (?:conto|iban)|(?:transfer[êe]ncia|pagamento)(?:[^.\n]|\.(?=\d)){0,60}nova conta|(?:overmaken|overboeking|betaling)(?:[^.\n]|\.(?=\d)){0,60}nieuwe rekening|(?:przelew|wp[łl]at)\p{L}*(?:[^.\n]|\.(?=\d)){0,60}now\p{L}* (?:numer )?(?:konta|rachun\p{L}*)|(?:перевод|оплат)\p{L}*(?:[^.\n]|\.(?=\d)){0,60}нов\p{L}* (?:сч[её]т|реквизит)\p{L}*|yeni (?:hesap|iban)(?:[^.\n]|\.(?=\d)){0,60}(?:[öo]deme|havale|transfer))(?!\p{L})/iu,
  ],
  // A deadline counted in hours, "immediately", "urgent" (a plain "today" is how real mail speaks too).
  urgency: [
    /(?<!\d)(?:12|24|48|72)\s?(?:h(?!\p{L})|hours?|heures|horas|stunden|uur|ore(?!\p{L})|godzin\p{L}*|saat|時間|小时|시간|час\p{L}*|ساعة)/iu,
    words(
      [
        'urgent(?:e|ly)?|immediately|action required|final (?:notice|warning)|expires? (?:today|soon)',
        "imm[ée]diatement|dernier (?:avis|rappel)",
        'dringend|letzte mahnung',
        'inmediat[ao]|urgente|hoy mismo|acci[óo]n inmediata',
        'immediatamente|urgente|oggi stesso',
        'imediatamente|urgente|ainda hoje',
        'onmiddellijk|dringend|nog vandaag',
        'natychmiast|pilne|niezw[łl]ocznie',
        'срочно|немедленно',
        'acil',
        'عاجل|فورا',
      ].join('|'),
    ),
    /【重要】|至急|今すぐ|期限を過ぎ|立即|紧急|긴급|즉시/u,
  ],
  // A loss threatened: an account blocked or deleted, a parcel sent back, legal action.
  threat: [
    words(
      [
        '(?:suspended|locked|blocked|restricted|deactivated|deleted|closed)(?: (?:permanently|temporarily))?|legal action|returned to (?:the )?sender',
        'suspendu|bloqu[ée]|supprim[ée]|poursuites|retourn[ée] (?:à|a) l[\'’]exp[ée]diteur',
        'gesperrt|eingeschr[äa]nkt|gel[öo]scht|deaktiviert|rechtliche schritte|inkasso',
        'suspendid[ao]|bloquead[ao]|cancelad[ao]|eliminad[ao]|acciones legales',
        'sospes[oa]|bloccat[oa]|eliminat[oa]|restituzione al mittente|azioni legali',
        'suspens[ao]|bloquead[ao]|encerrad[ao]|devolvid[ao] ao remetente|a[çc][õo]es legais',
        'geblokkeerd|opgeschort|verwijderd|teruggestuurd|incasso',
        'zablokowan\\p{L}*|zawieszon\\p{L}*|zwr[óo]con\\p{L}* do nadawcy|usuni[ęe]t\\p{L}*',
        'заблокирован\\p{L}*|приостановлен\\p{L}*|удал[её]н[аоы]?',
        'ask[ıi]ya al[ıi]nd[ıi]|kapat[ıi]lacak|engellendi',
        'إيقاف|حظر',
      ].join('|'),
    ),
    /停止しました|削除されます|凍結|ロックされ|冻结|정지|삭제됩니다/u,
  ],
  // A parcel held or not delivered (the words for a parcel, not for delivery in general).
  parcel: [
    words(
      [
        'parcel|delivery (?:attempt|failed)|tracking number',
        'colis',
        'paket',
        'paquete',
        'pacco|tracciamento',
        'encomenda|pacote',
        'pakket',
        'paczk\\p{L}*|przesy[łl]k\\p{L}*',
        'посылк\\p{L}*',
        'kargo|g[öo]nderi',
        'طرد|شحنة',
      ].join('|'),
    ),
    /荷物|包裹|택배/u,
  ],
  // A nameless greeting: the sender does not know who the reader is.
  salutation: [
    /^\s*(?:dear (?:customer|user|client|member|winner|sir(?:\/madam)?|account holder|valued customer)|sehr geehrte[r]? (?:kunde|kundin|nutzer(?:in)?)|ch[èe]re? (?:client(?:e)?|gagnant(?:e)?|utilisat(?:eur|rice))|estimad[oa] (?:cliente|usuari[oa])|querid[oa] (?:cliente|ganador)|gentile (?:cliente|utente)|car[oa] (?:cliente|utente)|prezad[oa] (?:cliente|usu[áa]rio)|beste (?:klant|gebruiker)|geachte (?:klant|gebruiker)|szanown[ya] (?:klienc\p{L}*|u[żz]ytkownik\p{L}*)|drogi (?:kliencie|u[żz]ytkowniku)|уважаемый (?:клиент|пользователь)|say[ıi]n (?:kullan[ıi]c[ıi]|m[üu][şs]teri)|عزيزي (?:العميل|المستخدم))\b/imu,
    /^\s*(?:お客様|お客さま|尊敬的用户|尊敬的客户|고객님)/mu,
  ],
};

/** A greeting that names its reader ("Hi Ana,", "Dear Ms Rossi", "Hallo Anke"): the sender knows who they write to. */
const NAMED_GREETING =
  /^[ \t]*(?:hi|hello|hey|dear|hallo|liebe[rs]?|sehr geehrte[rs]?|bonjour|cher|ch[èe]re|hola|estimad[oa]|querid[oa]|ciao|car[oa]|gentile|ol[áa]|prezad[oa]|beste|geachte|hoi|dzie[ńn] dobry|szanown[ya]|drog[ai]|здравствуйте|уважаем\p{L}*|merhaba|say[ıi]n)[ \t,]+(?:(?:mr|mrs|ms|dr|herr|frau|m|mme|sr|sra|pan|pani)\.?[ \t]+)?\p{Lu}\p{Ll}+/imu;
/** A meeting's passcode or PIN given with its value ("Passcode: 482913"): information, not a request. */
const GIVEN_CODE = /(?<!\p{L})(?:passcode|password|passwort|kenncode|code secret|contrase[ñn]a|senha|has[łl]o|пароль|pin)[ \t]*[:：=]?[ \t]*[\dA-Za-z]{0,3}\d[\dA-Za-z]{2,}/giu;

const LINK = /https?:\/\/\S+|(?<![\p{L}@])www\.[\w-]+\.\w/iu;

/** The families of junk signals present in a text. */
export function junkFamilies(text: string): Set<JunkFamily> {
  const found = new Set<JunkFamily>();
  const asked = text.replace(GIVEN_CODE, ' ');
  for (const [family, res] of Object.entries(FAMILIES) as Array<[Asked, RegExp[]]>) {
    if (res.some((re) => re.test(family === 'credentials' ? asked : text))) found.add(family);
  }
  if (LINK.test(text)) found.add('link');
  return found;
}

const FAMILY_WORDS: Record<JunkFamily, string> = {
  won: 'a prize or win to claim',
  prize: 'congratulations or a prize',
  credentials: 'a request for credentials, card data or identity papers',
  payment: 'a shipping, customs or processing fee asked for',
  newAccount: 'a transfer to a new bank account asked for',
  urgency: 'a deadline in hours or "urgent"',
  threat: 'a threat of loss (a blocked account, a returned parcel, legal action)',
  parcel: 'a held parcel',
  salutation: 'a nameless greeting ("Dear customer")',
  link: 'a link to follow',
};

export interface ScamVerdict {
  junk: boolean;
  /** One sentence for the review queue, when junk. */
  reason: string | null;
  families: JunkFamily[];
}

/**
 * Whether an item unrelated to the brain reads as scam, phishing or a spam invitation. Conservative:
 * sending a real item to review costs more than filing a phishing mail, so every rule is a combination
 * of strong signals, always with a link or with credentials or a transfer to a new account asked for;
 * a fee or a prize does not count when the greeting names the reader. An invitation is junk only for a
 * win to claim through a link, or credentials asked through a link under pressure. The caller decides relation.
 */
export function scamVerdict(text: string, opts: { calendar?: boolean } = {}): ScamVerdict {
  const f = junkFamilies(text);
  const has = (k: JunkFamily) => f.has(k);
  const pressure = has('urgency') || has('threat');
  const nameless = !NAMED_GREETING.test(text) || has('salutation');
  const junk = opts.calendar
    ? (has('won') && has('link')) || (has('credentials') && has('link') && pressure)
    : (has('won') && (has('credentials') || has('payment'))) ||
      (has('won') && has('link') && (pressure || has('salutation')) && nameless) ||
      (has('prize') && has('salutation') && has('link') && (has('credentials') || has('payment'))) ||
      (has('credentials') && has('link') && pressure) ||
      (has('credentials') && has('salutation') && pressure) ||
      (has('parcel') && has('payment') && has('link') && nameless) ||
      (has('newAccount') && (pressure || has('link')) && nameless) ||
      (has('payment') && has('threat') && has('urgency') && has('link') && nameless);
  const families = [...f];
  if (!junk) return { junk: false, reason: null, families };
  const what = opts.calendar ? 'a calendar invitation from an unknown sender' : 'scam or phishing mail from a sender the brain does not know';
  const signals = families.map((k) => FAMILY_WORDS[k]).join('; ');
  return {
    junk: true,
    reason: `The item looks like ${what}, naming no person, company or project of this brain (${signals}); do not follow its links or pay anything. File it by hand if it is real.`,
    families,
  };
}
