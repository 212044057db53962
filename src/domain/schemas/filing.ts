// Request body of POST /brains/{brainId}/inbox/{itemId}/file (beyond SPEC): an optional skill.
import { S, type Infer } from '../validate.js';

export const fileItemBody = S.object({ skill: S.nullableString({ maxLength: 64 }) });

export type FileItemBody = Infer<typeof fileItemBody>;
