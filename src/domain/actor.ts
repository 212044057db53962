// Who is calling. Services take an Actor, never an HTTP request.
import type { Role } from './roles.js';

export type Actor =
  | { kind: 'user'; userId: string; email: string; name: string; scopes?: string[]; via: 'oauth' | 'session' | 'cli' }
  | { kind: 'credential'; credentialId: string; brainId: string; role: Role; label: string }
  | { kind: 'anonymous' }
  | { kind: 'system'; name: string };

export const SYSTEM_ACTOR: Actor = { kind: 'system', name: 'Brainkeep' };

/** The name and email a git commit is authored with. */
export function actorIdentity(actor: Actor): { name: string; email: string } {
  switch (actor.kind) {
    case 'user':
      return { name: actor.name || actor.email, email: actor.email };
    case 'credential':
      return { name: actor.label || `credential ${actor.credentialId.slice(0, 8)}`, email: `credential+${actor.credentialId}@brainkeep.local` };
    case 'anonymous':
      return { name: 'Anonymous', email: 'anonymous@brainkeep.local' };
    case 'system':
      return { name: actor.name, email: 'system@brainkeep.local' };
  }
}

/** A stable id for audit rows and commit trailers: `user:<id>`, `credential:<id>`, `system`. */
export function actorRef(actor: Actor): string {
  switch (actor.kind) {
    case 'user':
      return `user:${actor.userId}`;
    case 'credential':
      return `credential:${actor.credentialId}`;
    case 'anonymous':
      return 'anonymous';
    case 'system':
      return `system:${actor.name}`;
  }
}
