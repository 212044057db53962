// A brain as a call names it. The difference matters for one rule (SPEC: a credential naming another
// brain is 403): a brain the caller named in the request can be refused as "not yours", while a
// brain from the URL path, or the caller's default, that is not visible is simply not found.

/**
 * A string is a brain (slug or id) from the URL path or the caller's default; `{ named }` is one the
 * caller named in the request (`?brain=`, a tool's `brain` argument, a CLI flag).
 */
export type BrainRef = string | { readonly named: string };

/** A brain the caller named in the request. */
export function namedBrain(ref: string): BrainRef {
  return { named: ref };
}

/** The slug or id a reference names. */
export function brainRefText(ref: BrainRef): string {
  return typeof ref === 'string' ? ref : ref.named;
}
