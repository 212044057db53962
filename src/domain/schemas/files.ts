// Query parameters of the files routes (REST, the list_files tool and OpenAPI share them).
import { LIMITS } from '../limits.js';
import { S, type JsonSchema } from '../validate.js';
import { listPagesQuery, type ListPagesQuery } from './pages.js';

/** GET /files (list) and the list_files tool: the page list's prefix and cursor, with the files' own limit. */
export const listFilesQuery = S.object({
  ...(listPagesQuery.properties as Record<string, JsonSchema>),
  limit: S.int({ minimum: 1, maximum: LIMITS.fileList }),
});

export type ListFilesQuery = ListPagesQuery;

/** DELETE /files: the file and the optimistic check. */
export const deleteFileQuery = S.object({ path: S.string({ minLength: 1, maxLength: 1024 }), expectedVersion: S.int({ minimum: 0 }) }, ['path']);

export interface DeleteFileQuery {
  path: string;
  expectedVersion?: number;
}
