// Capture formats the extractors read as plain text: calendar exports (iCalendar VEVENTs and
// calendar-API JSON events) become meeting notes with Title/Date/Attendees lines; WebVTT captions
// become `Speaker: text` lines; pasted chat transcripts (`You said:` / `ChatGPT said:`, `## User` /
// `## Assistant` headings) become `User:` / `Assistant:` lines; a WhatsApp chat export becomes a
// JSON session of its dated messages. Anything else is returned as is.
import { slashOrder } from './eventDate.js';
import { dayPeriodOf } from './intlDates.js';
import { asciiDigits, datesIn, normalizeText, NUMBERED_SPEAKER, speakerOf } from './text.js';

export function readableText(raw: string, filename: string | null = null): string {
  const normal = normalizeText(raw);
  const text = unquotedChat(normal);
  const read = fromIcs(text) ?? fromCalendarJson(text) ?? fromVtt(text, filename) ?? fromWhatsApp(text) ?? fromKakaoTalk(text) ?? fromPastedChat(text) ?? fromStampedSpeakers(text) ?? fromNamedBlocks(text) ?? (text === normal ? raw : text);
  return invitedLine(read);
}

/**
 * A chat pasted as a block quote (`> Human: …`, `> **Assistant:** …`, as terminal agents and some
 * exporters write it): two or more quoted chat-role lines make the whole text a transcript, so the
 * quote marks come off (otherwise every turn would read as someone else's quoted mail).
 */
