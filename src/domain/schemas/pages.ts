// Request bodies of the page routes.
import { S } from '../validate.js';

export const MAX_PAGE_BYTES = 5 * 1024 * 1024;

export const putPageBody = S.object(
  {
    path: S.string({ minLength: 1, maxLength: 1024 }),
    markdown: S.string({ maxLength: MAX_PAGE_BYTES }),
    summary: S.nullableString({ maxLength: 2000 }),
    expectedVersion: S.int({ minimum: 0 }),
    expectedToken: S.nullableString({ maxLength: 200 }),
  },
  ['path', 'markdown'],
);

export interface PutPageBody {
  path: string;
  markdown: string;
  summary?: string | null;
  expectedVersion?: number;
  expectedToken?: string | null;
}
