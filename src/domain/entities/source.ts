// A webhook ingest source, defined once: the entity (`Source`, as stored: the secret only as
// AES-256-GCM ciphertext), its wire shape (what admins see: never the secret) and the mapper.

export type SourceMode = 'secret' | 'signature';

export interface Source {
  id: string;
  brainId: string;
  kind: string;
  label: string;
  mode: SourceMode;
  secretCipher: string;
  targetFolder: string | null;
  partition: string | null;
  skill: string | null;
  allowedContentTypes: string[];
  maxBytes: number | null;
  allowedSenderDomains: string[];
  createdAt: string;
  createdBy: string | null;
  updatedAt: string;
  lastDeliveryAt: string | null;
}

export type SourceWire = Omit<Source, 'secretCipher' | 'createdBy'>;

export function toSourceWire(s: Source): SourceWire {
  const { secretCipher: _secret, createdBy: _createdBy, ...shown } = s;
  return shown;
}