export function unquotedChat(text: string): string {
  const quoted = text.match(/^[ \t]*>[ \t]*(?:\*\*)?(?:human|user|assistant|ai|claude|chatgpt|gemini|copilot|you|me)(?:\*\*)?[ \t]*:/gim) ?? [];
  // The role alone on its quoted line, the message below it (`> user` / `> assistant`, `> **You**`).
  const alone = text.match(/^[ \t]*>[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*)?(?:human|user|assistant|ai|claude|chatgpt|gemini|copilot|you)(?:\*\*)?[ \t]*:?[ \t]*(?:\*\*)?[ \t]*$/gim) ?? [];
  const roles = new Set(alone.map((l) => l.replace(/[>#*:\s]/g, '').toLowerCase()));
  return quoted.length >= 2 || (alone.length >= 2 && roles.size >= 2) ? text.replace(/^[ \t]*>[ \t]?/gm, '') : text;
}

/**
 * Google Meet's notes ("Notes by Gemini") list the invitees as `Invited Hedy Lamarr Radia Perlman`:
 * names side by side with no separator. A line of an even number (2–16) of capitalised words is read
 * as first-and-last-name pairs on an `Attendees:` line; anything else is left as it is.
 */
function invitedLine(text: string): string {
  return text.replace(/^Invited[ \t]+((?:\p{Lu}[\p{L}'’.-]*[ \t]*){2,16})$/gmu, (line, names: string) => {
    const words = names.trim().split(/\s+/);
    if (words.length % 2) return line;
    const pairs: string[] = [];
    for (let i = 0; i < words.length; i += 2) pairs.push(`${words[i]} ${words[i + 1]}`);
    return `Attendees: ${pairs.join(', ')}`;
  });
}

// ---------- iCalendar (RFC 5545)

function unfold(text: string): string[] {
  return text.replace(/\n[ \t]/g, '').split('\n');
}

function icsValue(v: string): string {
  return v.replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1').trim();
}

/** `20260310T140000Z`, `20260310` or `2026-03-10T…` → `2026-03-10`. */
export function calendarDate(v: string): string | null {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(v.trim());
  return m ? (datesIn(`${m[1]}-${m[2]}-${m[3]}`)[0] ?? null) : null;
}

function fromIcs(text: string): string | null {
  if (!/^BEGIN:VCALENDAR|^BEGIN:VEVENT/m.test(text)) return null;
  const lines = unfold(text);
  const start = lines.findIndex((l) => /^BEGIN:VEVENT/i.test(l));
  if (start < 0) return null;
  const end = lines.findIndex((l, i) => i > start && /^END:VEVENT/i.test(l));
  const event = lines.slice(start + 1, end < 0 ? undefined : end);
  let title = '';
  let date: string | null = null;
  let description = '';
  let location = '';
  const people: string[] = [];
  for (const line of event) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const head = line.slice(0, colon);
    const value = line.slice(colon + 1);
    const [name, ...params] = head.split(';');
    const key = name!.toUpperCase();
    if (key === 'SUMMARY') title = icsValue(value);
    else if (key === 'DTSTART') date = calendarDate(value);
    else if (key === 'DESCRIPTION') description = icsValue(value);
    else if (key === 'LOCATION') location = icsValue(value);
    else if (key === 'ATTENDEE' || key === 'ORGANIZER') {
      // Rooms and equipment are booked, not met; an invitee who declined was not there.
      if (params.some((p) => /^CUTYPE=(?:ROOM|RESOURCE)$/i.test(p) || /^PARTSTAT=DECLINED$/i.test(p))) continue;
      if (RESOURCE_MAILBOX.test(value)) continue;
      const cn = params.map((p) => /^CN=(.+)$/i.exec(p)?.[1]).find(Boolean)?.replace(/^"|"$/g, '');
      const email = /mailto:([^\s;]+)/i.exec(line)?.[1] ?? null;
      const entry = cn && email ? `${cn} <${email}>` : cn ?? email;
      if (entry && !people.includes(entry)) people.push(entry);
    }
  }
  return meetingNotes(title, date, people, description, location);
}

/** Calendar addresses of rooms and resources (Google's resource calendars, Exchange room mailboxes). */
const RESOURCE_MAILBOX = /@resource\.calendar\.google\.com\b|^(?:mailto:)?(?:room|rooms|conf(?:erence)?-?room|meeting-?room)[._-][^@\s]*@/i;

// ---------- calendar-API JSON (Google Calendar, Microsoft Graph)

function fromCalendarJson(text: string): string | null {
  if (!/^\s*[[{]/.test(text) || !/attendees/i.test(text)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const event = (Array.isArray(parsed) ? parsed[0] : parsed) as Record<string, any> | undefined;
  if (!event || typeof event !== 'object' || !Array.isArray(event.attendees)) return null;
  const title = String(event.summary ?? event.subject ?? event.title ?? '');
  const startRaw = event.start?.dateTime ?? event.start?.date ?? event.start ?? event.startTime ?? '';
  const date = typeof startRaw === 'string' ? calendarDate(startRaw) : null;
  const people: string[] = [];
  const add = (a: any) => {
    if (!a || typeof a !== 'object') return;
    if (a.resource === true || /^(?:resource|room|equipment)$/i.test(String(a.type ?? '')) || /^declined$/i.test(String(a.responseStatus ?? a.status?.response ?? ''))) return;
    const addr = a.emailAddress ?? a;
    const email = typeof addr.email === 'string' ? addr.email : typeof addr.address === 'string' ? addr.address : null;
    const name = [addr.displayName, addr.name].find((x) => typeof x === 'string' && x.trim()) as string | undefined;
    if (email && RESOURCE_MAILBOX.test(email)) return;
    const entry = name && email ? `${name} <${email}>` : name ?? email;
    if (entry && !people.includes(entry)) people.push(entry);
  };
  add(event.organizer);
  for (const a of event.attendees) add(a);
  const body = event.description ?? event.body?.content ?? event.bodyPreview ?? '';
  const location = typeof event.location === 'string' ? event.location : event.location?.displayName ?? '';
  return meetingNotes(title, date, people, typeof body === 'string' ? body.replace(/<[^>]+>/g, ' ') : '', location);
}

function meetingNotes(title: string, date: string | null, people: string[], description: string, location: string): string {
  return [
    `Title: ${title || 'Meeting'}`,
    ...(date ? [`Date: ${date}`] : []),
    ...(people.length ? [`Attendees: ${people.join(', ')}`] : []),
    ...(location ? [`Location: ${location}`] : []),
    '',
    description,
    '',
  ].join('\n');
}

// ---------- WebVTT captions

function fromVtt(text: string, filename: string | null): string | null {
  if (!/^WEBVTT\b/.test(text.trimStart()) && !/\.vtt$/i.test(filename ?? '')) return null;
  const out: string[] = [];
  let last: string | null = null;
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n').map((l) => l.trim()).filter(Boolean);
    if (!lines.length) continue;
    if (/^WEBVTT/.test(lines[0]!)) continue;
    if (/^NOTE\b/.test(lines[0]!)) {
      out.push(lines.join(' ').replace(/^NOTE\s*/, ''));
      continue;
    }
    const cue = lines.filter((l) => !/-->/.test(l) && !/^\d+$/.test(l));
    for (const l of cue) {
      const voice = /^<v(?:\.[^ >]*)?\s+([^>]+)>(.*?)(?:<\/v>)?$/.exec(l);
      const speaker = voice ? voice[1]!.trim() : /^([A-Z][\p{L}'’.-]*(?:\s+[A-Z][\p{L}'’.-]*){0,3}):\s+/u.exec(l)?.[1] ?? null;
      const said = (voice ? voice[2]! : speaker ? l.slice(speaker.length + 1) : l).replace(/<[^>]+>/g, '').trim();
      if (!said) continue;
      if (speaker && speaker === last) out[out.length - 1] += ` ${said}`;
      else if (speaker) out.push(`${speaker}: ${said}`);
      else if (out.length) out[out.length - 1] += ` ${said}`;
      else out.push(said);
      if (speaker) last = speaker;
    }
  }
  return out.join('\n');
}

// ---------- pasted chat transcripts

/** A time stamp after a role label: "### User (Oct 22, 2026, 2:14 PM)", "**Assistant** · 2026-10-22 14:03". */
// One whitespace run between parts (never two adjacent runs that can trade characters: the
// older form backtracked cubically on a label followed by a thousand spaces), and lines longer
// than LABEL_MAX are never role labels, so the patterns only ever see short lines.
const LABEL_STAMP = String.raw`[ \t]*(?:(?:\(([^()\n]{4,40})\)|\[([^\[\]\n]{4,40})\]|[-–—·|][ \t]*(\d[^\n]{3,38}))[ \t]*)?(?::[ \t]*)?(?:\*\*[ \t]*)?$`;
// The chat apps' own labels as their interfaces write them in other languages ("Dijiste:", "Vous avez
// dit :", "Du hast gesagt:", "Você disse:", "Hai detto:"; "ChatGPT dijo:", "ChatGPT a dit :", "ChatGPT hat
// gesagt:", "O ChatGPT disse:"), and the role nouns a translated transcript uses ("Usuario", "Asistente").
/** An icon some exporters put before the role ("### 👤 User", "### 💬 Copilot"). */
const LABEL_ICON = String.raw`(?:[\p{Extended_Pictographic}\u{FE0F}\u{200D}]{1,8}[ \t]*)?`;
const USER_LABEL_INTL = String.raw`dijiste|t[úu] dijiste|has dicho|vous avez dit|tu as dit|du hast gesagt|voc[êe] disse|hai detto|je zei|usuari[oa]|usu[áa]ri[oa]|utilisat(?:eur|rice)|benutzer(?:in)?|utente|gebruiker|あなた|ユーザー|用户`;
const ASSISTANT_LABEL_INTL = String.raw`(?:(?:el|la|o|le|der|il|de)[ \t]+)?(?:chatgpt|claude|gemini|copilot|asistente|assistente|assistant|assistent)[ \t]+(?:dijo|ha dicho|a dit|hat gesagt|sagte|disse|ha detto|zei)|asistente|assistente|assistent(?:in)?|アシスタント|助手`;
const USER_LABEL_RE = new RegExp(String.raw`^(?:#{1,6}[ \t]*)?${LABEL_ICON}(?:\*\*)?(you said|you|user|human|me|prompt|${USER_LABEL_INTL})(?:\*\*)?${LABEL_STAMP}`, 'iu');
const ASSISTANT_LABEL_RE = new RegExp(String.raw`^(?:#{1,6}[ \t]*)?${LABEL_ICON}(?:\*\*)?(${ASSISTANT_LABEL_INTL}|chatgpt said|claude said|gemini said|copilot said|assistant said|chatgpt|claude|gemini|copilot|assistant|ai|response)(?:\*\*)?${LABEL_STAMP}`, 'iu');
/** The longest line taken as a role label ("### Assistant (Oct 22, 2026, 2:14 PM):" is under 60). */
export const LABEL_MAX = 200;
const labelMatcher = (re: RegExp) => ({
  exec: (line: string) => (line.length > LABEL_MAX ? null : re.exec(line)),
  test: (line: string) => line.length <= LABEL_MAX && re.test(line),
});
const USER_LABEL = labelMatcher(USER_LABEL_RE);
const ASSISTANT_LABEL = labelMatcher(ASSISTANT_LABEL_RE);
/** The stamp a role label carries, when it holds a date. */
function labelStamp(line: string): string | null {
  const m = USER_LABEL.exec(line) ?? ASSISTANT_LABEL.exec(line);
  const stamp = m ? (m[2] ?? m[3] ?? m[4] ?? null) : null;
  return stamp && datesIn(stamp).length ? stamp.trim() : null;
}
const INLINE_LABEL = /^(?:\*\*)?(you said|chatgpt said|claude said|gemini said|chatgpt|gemini|copilot|gpt-?[\w.-]*|me|you)(?:\*\*)?\s*:\s*(?:\*\*)?\s*(.+)$/i;
/** Inline labels of the person's own turns; the rest of INLINE_LABEL are the assistant's. */
const INLINE_USER = /^(?:you|me)\b/i;

/** Transcripts whose turns start with a label on a line of its own (`You said:`, `## Assistant`). */
function fromPastedChat(text: string): string | null {
  const lines = text.split('\n');
  let labels = 0;
  let users = 0;
  let assistants = 0;
  for (const l of lines) {
    const t = l.trim();
    const inline = INLINE_LABEL.exec(t);
    if (USER_LABEL.test(t) || (inline && INLINE_USER.test(inline[1]!))) users++;
    else if (ASSISTANT_LABEL.test(t) || inline) assistants++;
    else continue;
    labels++;
  }
  if (labels < 2 || !users || !assistants) return null;
  const out: string[] = [];
  let speaker: 'User' | 'Assistant' | null = null;
  let stamp: string | null = null;
  let buf: string[] = [];
  // Each message keeps its label's stamp ("User (Oct 22, 2026, 2:14 PM): …"): a session held over several days dates each day's lines by it.
  const flush = () => {
    if (speaker && buf.join(' ').trim()) out.push(`${speaker}${stamp ? ` (${stamp.replace(/[()]/g, ' ').trim()})` : ''}: ${buf.join(' ').replace(/\s+/g, ' ').trim()}`);
    buf = [];
  };
  const head: string[] = [];
  for (const l of lines) {
    const t = l.trim();
    const inline = INLINE_LABEL.exec(t);
    if (USER_LABEL.test(t) || ASSISTANT_LABEL.test(t)) {
      flush();
      speaker = USER_LABEL.test(t) ? 'User' : 'Assistant';
      stamp = labelStamp(t);
      continue;
    }
    if (inline) {
      flush();
      speaker = INLINE_USER.test(inline[1]!) ? 'User' : 'Assistant';
      stamp = null;
      buf.push(inline[2]!);
      continue;
    }
    if (speaker) buf.push(t);
    else if (t) head.push(t);
  }
  flush();
  // The first message's stamp dates a transcript whose header names no day.
  const first = lines.map((l) => labelStamp(l.trim())).find((x) => x != null);
  if (first && !datesIn(head.join('\n')).length) head.push(`Date: ${first}`);
  return [...head, ...(head.length ? [''] : []), ...out].join('\n');
}

// ---------- transcripts with the speaker and a time stamp on a line of their own

const STAMPED_SPEAKER = new RegExp(
  String.raw`^(?:\[?\(?(\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp]\.?[Mm]\.?)?)\)?\]?\s+)?(${NUMBERED_SPEAKER}|[A-Z][\p{L}'’.-]*(?:\s+[A-Z][\p{L}'’.-]*){0,3})(?:\s+\|)?(?:\s+\[?\(?(\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp]\.?[Mm]\.?)?)\)?\]?)?\s*$`,
  'u',
);

/**
 * Otter, Zoom and Teams style transcripts: "Ada Lovelace  00:01:12" (or "[00:01:12] Ada Lovelace",
 * "Speaker 2  1:02"), and chat threads pasted from Slack or Teams ("Ada Lovelace  9:14 AM")
 * on one line, what they said on the next lines. Becomes `Ada Lovelace: …` lines.
 */
/**
 * A chat client's message head with its day: Teams' "[10/6/2026 9:14 AM] Priya Nair" and Discord's
 * "Priya Nair — 15/09/2026 16:12" or "Priya Nair — Today at 4:12 PM". Lines over CHAT_HEAD_MAX are never heads.
 */
const TEAMS_HEAD = /^\[(\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?),?[ \t]+\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]*[AaPp]\.?[Mm]\.?)?\][ \t]*(\p{Lu}[\p{L}'’.-]*(?:,?[ \t]\p{Lu}[\p{L}'’.-]*){0,3})$/u;
const DISCORD_HEAD =
  /^(\p{Lu}[\p{L}'’.-]*(?:[ \t]\p{Lu}[\p{L}'’.-]*){0,3})[ \t]+[—–][ \t]+(?:(?:today|yesterday|heute|gestern|hoy|ayer|hoje|ontem|aujourd['’]hui|hier|oggi|ieri)(?:[ \t]+(?:at|um|a las|às|à|alle))?[ \t]+|(\d{1,2}[/.]\d{1,2}[/.]\d{2,4}),?[ \t]+)\d{1,2}:\d{2}(?:[ \t]*[AaPp]\.?[Mm]\.?)?$/iu;
/** Telegram Desktop's copied messages: "Priya Nair, [15.09.2026 16:12]" above the message. */
const TELEGRAM_HEAD = /^(\p{Lu}[\p{L}'’.-]*(?:[ \t]\p{Lu}[\p{L}'’.-]*){0,3}),[ \t]+\[(\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|\d{4}-\d{2}-\d{2}),?[ \t]+\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]*[AaPp]\.?[Mm]\.?)?\]$/u;
export const CHAT_HEAD_MAX = 120;
/** The speaker (and the day, when written) of a Teams or Discord message head, or null. */
function chatHead(line: string): { app: string; speaker: string; day: string | null; time: string | null } | null {
  if (line.length > CHAT_HEAD_MAX) return null;
  const time = /\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]*[AaPp]\.?[Mm]\.?)?/.exec(line)?.[0] ?? null;
  const t = TEAMS_HEAD.exec(line);
  if (t) return { app: 'Teams', speaker: t[2]!.includes(',') ? t[2]!.split(/,\s*/).reverse().join(' ') : t[2]!, day: /[/.]\d{1,2}[/.]\d{2,4}$/.test(t[1]!) ? t[1]! : null, time };
  const d = DISCORD_HEAD.exec(line);
  if (d) return { app: 'Discord', speaker: d[1]!, day: d[2] ?? null, time };
  const g = TELEGRAM_HEAD.exec(line);
  return g ? { app: 'Telegram', speaker: g[1]!, day: g[2]!, time } : null;
}

