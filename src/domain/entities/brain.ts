// The brain, defined once: the entity (`Brain`, as stored), its wire shape (CONTRACT "Brain", with
// the caller's role) and the mapper.
import type { Role } from '../roles.js';

export interface Brain {
  id: string;
  slug: string;
  name: string | null;
  description: string | null;
  visibility: number;
  templateKey: string;
  embeddingProvider: number;
  embeddingModel: string | null;
  embeddingDimensions: number;
  createdAt: string;
  createdBy: string | null;
}

export type BrainWire = Omit<Brain, 'createdBy'> & { role: Role | null };

export function toBrainWire(b: Brain, role: Role | null): BrainWire {
  return {
    id: b.id,
    slug: b.slug,
    name: b.name,
    description: b.description,
    visibility: b.visibility,
    templateKey: b.templateKey,
    embeddingProvider: b.embeddingProvider,
    embeddingModel: b.embeddingModel,
    embeddingDimensions: b.embeddingDimensions,
    createdAt: b.createdAt,
    role,
  };
}
