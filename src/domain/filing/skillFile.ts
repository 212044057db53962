// Filing skills as files: `.brain/skills/<name>.md`. The frontmatter says what the skill
// produces (folders, entity types), whether it adds timeline lines, the confidence under
// which it proposes instead of filing, and whether the worth-filing check runs; the body is
// the instruction text an LLM filer follows. A file that is missing keys gets the defaults
// below, so a hand-edited skill never stops the pass; a file that does not parse is reported.
import { parseFrontmatter } from '../markdown.js';
import { BadRequestError } from '../errors.js';
import { isSkill, type SkillName } from '../skills.js';
import { S, validate, type JsonSchema } from '../validate.js';

export interface SkillDefinition {
  name: SkillName;
  description: string;
  produces: { folders: string[]; entityTypes: string[] };
  timeline: boolean;
  confidenceThreshold: number;
  worthFilingCheck: boolean;
  /** The markdown body: what an LLM filer is told to do. */
  instructions: string;
}

/** What each skill makes when its file says nothing (mirrors the default template). */
export const SKILL_DEFAULTS: Record<SkillName, Omit<SkillDefinition, 'instructions' | 'description'>> = {
  ingest: { name: 'ingest', produces: { folders: ['notes'], entityTypes: ['note'] }, timeline: true, confidenceThreshold: 0.5, worthFilingCheck: true },
  'ingest-meeting': {
    name: 'ingest-meeting',
    produces: { folders: ['meetings', 'people'], entityTypes: ['meeting', 'person'] },
    timeline: true,
    confidenceThreshold: 0.4,
    worthFilingCheck: false,
  },
  'ingest-doc': { name: 'ingest-doc', produces: { folders: ['sources'], entityTypes: ['source'] }, timeline: true, confidenceThreshold: 0.5, worthFilingCheck: false },
  'ingest-conversation': {
    name: 'ingest-conversation',
    produces: { folders: ['notes'], entityTypes: ['note'] },
    timeline: true,
    confidenceThreshold: 0.5,
    worthFilingCheck: true,
  },
};

const frontmatterSchema: JsonSchema = {
  type: 'object',
  properties: {
    name: S.string(),
    description: S.string(),
    produces: {
      type: 'object',
      properties: { folders: S.array(S.string({ minLength: 1 })), entityTypes: S.array(S.string({ minLength: 1 })) },
    },
    timeline: S.bool(),
    confidenceThreshold: { type: 'number', minimum: 0, maximum: 1 },
    worthFilingCheck: S.bool(),
  },
};

interface SkillFrontmatter {
  name?: string;
  description?: string;
  produces?: { folders?: string[]; entityTypes?: string[] };
  timeline?: boolean;
  confidenceThreshold?: number;
  worthFilingCheck?: boolean;
}

export function skillFilePath(name: SkillName): string {
  return `.brain/skills/${name}.md`;
}

/**
 * Parse one skill file. `name` is the skill the file is stored as; a `name` key that
 * disagrees is refused so a copied file cannot silently act as another skill.
 */
export function parseSkillFile(name: SkillName, markdown: string): SkillDefinition {
  const { data, content } = parseFrontmatter(markdown);
  const fm = validate<SkillFrontmatter>(frontmatterSchema, data, `frontmatter of ${skillFilePath(name)}`);
  if (fm.name != null && fm.name !== name) {
    throw new BadRequestError(`${skillFilePath(name)} says it is the skill '${fm.name}'.`, 'invalid_skill_file');
  }
  if (fm.name != null && !isSkill(fm.name)) throw new BadRequestError(`Unknown skill name '${fm.name}'.`, 'invalid_skill_file');
  const d = SKILL_DEFAULTS[name];
  return {
    name,
    description: fm.description?.trim() || '',
    produces: {
      folders: fm.produces?.folders?.length ? fm.produces.folders.map((f) => f.trim().replace(/^\/+|\/+$/g, '')) : d.produces.folders,
      entityTypes: fm.produces?.entityTypes?.length ? fm.produces.entityTypes : d.produces.entityTypes,
    },
    timeline: fm.timeline ?? d.timeline,
    confidenceThreshold: fm.confidenceThreshold ?? d.confidenceThreshold,
    worthFilingCheck: fm.worthFilingCheck ?? d.worthFilingCheck,
    instructions: content.trim(),
  };
}

/** The defaults as a definition, for a brain whose skill file was deleted. */
export function defaultSkill(name: SkillName): SkillDefinition {
  return { ...SKILL_DEFAULTS[name], description: '', instructions: '' };
}

/**
 * The folder a skill writes an entity type to: the produced folder at the same position as
 * the entity type, with `<key>` replaced by the partition key. Null when the folder needs a
 * partition and the item has none.
 */
export function skillFolderFor(skill: SkillDefinition, entityType: string, partitionKey: string | null): string | null | undefined {
  const i = skill.produces.entityTypes.indexOf(entityType);
  if (i < 0 || i >= skill.produces.folders.length) return undefined;
  return substituteKey(skill.produces.folders[i]!, partitionKey);
}

export function substituteKey(folder: string, partitionKey: string | null): string | null {
  if (!folder.includes('<key>')) return folder;
  return partitionKey ? folder.replace(/<key>/g, partitionKey) : null;
}