function fromStampedSpeakers(text: string): string | null {
  const lines = text.split('\n');
  const isHead = (l: string) => {
    if (chatHead(l.trim())) return true;
    const m = STAMPED_SPEAKER.exec(l.trim());
    return !!m && !!(m[1] ?? m[3]);
  };
  const heads = lines.filter(isHead).length;
  if (heads < 3) return null;
  const out: string[] = [];
  let speaker: string | null = null;
  let day: string | null = null;
  let app: string | null = null;
  let buf: string[] = [];
  let msgDay: string | null = null;
  // A message under a head with its day keeps it ("Priya Nair (15/09/2026 16:12): …"): a thread over several days dates each day's lines by it.
  const flush = () => {
    if (speaker && buf.length) out.push(`${speaker}${msgDay ? ` (${msgDay})` : ''}: ${buf.join(' ')}`);
    buf = [];
  };
  for (const l of lines) {
    const t = l.trim();
    if (isHead(t)) {
      flush();
      const head = chatHead(t);
      speaker = head ? head.speaker : STAMPED_SPEAKER.exec(t)![2]!;
      msgDay = head?.day ? `${head.day.replace(/([/.])(\d{2})$/, '$120$2')}${head.time ? ` ${head.time}` : ''}` : null;
      day ??= head?.day ?? null;
      app ??= head?.app ?? null;
      continue;
    }
    if (!t) continue;
    if (speaker) buf.push(t);
    else out.push(t);
  }
  flush();
  // The first message's day dates a thread whose header names none.
  const at = day ? datesIn(day.replace(/([/.])(\d{2})$/, '$120$2'), { order: slashOrder(text) })[0] : undefined;
  const dated = at && !datesIn(out.slice(0, Math.max(0, out.findIndex((l) => /^[^:]{1,60}: /.test(l)))).join('\n')).length;
  // A chat client's thread says where it comes from, so it reads as the chat it is, not as a meeting.
  const head = [...(dated ? [`Date: ${at}`] : []), ...(app ? [`Source: ${app} chat`] : [])];
  return [...head, ...(head.length ? [''] : []), ...out].join('\n');
}

