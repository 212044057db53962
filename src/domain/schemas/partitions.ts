// Request bodies of the partition routes.
import { S, type Infer } from '../validate.js';

const domainList = S.array(S.string({ minLength: 1, maxLength: 253 }), { maxItems: 500 });
const aliasList = S.array(S.string({ minLength: 1, maxLength: 200 }), { maxItems: 500 });

export const createPartitionBody = S.object(
  {
    name: S.string({ minLength: 1, maxLength: 200 }),
    key: S.nullableString({ maxLength: 64 }),
    domains: domainList,
    aliases: aliasList,
    externalRef: S.nullableString({ maxLength: 500 }),
  },
  ['name'],
);

export type CreatePartitionBody = Infer<typeof createPartitionBody>;

export const importPartitionsBody = S.array(createPartitionBody, { maxItems: 5000 });

export const updatePartitionBody = S.object({
  name: S.string({ minLength: 1, maxLength: 200 }),
  domains: domainList,
  aliases: aliasList,
  externalRef: S.nullableString({ maxLength: 500 }),
});

export type UpdatePartitionBody = Infer<typeof updatePartitionBody>;

/** GET /partitions and the list_partitions tool. */
export const listPartitionsQuery = S.object({ query: S.string({ maxLength: 200 }), status: S.string({ enum: ['active', 'archived', 'all'] }) });

export type ListPartitionsQuery = Infer<typeof listPartitionsQuery>;
