// The running Brainkeep version, read once from package.json (one folder above src/ and dist/).
import fs from 'node:fs';

let cached: string | null = null;

export function brainkeepVersion(): string {
  if (cached) return cached;
  try {
    const pkg = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
    cached = pkg.version ?? 'unknown';
  } catch {
    cached = 'unknown';
  }
  return cached;
}
