// Inbox and partition tools: upload (SPEC's default-inbox rules, with the same `skill` argument as
// the REST upload), list and read items, list partitions. The upload schema is the REST JSON body's.
import { LIMITS } from '../../domain/limits.js';
import { listInboxQuery, uploadBody, type ListInboxQuery } from '../../domain/schemas/inbox.js';
import { listPartitionsQuery, type ListPartitionsQuery } from '../../domain/schemas/partitions.js';
import { S, type Infer } from '../../domain/validate.js';
import type { UploadInput } from '../../services/inboxService.js';
import { brainCall, splitArgs, toolSchema, type ToolDef } from '../tool.js';
import { namedBrain } from '../../domain/brainRef.js';

const upload = toolSchema(uploadBody, {
  filename: 'Name of the item, e.g. "2024-05-02 call with Acme.md".',
  content: 'Text content. Give exactly one of content and contentBase64.',
  contentBase64: 'File bytes, base64 (at most 10 MB decoded).',
  contentType: 'MIME type when it cannot be told from the filename.',
  externalId: 'Your stable id for this item; sending it again creates no second item.',
  targetFolder: 'A folder hint for filing (recorded as a hint only).',
  skill: 'Pin the filing skill: ingest, ingest-meeting, ingest-doc or ingest-conversation. Naming a skill skips the worth-filing check; omit it for ambient captures.',
  canonicalUrl: 'Absolute http(s) link where the document lives.',
  provider: 'sharepoint, onedrive, gdrive, confluence, notion or any name; inferred from canonicalUrl when omitted.',
  providerItemId: 'Stable id at the provider.',
  version: 'Etag or version at fetch time; a new version of a known document becomes a new item linked to the earlier one.',
  partition: 'Partition key (client, site or matter).',
  senders: 'Sender or attendee email addresses; their domains can decide the partition.',
});
const listInbox = toolSchema(listInboxQuery, {
  status: '0 Pending, 1 Review (left for a person, with a reason), 2 Filed, 3 Dismissed.',
  partition: 'Only items of this partition key.',
  unassigned: 'Only items waiting for a partition.',
  cursor: 'nextCursor from the previous call.',
  limit: `At most this many items (default 50, at most ${LIMITS.inboxList}).`,
});
const getItemArgs = S.object({ itemId: S.string({ minLength: 1, maxLength: 64 }) }, ['itemId']);
const getItem = toolSchema(getItemArgs, { itemId: 'The inbox item id (a UUID).' });
const listPartitions = toolSchema(listPartitionsQuery, { query: 'Match key, name, aliases, domains or external reference.', status: 'active, archived or all (default all).' });

export const inboxTools: ToolDef[] = [
  {
    name: 'upload_to_inbox',
    title: 'Upload to the inbox',
    description:
      "Hand raw material (a transcript, an email, a document) to a brain's inbox and let the filing pass turn it into pages that follow the brain's conventions. Use it instead of write_page when you have source material rather than a finished page. Without brain it lands in your credential's brain, or your single writable brain. Repeats (same externalId or same content) return the existing item with duplicate: true.",
    inputSchema: upload,
    readOnly: false,
    run: async (ctx, args) => {
      const { input, brain } = splitArgs<UploadInput>(args);
      const target = brain ? namedBrain(brain) : ctx.defaultBrain;
      return (await ctx.c.inbox.upload(ctx.actor, target, input, 'mcp')).body;
    },
  },
  {
    name: 'list_inbox',
    title: 'List inbox items',
    description: 'Inbox items, newest first, optionally by status or partition; pass nextCursor back as cursor. Use it to see what is waiting to be filed or was left for review; get_inbox_item gives one item with its text.',
    inputSchema: listInbox,
    readOnly: true,
    run: brainCall<ListInboxQuery>((ctx, brain, input) => ctx.c.inbox.list(ctx.actor, brain, input)),
  },
  {
    name: 'get_inbox_item',
    title: 'Get an inbox item',
    description: 'One inbox item with its extracted text and, for a new version of a document, the earlier item and a line diff.',
    inputSchema: getItem,
    readOnly: true,
    run: brainCall<Infer<typeof getItemArgs>>((ctx, brain, input) => ctx.c.inbox.get(ctx.actor, brain, input.itemId)),
  },
  {
    name: 'list_partitions',
    title: 'List partitions',
    description: 'Partitions of the brain (clients, sites or matters) with their keys, domains and aliases.',
    inputSchema: listPartitions,
    readOnly: true,
    run: brainCall<ListPartitionsQuery>((ctx, brain, input) => ctx.c.partitions.list(ctx.actor, brain, input)),
  },
];
