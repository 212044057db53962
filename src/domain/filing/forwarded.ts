// A forwarded copy of a message the brain already holds ("FYI, same notes as yesterday" above a
// "Forwarded message" block) adds nothing to file: filing it again would put a second line for the
// same event on every page. This finds the forwarded block and compares it with earlier items.
import { mailHeader } from './messageDate.js';
import { normalizeText, wordCount } from './text.js';

/** The line that opens a forwarded message (not a reply's quoted original), as mail clients write it in several languages. */
const FORWARD_MARKER =
  /^\s*(?:-{2,}\s*(?:forwarded message|weitergeleitete nachricht|message transf[ée]r[ée]|mensaje reenviado|messaggio inoltrato)\s*-{2,}|begin forwarded message:|d[ée]but du message r[ée]exp[ée]di[ée]\s*:|anfang der weitergeleiteten nachricht:)\s*$/imu;

/** What a forward's own note may say and still add nothing: a few words, no sentence of facts. */
const MAX_NOTE_WORDS = 25;

export interface Forward {
  /** The forwarder's own words above the forwarded block. */
  note: string;
  /** The forwarded message's body, without its header lines. */
  body: string;
}

/** The forwarded message in `text`, or null when the text is not a forward. */
export function forwardedMessage(text: string): Forward | null {
  const lines = normalizeText(text).split('\n');
  const at = lines.findIndex((l) => FORWARD_MARKER.test(l));
  if (at < 0) return null;
  const top = mailHeader(lines);
  const note = lines.slice(top && top.end <= at ? top.end : 0, at).join('\n').trim();
  let i = at + 1;
  while (i < lines.length && /^\s*[\p{L}][\p{L}-]{1,20}\s*:\s*.*$/u.test(lines[i]!) && lines[i]!.trim()) i++;
  const body = lines.slice(i).join('\n').trim();
  return body ? { note, body } : null;
}

/** The body of a message (below its e-mail header, when it has one), flattened for comparison. */
export function comparableBody(text: string): string {
  const lines = normalizeText(text).split('\n');
  const head = mailHeader(lines);
  return flatten(lines.slice(head ? head.end : 0).join('\n'));
}

/** Flattened for comparison, without a signature block (below a `--` line): forwards often drop it. */
function flatten(s: string): string {
  const lines = s.split('\n');
  const sig = lines.findIndex((l) => /^\s*--\s*$/.test(l));
  return (sig >= 0 ? lines.slice(0, sig) : lines).join('\n').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * True when `text` forwards, with at most a short note of its own, a message whose body is `earlier`
 * (the whole of it, or all but a signature's worth).
 */
export function forwardsTheSame(text: string, earlierBody: string): boolean {
  const fwd = forwardedMessage(text);
  if (!fwd || wordCount(fwd.note) > MAX_NOTE_WORDS) return false;
  const body = flatten(fwd.body);
  if (body.length < 80 || !earlierBody) return false;
  if (body === earlierBody) return true;
  const [short, long] = body.length <= earlierBody.length ? [body, earlierBody] : [earlierBody, body];
  return long.includes(short) && short.length >= long.length * 0.8;
}
