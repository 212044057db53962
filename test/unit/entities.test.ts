// Entities are defined once (domain/entities/): each wire mapper gives every field the documented
// response schema names (CONTRACT shapes), and its output validates against that schema.
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { toInboxItemWire, type InboxItem } from '../../src/domain/entities/inboxItem.js';
import { toBrainWire } from '../../src/domain/entities/brain.js';
import { toMemberWire } from '../../src/domain/entities/member.js';
import { toPageListItemWire, toPageWire, type Page } from '../../src/domain/entities/page.js';
import { toPartitionWire } from '../../src/domain/entities/partition.js';
import { brainResponse, inboxItemResponse, memberResponse, pageListResponse, pageResponse, partitionResponse } from '../../src/domain/schemas/responses.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const item: InboxItem = {
  seq: 7, id: '3f0c7a52-4a53-4f43-9d1b-6f1f4f0a0b11', brainId: '5d7a1e0c-2f5b-4c7e-8a43-0e6b2f9d1c22', filename: 'call.md', status: 1,
  reason: 'Needs a client', skillHint: 'ingest-meeting', partition: null, externalId: 'ext-1', contentType: 'text/markdown', size: 12,
  sha256: 'ab'.repeat(32), textStatus: 'extracted', provider: 'gdrive', providerItemId: 'x1', sourceVersion: 'v2', canonicalUrl: 'https://example.com/doc',
  docKey: 'gdrive:x1', targetFolder: 'meetings', suggestion: { targetFolder: 'meetings', entityType: null, targetSlug: null, confidence: 0.4, rationale: 'r' },
  supersedesItemId: null, supersededByItemId: null, filedPages: [], senders: ['ann@example.com'], via: 'api', pushedBy: 'user:1', pushedByName: 'Ann',
  sourceId: null, createdAt: '2026-01-02T03:04:05.000Z', updatedAt: '2026-01-02T03:04:05.000Z',
};

describe('inbox item entity and wire shape', () => {
  it('the wire shape carries every field of the documented response, and validates against it', () => {
    const wire = toInboxItemWire(item);
    const documented = Object.keys(inboxItemResponse.properties as Record<string, unknown>);
    for (const key of documented) assert.ok(key in wire, `wire lacks ${key}`);
    const ajv = addFormats(new Ajv({ strict: false }));
    assert.ok(ajv.validate(inboxItemResponse, wire), JSON.stringify(ajv.errors));
    assert.deepEqual(wire.sourceReference, { provider: 'gdrive', providerItemId: 'x1', version: 'v2', canonicalUrl: 'https://example.com/doc' });
    assert.deepEqual(wire.pushedBy, { ref: 'user:1', name: 'Ann', sourceId: null });
  });

  it('an item without any document reference has sourceReference null', () => {
    assert.equal(toInboxItemWire({ ...item, provider: null, providerItemId: null, sourceVersion: null, canonicalUrl: null }).sourceReference, null);
  });
});

describe('page, partition, member and brain wire shapes', () => {
  const ajv = addFormats(new Ajv({ strict: false }));
  const fits = (schema: Record<string, unknown>, value: unknown) => {
    for (const key of Object.keys((schema.properties ?? {}) as Record<string, unknown>)) assert.ok(key in (value as object), `wire lacks ${key}`);
    assert.ok(ajv.validate(schema, value), JSON.stringify(ajv.errors));
  };
  const page: Page = {
    id: 1, brainId: item.brainId, path: 'people/ann.md', folder: 'people', title: 'Ann', summary: 'A person', frontmatter: { summary: 'A person' },
    markdown: '---\nsummary: A person\n---\n# Ann\n', version: 2, blobOid: 'c'.repeat(40), commit: 'd'.repeat(40), partition: null,
    updatedAt: item.createdAt, updatedBy: 'Ann',
  };

  it('a page: the body without its frontmatter block, and a token', () => {
    const wire = toPageWire(page);
    fits(pageResponse, wire);
    assert.equal(wire.markdown, '# Ann\n');
    assert.ok(wire.token.length > 0);
    fits(pageListResponse, { pages: [toPageListItemWire(page)], nextCursor: null });
  });

  it('a partition, a member and a brain', () => {
    fits(partitionResponse, toPartitionWire({ brainId: item.brainId, key: 'acme', name: 'Acme', domains: ['acme.com'], aliases: [], externalRef: null, folder: 'clients/acme', archivedAt: null, createdAt: item.createdAt }));
    fits(memberResponse, toMemberWire({ brainId: item.brainId, userId: item.id, email: 'ann@example.com', displayName: 'Ann', role: 'Write', grantedAt: item.createdAt }));
    fits(brainResponse, toBrainWire({ id: item.brainId, slug: 'main', name: 'Main', description: null, visibility: 0, templateKey: 'default', embeddingProvider: 0, embeddingModel: null, embeddingDimensions: 100, createdAt: item.createdAt, createdBy: null }, 'Owner'));
  });
});
