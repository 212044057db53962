// Inbox rules that need no I/O: status moves, document references (provider inference,
// Google Drive ids, derived external ids), and sender domains.
import { randomUUID } from 'node:crypto';
import { INBOX_STATUS } from './enums.js';

export type InboxStatus = 0 | 1 | 2 | 3;
export type UploadVia = 'api' | 'webhook' | 'mcp';

/** CONTRACT: 0→1, 0→2, 0→3, 1→0 (re-queue), 1→2, 1→3, 3→0. Anything else is 409. */
export const STATUS_MOVES: Record<InboxStatus, InboxStatus[]> = {
  0: [1, 2, 3],
  1: [0, 2, 3],
  2: [],
  3: [0],
};

export function canMove(from: InboxStatus, to: InboxStatus): boolean {
  return STATUS_MOVES[from].includes(to);
}

export const NEEDS_CLIENT_REASON =
  'Needs a client: no partition was given and no sender or attendee email domain belongs to exactly one partition. Assign one with POST .../inbox/{itemId}/partition.';

export function isNeedsClient(status: number, reason: string | null): boolean {
  return status === INBOX_STATUS.Review && reason === NEEDS_CLIENT_REASON;
}

export interface SourceReference {
  provider: string | null;
  providerItemId: string | null;
  version: string | null;
  canonicalUrl: string | null;
}

/** Absolute http(s) URL or null. */
export function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** The provider a link's host belongs to, or null when the host is not a known one. */
export function inferProvider(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  if (host === 'onedrive.live.com' || host === '1drv.ms' || /-my\.sharepoint\.com$/.test(host)) return 'onedrive';
  if (host.endsWith('.sharepoint.com') || host === 'sharepoint.com') return 'sharepoint';
  if (host === 'drive.google.com' || host === 'docs.google.com') return 'gdrive';
  if (host.endsWith('.atlassian.net') || host.startsWith('confluence.') || url.pathname.startsWith('/wiki/spaces/')) return 'confluence';
  if (host === 'notion.so' || host.endsWith('.notion.so') || host.endsWith('.notion.site')) return 'notion';
  return null;
}

/**
 * The file id in a Google Drive or Docs link: `/file/d/<id>`, `/document/d/<id>`,
 * `/spreadsheets/d/<id>`, `/presentation/d/<id>`, `/drive/folders/<id>` or `?id=<id>`.
 */
export function parseGoogleDriveId(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  if (host !== 'drive.google.com' && host !== 'docs.google.com') return null;
  const m = /\/(?:file|document|spreadsheets|presentation|forms|drawings)\/(?:u\/\d+\/)?d\/([A-Za-z0-9_-]{10,})/.exec(url.pathname) ?? /\/folders\/([A-Za-z0-9_-]{10,})/.exec(url.pathname);
  if (m) return m[1]!;
  const id = url.searchParams.get('id');
  return id && /^[A-Za-z0-9_-]{10,}$/.test(id) ? id : null;
}

/**
 * Complete a reference: provider from the link's host, item id from Google Drive links.
 * Returns null when nothing identifies a document.
 */
export function completeReference(input: { provider?: string | null; providerItemId?: string | null; version?: string | null; canonicalUrl?: string | null }): SourceReference | null {
  const url = input.canonicalUrl ? parseHttpUrl(input.canonicalUrl) : null;
  const provider = input.provider?.trim() || (url ? inferProvider(url) : null);
  const providerItemId = input.providerItemId?.trim() || (url ? parseGoogleDriveId(url) : null);
  const version = input.version?.trim() || null;
  const canonicalUrl = input.canonicalUrl?.trim() || null;
  if (!provider && !providerItemId && !version && !canonicalUrl) return null;
  return { provider: provider ? provider.toLowerCase() : null, providerItemId, version, canonicalUrl };
}

/**
 * The key that chains versions of one document: provider and item id when both are known,
 * else the canonical link.
 */
export function documentKey(ref: SourceReference | null): string | null {
  if (!ref) return null;
  if (ref.provider && ref.providerItemId) return `${ref.provider}:${ref.providerItemId}`;
  if (ref.canonicalUrl) return `url:${ref.canonicalUrl}`;
  return null;
}

/**
 * `{provider}:{itemId}@{version}`. Without a version the content decides: a changed document
 * is a new version, the same bytes again are a repeat.
 */
export function deriveExternalId(ref: SourceReference | null, sha256: string): string | null {
  if (!ref?.provider || !ref.providerItemId) return null;
  return `${ref.provider}:${ref.providerItemId}@${ref.version ?? `sha256-${sha256.slice(0, 16)}`}`;
}

const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+@((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,})/g;

/** Public mail providers never decide a client: everyone has an address there. */
const PUBLIC_MAIL_DOMAINS = new Set([
  'gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'yahoo.com', 'icloud.com', 'me.com',
  'aol.com', 'proton.me', 'protonmail.com', 'gmx.com', 'gmx.de', 'web.de', 'mail.com', 'yandex.com', 'zoho.com', 'fastmail.com',
]);

export function normalizeDomain(d: string): string {
  return d.trim().toLowerCase().replace(/^@/, '').replace(/\.+$/, '');
}

export function domainOfEmail(address: string): string | null {
  const m = /@([^@\s>]+)>?\s*$/.exec(address.trim());
  return m ? normalizeDomain(m[1]!) : null;
}

/** Split a comma-separated sender header or field into addresses. */
export function parseSenders(value: string | string[] | null | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? value.split(',') : [];
  return [...new Set(list.map((s) => s.trim()).filter(Boolean))];
}

/** Domains that may decide the client: senders first, then addresses in the first part of the text. */
export function candidateDomains(senders: string[], text: string, scanChars = 20_000): string[] {
  const out = new Set<string>();
  for (const s of senders) {
    const d = domainOfEmail(s);
    if (d) out.add(d);
  }
  for (const m of text.slice(0, scanChars).matchAll(EMAIL_IN_TEXT)) out.add(normalizeDomain(m[1]!));
  return [...out].filter((d) => !PUBLIC_MAIL_DOMAINS.has(d));
}

/** True when `domain` is `allowed` or a subdomain of it. */
export function domainMatches(domain: string, allowed: string): boolean {
  const a = normalizeDomain(allowed);
  return domain === a || domain.endsWith(`.${a}`);
}

/**
 * A version 7 UUID (RFC 9562): 48 bits of Unix milliseconds, then random bits. Ids made one after
 * another sort (and are indexed) in time order, so inserting one appends to the id index instead
 * of landing on a random page of it.
 */
export function timeOrderedUuid(now = Date.now(), random: string = randomUUID()): string {
  // The random bits come from a version 4 UUID (Node draws those from a pooled entropy buffer, far
  // cheaper than randomBytes per id): its time-low and time-mid fields give way to the
  // milliseconds, its version nibble to 7; the variant bits are already RFC 9562's.
  const ms = now.toString(16).padStart(12, '0');
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7${random.slice(15)}`;
}