// ---------- chats whose writers' names stand alone on a line above what they wrote

/** A name alone on its line with a colon ("Lucía:", "**Tomás Ruiz:**", "Yo:"); lines over NAME_LABEL_MAX are never labels. */
const NAME_LABEL = /^(?:\*\*)?(\p{Lu}[\p{L}'’.-]*(?:[ \t]\p{Lu}[\p{L}'’.-]*){0,2})(?:\*\*)?[ \t]*[:：](?:\*\*)?$/u;
export const NAME_LABEL_MAX = 60;

/**
 * "Lucía:" on one line, her message in the paragraph below, then "Yo:" and the reply: a chat copied
 * from a messenger or written up by hand. Three or more such labels, two writers at least, one of them
 * writing twice (a form's fields each occur once); becomes `Name: text` lines.
 */
function fromNamedBlocks(text: string): string | null {
  const lines = text.split('\n');
  const labelOf = (line: string): string | null => {
    const t = line.trim();
    const m = t.length <= NAME_LABEL_MAX ? NAME_LABEL.exec(t) : null;
    // Field and section labels ("Notas:", "Attendees:", "Decisions:") are not writers.
    return m && speakerOf(`${m[1]}: x`) ? m[1]! : null;
  };
  const labels = lines.map(labelOf);
  const named = labels.filter((l): l is string => l != null);
  const counts = new Map<string, number>();
  for (const n of named) counts.set(n, (counts.get(n) ?? 0) + 1);
  if (named.length < 3 || counts.size < 2 || ![...counts.values()].some((c) => c >= 2)) return null;
  const out: string[] = [];
  let speaker: string | null = null;
  let buf: string[] = [];
  const flush = () => {
    if (speaker && buf.length) out.push(`${speaker}: ${buf.join(' ')}`);
    buf = [];
  };
  lines.forEach((l, i) => {
    const t = l.trim();
    if (labels[i]) {
      flush();
      speaker = labels[i]!;
    } else if (t && speaker) buf.push(t);
    else if (t) out.push(t);
  });
  flush();
  return out.join('\n');
}

