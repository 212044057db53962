// The four filing skills. Names are part of the wire contract.
export const SKILLS = ['ingest', 'ingest-meeting', 'ingest-doc', 'ingest-conversation'] as const;
export type SkillName = (typeof SKILLS)[number];

export function isSkill(value: unknown): value is SkillName {
  return typeof value === 'string' && (SKILLS as readonly string[]).includes(value);
}
