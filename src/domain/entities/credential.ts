// An API credential (a brain-scoped bearer key), defined once: the entity (`Credential`, as stored:
// only the key's hash and a short hint), its wire shape (never the hash) and the mapper.
import type { Role } from '../roles.js';

export interface Credential {
  id: string;
  brainId: string;
  role: Role;
  label: string;
  tokenHash: string;
  tokenHint: string;
  createdAt: string;
  createdBy: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface CredentialWire {
  id: string;
  brainId: string;
  role: Role;
  label: string;
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export function toCredentialWire(c: Credential): CredentialWire {
  return { id: c.id, brainId: c.brainId, role: c.role, label: c.label, hint: c.tokenHint, createdAt: c.createdAt, lastUsedAt: c.lastUsedAt, revokedAt: c.revokedAt };
}
