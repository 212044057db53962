// Schema templates: schema-templates/<key>/{schema.json, instructions.md, skills/*.md}.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseBrainSchema } from '../domain/brainSchema.js';
import { BadRequestError } from '../domain/errors.js';

export const TEMPLATES_DIR = fileURLToPath(new URL('../../schema-templates/', import.meta.url));

export interface TemplateFiles {
  key: string;
  files: Array<{ path: string; content: Buffer }>;
}

export function listTemplates(dir = TEMPLATES_DIR): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'schema.json')))
    .map((d) => d.name)
    .sort();
}

/** The files a new brain's first commit holds, under `.brain/`. Validates the schema. */
export function loadTemplate(key: string, dir = TEMPLATES_DIR): TemplateFiles {
  if (!/^[a-z0-9-]+$/.test(key) || !listTemplates(dir).includes(key)) {
    throw new BadRequestError(`Unknown template '${key}'. Available: ${listTemplates(dir).join(', ')}.`, 'unknown_template', {
      templates: listTemplates(dir),
    });
  }
  const root = path.join(dir, key);
  const schemaText = fs.readFileSync(path.join(root, 'schema.json'), 'utf8');
  parseBrainSchema(schemaText);
  const files = [
    { path: '.brain/schema.json', content: Buffer.from(schemaText) },
    { path: '.brain/instructions.md', content: readOr(path.join(root, 'instructions.md')) },
  ];
  const skillsDir = path.join(root, 'skills');
  if (fs.existsSync(skillsDir)) {
    for (const name of fs.readdirSync(skillsDir).filter((n) => n.endsWith('.md')).sort()) {
      files.push({ path: `.brain/skills/${name}`, content: fs.readFileSync(path.join(skillsDir, name)) });
    }
  }
  return { key, files };
}

function readOr(file: string): Buffer {
  return fs.existsSync(file) ? fs.readFileSync(file) : Buffer.alloc(0);
}
