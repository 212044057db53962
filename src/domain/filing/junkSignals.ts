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

// The checks below apply to every item, whoever sent it (checkWorthFiling calls them before relation
// is known): spam pitches and credential phishing that no real sender writes. The family verdict above
// (scamVerdict) is the softer one, for senders with no relation to the brain.

/** Spam and phishing: prizes, urgency, account threats. */
const SPAM = [
  /\bcongratulations\b|\byou(?:'ve| have)? (?:been selected|won)\b|\bclaim your (?:prize|reward|gift)\b|\bgift card\b/i,
  /\bclick here\b|\bact now\b|\blimited[- ]time offer\b|\bbefore it expires\b/i,
  // The same pitches in French, German and Spanish.
  /(?<!\p{L})(?:f[ée]licitations|vous avez (?:[ée]t[ée] s[ée]lectionn[ée]e?|gagn[ée])|herzlichen gl[üu]ckwunsch|sie haben gewonnen|felicidades|enhorabuena|(?:has|ha) (?:sido seleccionad[oa]|ganado))(?!\p{L})/iu,
  /(?<!\p{L})(?:cliquez ici|klicken sie hier|haga clic aqu[íi]|haz clic aqu[íi]|offre valable)(?!\p{L})/iu,
  /\bverify your (?:account|wallet|identity)\b|\baccount will be (?:suspended|closed|locked)\b|\bpermanent suspension\b/i,
  // Urgency, one signal however it is said: "urgent", "within 24 hours", "dans les 48 heures", "24時間以内".
  /\burgent\b|\bimmediately\b|\bwithin 24 hours\b|(?<!\p{L})(?:dans les|sous|en las pr[óo]ximas|en|em|nas pr[óo]ximas|innerhalb (?:von|der n[äa]chsten)|binnen|entro (?:le )?|w ci[ąa]gu)\s?(?:12|24|48|72) (?:heures|horas|stunden|uur|ore|godzin)(?!\p{L})|(?<!\d)(?:12|24|48|72) saat i[çc]inde|(?:12|24|48|72)\s?時間以内|(?:24|48|72)시간 (?:이내|내)/iu,
  // An account threat in the other languages phishing arrives in: suspended, blocked, an unusual sign-in.
  /(?<!\p{L})(?:votre (?:compte|acc[èe]s) (?:a [ée]t[ée]|sera|est) (?:temporairement |d[ée]finitivement )?(?:suspendu|bloqu[ée]|ferm[ée]|d[ée]sactiv[ée])|ihr (?:konto|zugang) (?:wurde|wird) (?:vor[üu]bergehend )?(?:gesperrt|deaktiviert|eingeschr[äa]nkt)|su cuenta (?:ha sido|ser[áa]|est[áa]) (?:suspendida|bloqueada|cancelada)|il tuo account (?:[èe] stato|sar[àa]) (?:sospeso|bloccato)|uw account (?:is|wordt) (?:geblokkeerd|opgeschort)|sua conta (?:foi|ser[áa]|est[áa]) (?:suspensa|bloqueada|encerrada)|twoje konto (?:zosta[łl]o|zostanie) (?:zablokowane|zawieszone)|hesab[ıi]n[ıi]z(?:[ \t]+\S+){0,3}[ \t]+(?:ask[ıi]ya al[ıi]nd[ıi]|ask[ıi]ya al[ıi]nacak|kapat[ıi]lacak|engellendi|kilitlendi)|アカウント(?:は|が)(?:停止|凍結|ロック)|계정이 (?:정지|잠금|차단))/iu,
  // A parcel held until a small fee is paid: the delivery scam.
  /(?<!\p{L})(?:(?:your|su|votre|ihr|il tuo|uw) (?:package|parcel|paquete|env[íi]o|colis|paket|sendung|pacco|pakket)\s(?:\S{1,30}\s){0,3}(?:is |est |ist |[èe] |wordt )?(?:held|on hold|retenid[oa]|retenu|en attente|zur[üu]ckgehalten|bloccato|tegengehouden)|tasa de (?:aduana|env[íi]o)|frais de (?:douane|livraison) (?:de|d['’])|zollgeb[üu]hr|customs (?:fee|charge))/iu,
  // A lottery or sweepstakes "win", in the languages these arrive in.
  /(?<!\p{L})(?:lottery|sweepstakes?|loter[íi]a|loterie|lotterie|lotteria|jackpot)(?!\p{L})/iu,
  // Advance-fee fraud: a fortune to move, and a request for personal or bank details.
  /\b(?:dormant|unclaimed|abandoned) (?:account|funds|fortune|inheritance)\b|\btransfer (?:of )?(?:the|these|this) (?:funds|sum|money)\b|\bnext of kin\b|\bdear (?:friend|beneficiary)\b/i,
  /\b(?:your )?(?:full name|phone number|bank(?:ing)? (?:details|information|account number))\b.{0,60}\b(?:bank|proceed|transfer|details)\b|\bstrictly confidential\b/i,
  // Invoice fraud: "our bank details have changed", pay a stranger's invoice or face legal action.
  /\b(?:our|my|the) (?:bank(?:ing)?|account|payment) (?:details|information|account) (?:have|has) (?:changed|been updated)\b|\b(?:use|to) the new (?:bank )?account\b|\bto avoid (?:legal action|penalt(?:y|ies)|late fees|(?:service )?suspension)\b/i,
];
/**
 * Suspicious activity, in the languages phishing arrives in: a signal only when the text also speaks
 * of the reader's own account ("your account", "su cuenta"), not a report about a client's account.
 */
const ODD_ACTIVITY = /\bunusual activity\b|\bsuspicious activity\b|(?<!\p{L})(?:activit[ée] (?:inhabituelle|suspecte)|ungew[öo]hnliche aktivit[äa]t|actividad (?:inusual|sospechosa))(?!\p{L})|異常な(?:ログイン|アクセス)|不正(?:な)?(?:ログイン|アクセス)/iu;
const YOUR_ACCOUNT = /\byour (?:account|login|sign-in)\b|(?<!\p{L})(?:votre compte|ihr(?:em|es)? (?:konto|zugang)|(?:su|tu) cuenta|il tuo account|uw account|sua conta)(?!\p{L})|アカウント|계정/iu;

/** The account threats among SPAM ("your account will be suspended", "sua conta será encerrada") and the urgency signal. */
const ACCOUNT_THREATS = new Set<RegExp>([SPAM[4]!, SPAM[6]!]);
const URGENCY = SPAM[5]!;
/** A request to verify or confirm the account or one's details, in the languages phishing arrives in ("confirm your details", "Hesabınızı doğrulayın", "vérifiez votre compte"). */
const VERIFY_ASK_INTL =
  /\b(?:confirm|verify|update) your (?:details|information|data|personal)\b|(?<!\p{L})(?:(?:confirme|verifique|actualice) sus datos|do[ğg]rula\p{L}*|v[ée]rifi(?:ez|er) votre|confirm(?:ez|er) votre|verifique (?:su|sua|seu)|confirme (?:su|sua|seu)|verificar (?:su|sua|seu)|best[äa]tigen sie ihr|verifizieren sie ihr|verifica(?:re)? il tuo|conferma(?:re)? il tuo|bevestig uw|verifieer uw|zweryfikuj|potwierd[źz] (?:swoje|konto))|(?:確認|認証)してください|확인하십시오|인증하세요/iu;
const MAIL_LINK = /https?:\/\/|\bwww\.[\w-]+\./i;

/**
 * The spam signals in a text. A genuine letter closing an account says so and gives a deadline
 * ("sua conta será encerrada em 24 horas"): an account threat is phishing only with a link or a
 * request to verify the account as its second signal, not with urgency.
 */
export function spamHits(plain: string): number {
  const found = SPAM.filter((re) => re.test(plain));
  const accountSignals = found.filter((re) => ACCOUNT_THREATS.has(re)).length + (ODD_ACTIVITY.test(plain) && YOUR_ACCOUNT.test(plain) ? 1 : 0);
  const others = found.filter((re) => !ACCOUNT_THREATS.has(re));
  if (!accountSignals) return others.length;
  if (accountSignals >= 2) return accountSignals + others.length;
  // The second signal is another phrase than the threat: "verify your account" alone is the threat, not its proof.
  const rest = found.filter((re) => ACCOUNT_THREATS.has(re)).reduce((t, re) => t.replace(re, ' '), plain);
  const proof = MAIL_LINK.test(plain) || CREDENTIAL_ASK.test(rest) || VERIFY_ASK_INTL.test(rest);
  return 1 + others.filter((re) => re !== URGENCY).length + (proof ? 1 : 0);
}

/**
 * Credential phishing: a request to sign in, verify or reset a password or an account, together
 * with pressure (a deadline, "action required", a threat of loss), a generic salutation or a link
 * whose address is a lookalike or asks for a login.
 */
const CREDENTIAL_ASK =
  /\b(?:verify|confirm|validate|re-?validate|unlock|reactivate|restore) your (?:account|identity|e-?mail|mailbox|password|login|credentials|sign-?in|wallet)\b|\bupdate your (?:password|credentials|payment (?:details|information)|billing (?:details|information))\b|\b(?:your )?password (?:expires?|has expired|will expire|is about to expire)\b|\b(?:sign|log) ?in (?:now |here |below )?to (?:keep|avoid|restore|verify|confirm)\b|\benter your (?:password|credentials|login)\b|\b(?:sign|log) ?in (?:here )?(?:with|using) your (?:(?:work |business )?e-?mail(?: address)?|account|microsoft|office ?365|google|outlook)?(?: (?:and|&) |, )?(?:your )?password\b|\b(?:e-?mail|account) (?:and|&) password (?:to (?:view|open|access|download))\b/i;
const PHISHING_PRESSURE = [
  /\baction required\b|\burgent(?:ly)?\b|\bimmediately\b|\b(?:within|in) (?:12|24|48|72) hours\b|\bexpires? (?:today|tonight|soon)\b|\bfinal (?:notice|warning)\b/i,
  /\bfailure to (?:verify|confirm|update|comply|respond)\b|\b(?:permanent(?:ly)?|will) (?:loss|lose|be (?:suspended|closed|locked|deleted|disabled|deactivated))\b|\b(?:loss of|lose) (?:your )?(?:e-?mails?|access|data|account)\b/i,
  /^\s*dear (?:user|customer|client|member|account (?:holder|owner)|valued (?:customer|user|member)|sir(?:\/madam)?|e-?mail user)\b/im,
  /https?:\/\/[^\s/]*(?:\d[a-z]|[a-z]\d)[^\s/]*\/[^\s]*(?:verify|login|signin|secure|account|password|reset|auth)|https?:\/\/(?:\d{1,3}\.){3}\d{1,3}\b|https?:\/\/[^\s/]*(?:secure|verify|login|account|security)[^\s/]*-[^\s/]*\./i,
];

/** A request to sign in, verify or reset a password or an account, under pressure, a nameless greeting or a lookalike link. */
export function credentialPhishing(plain: string): boolean {
  return CREDENTIAL_ASK.test(plain) && PHISHING_PRESSURE.some((re) => re.test(plain));
}
