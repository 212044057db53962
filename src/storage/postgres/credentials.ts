// Keeping the password of BRAINKEEP_DATABASE_URL out of messages and logs. A URL written with an
// unescaped '/', '?' or '#' in its password (`postgres://u:12/pw@host/db`) parses as another URL
// (host `u`, port 12, the rest a path or fragment), so masking the parsed password is not enough:
// the secrets are read from the raw text (everything between `scheme://user:` and the last '@', and
// password parameters), and every message about the connection has them cut out.
// Imported by the bridge's thread too: nothing here may import the rest of the code.

const MASK = '***';

/** The password-like parts of a connection string as written, raw and percent-decoded. */
function secretsOf(url: string): string[] {
  const found = new Set<string>();
  const add = (s: string | undefined) => {
    if (!s) return;
    found.add(s);
    try {
      found.add(decodeURIComponent(s));
    } catch {
      // not valid percent-encoding: the raw text is the secret
    }
  };
  // Greedy to the last '@': the host follows it, whatever the password holds.
  const userinfo = /^[a-z][a-z0-9+.-]*:\/\/([^]*)@/i.exec(url)?.[1];
  if (userinfo) {
    const colon = userinfo.indexOf(':');
    if (colon >= 0) add(userinfo.slice(colon + 1));
  }
  // libpq takes the password (and a client key's passphrase) as parameters, in a URL or key=value form.
  for (const m of url.matchAll(/(?:^|[?&\s])(?:password|sslpassword)\s*=\s*('(?:[^'\\]|\\.)*'|[^&\s]*)/gi)) {
    const v = m[1]!;
    add(v.startsWith("'") ? v.slice(1, -1) : v);
  }
  // Longest first: a secret that holds another is cut out whole.
  return [...found].sort((a, b) => b.length - a.length);
}

/** `text` with every secret of `url` replaced by ***. */
export function scrubCredentials(text: string, url: string): string {
  for (const s of secretsOf(url)) text = text.split(s).join(MASK);
  return text;
}

/** The URL without its password, for messages and logs; a URL that does not parse as written is not shown. */
export function redactUrl(url: string): string {
  const hidden = 'the configured URL';
  try {
    const u = new URL(url);
    // An '@' the parser did not take as the end of the user part: a password with an unescaped
    // '/', '?' or '#' was read as host, path or fragment, and would be printed.
    if (`${u.host}${u.pathname}${u.search}${u.hash}`.includes('@')) return hidden;
    if (u.hash) return hidden;
    if (u.password) u.password = MASK;
    for (const key of [...u.searchParams.keys()]) {
      if (/^(password|sslpassword)$/i.test(key)) u.searchParams.set(key, MASK);
    }
    return u.toString();
  } catch {
    return hidden;
  }
}
