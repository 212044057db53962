// Scam and phishing mail, and spam calendar invitations, in the languages they arrive in. Each family
// of signals is one question asked in many languages — does it promise a prize, ask for credentials or
// personal papers, ask for a payment or a new bank account, press with a deadline, threaten a loss,
// hold a parcel, greet a nameless "customer", carry a link — and the verdict is a combination of
// families, never one phrase. An item related to the brain (its sender or the pages it names are
// known) is never judged by these signals: a real invoice from a supplier, a real invitation from a
// colleague or a real award letter that congratulates is filed. Pure and offline.

export type JunkFamily = 'prize' | 'credentials' | 'payment' | 'urgency' | 'threat' | 'parcel' | 'salutation' | 'link';

/** Matched between non-letters, so the words of every script are bounded alike. */
const words = (body: string) => new RegExp(`(?<!\\p{L})(?:${body})(?!\\p{L})`, 'iu');

const FAMILIES: Record<Exclude<JunkFamily, 'link'>, RegExp[]> = {
  // A win, a prize, a draw, a reward or bonus to claim.
  prize: [
    words(
      [
        "congratulations|you(?:'ve| have)? (?:won|been selected)|winner|(?:claim|redeem) (?:your|the) (?:prize|reward|gift|bonus|funds)|prize|sweepstakes?|lottery|jackpot|lucky draw|airdrop|(?:exclusive|special) bonus",
        'f[ée]licitations|vous avez gagn[ée]|gagnante?s?|vos gains|tirage au sort|loterie',
        'herzlichen gl[üu]ckwunsch|sie haben gewonnen|gewinner(?:in)?|gewinnspiel|verlosung|lotterie',
        'felicidades|enhorabuena|(?:ha|has) ganado|ganador(?:a)?|premio|sorteo|loter[íi]a',
        'hai vinto|ha vinto|vincitore|vincita|estrazione|lotteria',
        'parab[ée]ns|voc[êe] ganhou|ganhador(?:a)?|pr[êé]mio|sorteio|vale-presente',
        'gefeliciteerd|u heeft gewonnen|je hebt gewonnen|winnaar|loterij|prijsvraag',
        'gratulujemy|wygra(?:[łl]e[śs]|[łl]a[śs]|[łl]|[łl]a)|wygran[aą]|nagrod[aęy]|zwyci[ęe]zc[aą]|loteri[ai]',
        'поздравляем|вы выиграли|победител\\p{L}*|приз|розыгрыш\\p{L}*|лотере\\p{L}*',
        'tebrikler|kazand[ıi]n[ıi]z|[çc]ekili[şs]|[öo]d[üu]l',
        'مبروك|ربحت|فزت|جائزة|سحب',
      ].join('|'),
    ),
    /当選|おめでとうございます|賞金|中奖|恭喜您|당첨|축하합니다/u,
  ],
  // Credentials, payment-card data, seed phrases or identity papers asked for.
  credentials: [
    words(
      [
        'password|passcode|login details|credentials|seed phrase|recovery phrase|(?:verify|confirm) your (?:identity|account|details|wallet)|card (?:number|details)|copy of your (?:id|passport)',
        "zugangsdaten|passwort|kennwort|(?:identit[äa]t|daten) (?:zu )?best[äa]tigen|best[äa]tigen sie ihre (?:identit[äa]t|daten|zugangsdaten)",
        "mot de passe|identifiants|pi[èe]ce d['’]identit[ée]|v[ée]rifie[rz] votre (?:identit[ée]|compte)|coordonn[ée]es bancaires",
        'contrase[ñn]a|datos de acceso|verifi(?:car|que) su (?:identidad|cuenta)|datos de (?:su )?tarjeta',
        "credenziali|dati di accesso|verifica(?:re)? (?:la tua|il tuo) (?:identit[àa]|account)|dati della carta",
        'senha|dados de acesso|verifi(?:car|que) (?:sua|seu) (?:identidade|conta)|dados do cart[ãa]o',
        'wachtwoord|inloggegevens|bevestig uw (?:identiteit|gegevens)',
        'has[łl]o|dane logowania|zaktualizuj dane|potwierd[źz] (?:swoje )?dane|dane karty',
        'пароль|логин|данные карты|подтвердите (?:свои )?данные',
        '[şs]ifre|giri[şs] bilgileri|hesab[ıi]n[ıi]z[ıi] do[ğg]rula\\p{L}*',
        'كلمة المرور|بيانات الدخول',
      ].join('|'),
    ),
    /パスワード|ログインし|お支払い情報|カード情報|本人確認|密码|验证您的|비밀번호|본인 인증/u,
  ],
  // A payment, a fee or a transfer asked for, or a bank account said to have changed.
  payment: [
    words(
      [
        'pay (?:the|a|your) (?:small |outstanding )?(?:fee|charge|balance|invoice)|(?:shipping|customs|processing|handling|release) fee|new (?:bank )?account|(?:bank|payment) details have changed|wire (?:the )?(?:funds|payment)',
        "frais de (?:dossier|livraison|douane|traitement)|payer (?:les|des) frais|nouveau compte|nos coordonn[ée]es bancaires ont chang[ée]",
        'geb[üu]hr\\p{L}*|neue (?:bank|konto)verbindung|(?:bank|konto)verbindung (?:hat sich )?ge[äa]ndert|jetzt bezahlen',
        'pague|realice (?:hoy mismo )?(?:la|el) (?:transferencia|pago)|nueva cuenta|hemos cambiado (?:nuestra|nuestros|de) (?:cuenta|datos bancarios)|tasa de (?:env[íi]o|aduana)',
        'paga (?:entro|ora|subito)|spese di (?:spedizione|sdoganamento)|nuovo (?:conto|iban)|effettua(?:re)? il (?:pagamento|bonifico)',
        'pague|taxa de (?:entrega|envio|alf[âa]ndega)|nova conta',
        'verzendkosten|betaal (?:nu|de)|nieuwe rekening',
        'dop[łl]a[ćc]|zap[łl]a[ćc]|op[łl]at[aęy] (?:za|celn)|nowy (?:numer )?(?:konta|rachunek)',
        'оплатите|оплат[аиу] (?:доставки|пошлины)|новый (?:сч[её]т|реквизиты)',
        '[öo]deme yap|g[üu]mr[üu]k [üu]creti|kargo [üu]creti',
        'ادفع|رسوم الشحن',
      ].join('|'),
    ),
    /お支払いください|送料|手数料をお支払い|支付费用|결제하세요/u,
  ],
  // A deadline counted in hours, "immediately", "urgent" (a plain "today" is how real mail speaks too).
  urgency: [
    /(?<!\d)(?:12|24|48|72)\s?(?:h(?!\p{L})|hours?|heures|horas|stunden|uur|ore(?!\p{L})|godzin\p{L}*|saat|時間|小时|시간|час\p{L}*|ساعة)/iu,
    words(
      [
        'urgent(?:e|ly)?|immediately|action required|final (?:notice|warning)|expires? (?:today|soon)',
        "imm[ée]diatement|dernier (?:avis|rappel)",
        'dringend|sofort|umgehend|letzte mahnung',
        'inmediat[ao]|urgente|hoy mismo|acci[óo]n inmediata',
        'immediatamente|urgente|oggi stesso',
        'imediatamente|urgente|ainda hoje',
        'onmiddellijk|dringend|nog vandaag',
        'natychmiast|pilne|niezw[łl]ocznie',
        'срочно|немедленно',
        'acil|hemen',
        'عاجل|فورا',
      ].join('|'),
    ),
    /【重要】|至急|今すぐ|期限を過ぎ|立即|紧急|긴급|즉시/u,
  ],
  // A loss threatened: an account blocked or deleted, a parcel sent back, legal action, surcharges.
  threat: [
    words(
      [
        '(?:suspended|locked|blocked|restricted|deactivated|deleted|closed) (?:permanently|temporarily)?|legal action|returned to (?:the )?sender|late fees?|penalt(?:y|ies)',
        'suspendu|bloqu[ée]|supprim[ée]|poursuites|retourn[ée] (?:à|a) l[\'’]exp[ée]diteur|p[ée]nalit[ée]s',
        'gesperrt|eingeschr[äa]nkt|gel[öo]scht|deaktiviert|rechtliche schritte|mahngeb[üu]hr\\p{L}*|inkasso',
        'suspendid[ao]|bloquead[ao]|cancelad[ao]|eliminad[ao]|acciones legales|recargos?',
        'sospes[oa]|bloccat[oa]|eliminat[oa]|restituzione al mittente|azioni legali',
        'suspens[ao]|bloquead[ao]|encerrad[ao]|devolvid[ao] ao remetente|a[çc][õo]es legais',
        'geblokkeerd|opgeschort|verwijderd|teruggestuurd|incasso',
        'zablokowan\\p{L}*|zawieszon\\p{L}*|wstrzyman\\p{L}*|zwr[óo]con\\p{L}* do nadawcy|usuni[ęe]t\\p{L}*',
        'заблокирован\\p{L}*|приостановлен\\p{L}*|удал[её]н\\p{L}*',
        'ask[ıi]ya al[ıi]nd[ıi]|kapat[ıi]lacak|engellendi',
        'تعليق|إيقاف|حظر',
      ].join('|'),
    ),
    /停止しました|削除されます|凍結|ロックされ|冻结|정지|삭제됩니다/u,
  ],
  // A parcel held or not delivered.
  parcel: [
    words(
      [
        'parcel|package|shipment|delivery (?:attempt|failed)|tracking number',
        'colis|livraison',
        'paket|sendung|zustellung',
        'paquete|env[íi]o|entrega',
        'pacco|spedizione|consegna\\p{L}*|tracciamento',
        'encomenda|pacote|entrega',
        'pakket|zending|bezorging',
        'paczk\\p{L}*|przesy[łl]k\\p{L}*|kurier\\p{L}*',
        'посылк\\p{L}*|доставк\\p{L}*',
        'kargo|g[öo]nderi',
        'طرد|شحنة',
      ].join('|'),
    ),
    /荷物|配達|配送|包裹|택배|배송/u,
  ],
  // A nameless greeting: the sender does not know who the reader is.
  salutation: [
    /^\s*(?:dear (?:customer|user|client|member|winner|sir(?:\/madam)?|account holder|valued customer)|sehr geehrte[r]? (?:kunde|kundin|nutzer(?:in)?)|ch[èe]re? (?:client(?:e)?|gagnant(?:e)?|utilisat(?:eur|rice))|estimad[oa] (?:cliente|usuari[oa])|querid[oa] (?:cliente|ganador)|gentile (?:cliente|utente)|car[oa] (?:cliente|utente)|prezad[oa] (?:cliente|usu[áa]rio)|beste (?:klant|gebruiker)|geachte (?:klant|gebruiker)|szanown[ya] (?:klienc\p{L}*|u[żz]ytkownik\p{L}*)|drogi (?:kliencie|u[żz]ytkowniku)|уважаемый (?:клиент|пользователь)|say[ıi]n (?:kullan[ıi]c[ıi]|m[üu][şs]teri)|عزيزي (?:العميل|المستخدم))\b/imu,
    /^\s*(?:お客様|お客さま|尊敬的用户|尊敬的客户|고객님)/mu,
  ],
};