// ---------- WhatsApp chat exports

/**
 * `03/11/2026, 14:02 - Name: text` (Android) or `[03/11/2026, 14:02:11] Name: text` (iOS), the day's parts also
 * joined by dashes (`[12-03-2027 09:41:22]`, Dutch phones); years may have two digits,
 * come first (`[2026/10/14 9:14:02]`, Japanese and Chinese phones) or the time may follow a word (`14/10/2026 à 09:14`).
 */
const WHATSAPP_LINE = /^\[?(\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{4}[/.-]\d{1,2}[/.-]\d{1,2}),?\s+(?:(?:à|a las|um|às|alle|om)\s+)?(\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp]\.?\s?[Mm]\.?|\s*\p{L}[\p{L}\p{M}]{0,11}(?=\]|\s[-–]\s))?)\]?\s*(?:[-–]\s*)?([^:\n]{1,60}?):\s(.*)$/u;

/**
 * A line as WhatsApp's stamp is read: digits of any script as ASCII, direction marks (Arabic and Hebrew
 * phones write them around the day's numbers) dropped, the Arabic comma as a comma.
 */
function stampLine(l: string): string {
  return asciiDigits(l.replace(/[\u200e\u200f\u061c]/g, '')).replace(/،/g, ',').trim();
}

/**
 * A WhatsApp export: each message on a line of its own, stamped with its day and time and its
 * writer. Read as a JSON session (writer, text, day) so the writers are the participants and the
 * first message dates it; continuation lines join the message above; system lines are dropped.
 */
