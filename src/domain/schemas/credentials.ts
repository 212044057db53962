// Request body of a new service credential (the brain's settings form and the CLI build it).
import { ROLES } from '../roles.js';
import { S, type Infer } from '../validate.js';

export const createCredentialBody = S.object({ role: S.string({ enum: [...ROLES] }), label: S.nullableString({ maxLength: 100 }) }, ['role']);

export type CreateCredentialBody = Infer<typeof createCredentialBody>;
