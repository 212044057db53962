// The inbox item, defined once: the entity the services work with (`InboxItem`, as stored), its
// wire shape (`InboxItemWire`, CONTRACT "Inbox item" plus provenance) and the mapper between them.
// Storage maps rows to `InboxItem` (storage/sqlite/inboxRepo.ts); adapters send `InboxItemWire`.
import type { InboxStatus, SourceReference, UploadVia } from '../inbox.js';

/** Where the filer would put an item (kept when it leaves one for review). */
export interface Suggestion {
  targetFolder: string | null;
  entityType: string | null;
  targetSlug: string | null;
  confidence: number | null;
  rationale: string | null;
}

export type TextStatus = 'extracted' | 'unextractable' | 'failed';

export interface InboxItem {
  seq: number;
  id: string;
  brainId: string;
  filename: string;
  status: InboxStatus;
  reason: string | null;
  skillHint: string | null;
  partition: string | null;
  externalId: string | null;
  contentType: string;
  size: number;
  sha256: string;
  textStatus: TextStatus;
  provider: string | null;
  providerItemId: string | null;
  sourceVersion: string | null;
  canonicalUrl: string | null;
  docKey: string | null;
  targetFolder: string | null;
  suggestion: Suggestion | null;
  supersedesItemId: string | null;
  supersededByItemId: string | null;
  filedPages: string[];
  senders: string[];
  via: UploadVia;
  pushedBy: string;
  pushedByName: string;
  sourceId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Who pushed an item: an actor (API, MCP) or a webhook source. */
export interface Pusher {
  ref: string;
  name: string;
  sourceId: string | null;
}

/** The fields the wire shows as stored; the rest of the wire shape is built from the entity. */
type WireFields =
  | 'id' | 'brainId' | 'filename' | 'status' | 'reason' | 'skillHint' | 'partition' | 'externalId' | 'contentType' | 'size'
  | 'targetFolder' | 'suggestion' | 'supersedesItemId' | 'supersededByItemId' | 'filedPages' | 'createdAt' | 'updatedAt'
  | 'via' | 'senders' | 'sha256' | 'textStatus';

/** CONTRACT "Inbox item", plus provenance and extraction (via, pushedBy, senders, sha256, textStatus). */
export interface InboxItemWire extends Pick<InboxItem, WireFields> {
  sourceReference: SourceReference | null;
  pushedBy: Pusher;
}

export function toInboxItemWire(r: InboxItem): InboxItemWire {
  // What the wire does not show as stored: the row's order key and chain key, and the parts it groups.
  const { seq: _seq, docKey: _docKey, provider, providerItemId, sourceVersion, canonicalUrl, pushedBy, pushedByName, sourceId, ...shown } = r;
  const hasRef = provider != null || providerItemId != null || sourceVersion != null || canonicalUrl != null;
  return {
    ...shown,
    sourceReference: hasRef ? { provider, providerItemId, version: sourceVersion, canonicalUrl } : null,
    pushedBy: { ref: pushedBy, name: pushedByName, sourceId },
  };
}
