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
