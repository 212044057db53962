// The partition, defined once: the entity (`Partition`, as stored), its wire shape (CONTRACT
// "Partition", plus `archivedAt`) and the mapper.

export interface Partition {
  brainId: string;
  key: string;
  name: string;
  domains: string[];
  aliases: string[];
  externalRef: string | null;
  folder: string;
  archivedAt: string | null;
  createdAt: string;
}

export type PartitionWire = Omit<Partition, 'brainId'> & { archived: boolean };

export function toPartitionWire(p: Partition): PartitionWire {
  return {
    key: p.key,
    name: p.name,
    domains: p.domains,
    aliases: p.aliases,
    externalRef: p.externalRef,
    folder: p.folder,
    archived: p.archivedAt != null,
    archivedAt: p.archivedAt,
    createdAt: p.createdAt,
  };
}
