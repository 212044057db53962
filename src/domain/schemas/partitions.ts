// Request bodies of the partition routes.
import { S } from '../validate.js';

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

export interface CreatePartitionBody {
  name: string;
  key?: string | null;
  domains?: string[];
  aliases?: string[];
  externalRef?: string | null;
}

export const importPartitionsBody = S.array(createPartitionBody, { maxItems: 5000 });

export const updatePartitionBody = S.object({
  name: S.string({ minLength: 1, maxLength: 200 }),
  domains: domainList,
  aliases: aliasList,
  externalRef: S.nullableString({ maxLength: 500 }),
});

export interface UpdatePartitionBody {
  name?: string;
  domains?: string[];
  aliases?: string[];
  externalRef?: string | null;
}

/** GET /partitions and the list_partitions tool. */
export const listPartitionsQuery = S.object({ query: S.string({ maxLength: 200 }), status: S.string({ enum: ['active', 'archived', 'all'] }) });

export interface ListPartitionsQuery {
  query?: string;
  status?: 'active' | 'archived' | 'all';
}
