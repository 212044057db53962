// Query parameters of the files routes (REST, the list_files tool and OpenAPI share them).
import { LIMITS } from '../limits.js';
import { S } from '../validate.js';

/** GET /files (list) and the list_files tool. */
export const listFilesQuery = S.object({
  prefix: S.string({ maxLength: 1024 }),
  // Any string: the cursor decoder judges it (invalid_cursor), on REST and MCP alike.
  cursor: S.string(),
  limit: S.int({ minimum: 1, maximum: LIMITS.fileList }),
});

export interface ListFilesQuery {
  prefix?: string;
  cursor?: string;
  limit?: number;
}
