// The marker file in a data folder on PostgreSQL (`cluster.json`): which repository volume this is
// and which database it was set up with. Every node sharing the volume reads the same file; a node
// whose file differs from what the database recorded runs on another volume (or database).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface VolumeMarker {
  volumeId: string;
  databaseId: string;
}

export const VOLUME_MARKER_FILE = 'cluster.json';

export function readVolumeMarker(dataDir: string): VolumeMarker | null {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dataDir, VOLUME_MARKER_FILE), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  const m = JSON.parse(text) as Partial<VolumeMarker>;
  if (typeof m.volumeId !== 'string' || typeof m.databaseId !== 'string') throw new Error(`${path.join(dataDir, VOLUME_MARKER_FILE)} is not a volume marker`);
  return { volumeId: m.volumeId, databaseId: m.databaseId };
}

/**
 * Written whole (a temporary file renamed over it): a reader on another node never sees half of it.
 * The temporary name is random: nodes in containers share a PID (tini makes node PID 7 in every
 * one) and may start at once on a fresh set-up. A rename that fails because another node got there
 * first is fine when the marker it left is this one (every node adopts the database's ids).
 */
export function writeVolumeMarker(dataDir: string, marker: VolumeMarker): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, VOLUME_MARKER_FILE);
  const tmp = `${file}.${randomUUID()}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(marker, null, 2)}\n`);
  try {
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    let there: VolumeMarker | null = null;
    try {
      there = readVolumeMarker(dataDir);
    } catch {
      // unreadable: the rename's own error says more
    }
    if (there?.volumeId !== marker.volumeId || there.databaseId !== marker.databaseId) throw e;
  }
}
