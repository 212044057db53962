// Request bodies of the member routes (one schema: REST validation and OpenAPI; no MCP tool manages members).
import { ROLES } from '../roles.js';
import { S, type Infer } from '../validate.js';

export const addMemberBody = S.object({
  email: S.string({ minLength: 3, maxLength: 320 }),
  userId: S.string({ minLength: 1, maxLength: 64 }),
  role: S.string({ enum: [...ROLES] }),
});

export type AddMemberBody = Infer<typeof addMemberBody>;

export const updateMemberBody = S.object({ role: S.string({ enum: [...ROLES] }) }, ['role']);

export type UpdateMemberBody = Infer<typeof updateMemberBody>;