function fromWhatsApp(text: string): string | null {
  const lines = text.split('\n');
  const stamped = lines.filter((l) => WHATSAPP_LINE.test(stampLine(l))).length;
  if (stamped < 3 || stamped < lines.filter((l) => l.trim()).length * 0.6) return null;
  const order = slashOrder(text);
  const messages: Array<{ role: string; content: string; timestamp?: string }> = [];
  for (const l of lines) {
    const m = WHATSAPP_LINE.exec(stampLine(l));
    if (!m) {
      const last = messages[messages.length - 1];
      if (last && l.trim()) last.content += `\n${l.trim()}`;
      continue;
    }
    // Day first with dashes (`12-03-2027`, Dutch and Indian phones) reads as the dotted form.
    const dotted = /^\d{4}/.test(m[1]!) ? m[1]! : m[1]!.replace(/-/g, '.');
    const day = /^\d{4}/.test(dotted) ? dotted : dotted.replace(/([/.])(\d{2})$/, (_all, sep: string, yy: string) => `${sep}20${yy}`);
    const at = datesIn(day, { order })[0];
    // The time of day rides along ("2026-03-11 14:02"): a chat that runs past midnight stays one sitting.
    messages.push({ role: m[3]!.trim(), content: m[4]!.trim(), ...(at ? { timestamp: `${at}${clock24(m[2]!)}` } : {}) });
  }
  const kept = messages.filter((x) => !/^<[^>]+>$/.test(x.content));
  return kept.length >= 2 ? JSON.stringify({ source: 'whatsapp', messages: kept }) : null;
}