const LINK = /https?:\/\/\S+|(?<![\p{L}@])www\.[\w-]+\.\w/iu;

/** The families of junk signals present in a text. */
export function junkFamilies(text: string): Set<JunkFamily> {
  const found = new Set<JunkFamily>();
  for (const [family, res] of Object.entries(FAMILIES) as Array<[Exclude<JunkFamily, 'link'>, RegExp[]]>) {
    if (res.some((re) => re.test(text))) found.add(family);
  }
  if (LINK.test(text)) found.add('link');
  return found;
}

const FAMILY_WORDS: Record<JunkFamily, string> = {
  prize: 'a prize or win to claim',
  credentials: 'a request for credentials, card data or identity papers',
  payment: 'a payment, fee or new bank account asked for',
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
 * Whether an item unrelated to the brain reads as scam, phishing or a spam invitation: a prize to
 * collect with credentials or a fee, or through a link under pressure or a nameless greeting (news of
 * someone's award with a link is not that); credentials asked for through a link
 * under pressure; a held parcel released for a fee; a payment demanded under a threat and a deadline;
 * or, for a calendar invitation, a prize or a link pressed with urgency. The caller decides relation.
 */
export function scamVerdict(text: string, opts: { calendar?: boolean } = {}): ScamVerdict {
  const f = junkFamilies(text);
  const has = (k: JunkFamily) => f.has(k);
  const pressure = has('urgency') || has('threat');
  const junk =
    (has('prize') && (has('credentials') || has('payment') || (has('link') && (pressure || has('salutation'))))) ||
    (has('credentials') && has('link') && pressure) ||
    (has('credentials') && has('salutation') && pressure) ||
    (has('parcel') && has('payment') && (has('link') || pressure)) ||
    (has('payment') && has('threat') && (has('urgency') || has('link'))) ||
    (!!opts.calendar && (has('prize') || (has('link') && pressure) || has('credentials')));
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