/** "2:14 PM" or "14:02:11" as " 14:02" (nothing when it does not read as a time). */
function clock24(t: string): string {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?(?:\s*([AaPp])\.?\s?[Mm]\.?)?$/.exec(t.trim());
  // A day period in another language ("١٠:١٥ ص", "2:05 오후"), known from ICU's tables.
  const other = m ? null : /^(\d{1,2}):(\d{2})(?::\d{2})?\s*(\p{L}[\p{L}\p{M}]*)$/u.exec(t.trim());
  if (other) {
    const half = dayPeriodOf(other[3]!);
    return half ? ` ${String((+other[1]! % 12) + (half === 'pm' ? 12 : 0)).padStart(2, '0')}:${other[2]}` : '';
  }
  if (!m) return '';
  const h = m[3] ? (+m[1]! % 12) + (/p/i.test(m[3]) ? 12 : 0) : +m[1]!;
  return h < 24 ? ` ${String(h).padStart(2, '0')}:${m[2]}` : '';
}

// ---------- KakaoTalk chat exports

/** `[박지훈] [오후 2:13] text`: the writer, then the time (with 오전/오후, 午前/午後 or AM/PM), then the message. */
const KAKAO_LINE = /^\[([^\]\n]{1,40})\] \[((?:오전|오후|午前|午後|AM|PM) ?\d{1,2}:\d{2}|\d{1,2}:\d{2}(?: ?[AaPp][Mm])?)\] (.*)$/;
/** The day between rules: `--------------- 2027년 3월 5일 금요일 ---------------`; lines over KAKAO_DAY_MAX are not one. */
const KAKAO_DAY = /^-{3,}[ \t]*([^-\n]{6,40}?)[ \t]*-{3,}$/;
export const KAKAO_DAY_MAX = 120;
const dayRule = (l: string) => (l.length <= KAKAO_DAY_MAX ? KAKAO_DAY.exec(l) : null);

/**
 * A KakaoTalk export (and LINE's, which writes the same shape): messages stamped with the writer and
 * the time, under rules that give the day. Read as a JSON session so the writers are the participants
 * and the first day under a rule dates it, not the day the export was saved.
 */
function fromKakaoTalk(text: string): string | null {
  const lines = text.split('\n').map((l) => l.trim());
  const stamped = lines.filter((l) => KAKAO_LINE.test(l)).length;
  const content = lines.filter((l) => l && !dayRule(l)).length;
  if (stamped < 3 || stamped < content * 0.5) return null;
  let day: string | undefined;
  const messages: Array<{ role: string; content: string; timestamp?: string }> = [];
  for (const l of lines) {
    const rule = dayRule(l);
    if (rule) {
      day = datesIn(rule[1]!)[0] ?? day;
      continue;
    }
    const m = KAKAO_LINE.exec(l);
    if (!m) {
      const last = messages[messages.length - 1];
      if (last && l) last.content += `\n${l}`;
      continue;
    }
    messages.push({ role: m[1]!.trim(), content: m[3]!.trim(), ...(day ? { timestamp: day } : {}) });
  }
  return messages.length >= 2 ? JSON.stringify({ source: 'kakaotalk', messages }) : null;
}
