// The ingest benchmark's baseline: a bare express route that only stores the raw body, durably
// and content-addressed with the same guarantees as the inbox (temp file, fdatasync, rename,
// fsync of the folder) and answers 201. No auth, no database, no extraction, no logging. It is
// written the plain way, with fs/promises on the event loop — the same calls the inbox's content
// store made before it moved them to writer threads (src/storage/contentWriter.ts), including its
// tricks (a rename without a round trip, folder descriptors kept open). Prints {"url": ...}.
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import express from 'express';

const dir = process.argv[2];
if (!dir) throw new Error('usage: bareIngestServer <dir>');
const fsync = process.env.BRAINKEEP_FSYNC !== 'off';
const root = path.join(dir, 'inbox');
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const dirFds = new Map<string, number>();

async function syncDir(folder: string): Promise<void> {
  let fd = dirFds.get(folder);
  if (fd === undefined) dirFds.set(folder, (fd = fs.openSync(folder, 'r')));
  await new Promise<void>((resolve, reject) => fs.fsync(fd, (e) => (e ? reject(e) : resolve())));
}

async function store(bytes: Buffer): Promise<string> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const folder = path.join(root, sha256.slice(0, 2));
  const final = path.join(folder, sha256);
  if (fs.existsSync(final)) return sha256;
  const temp = path.join(tmp, `${randomUUID()}.part`);
  const fh = await fsp.open(temp, 'wx', 0o600);
  try {
    await fh.writeFile(bytes);
    if (fsync) await fh.datasync();
  } finally {
    await fh.close();
  }
  if (!dirFds.has(folder) && !fs.existsSync(folder)) {
    fs.mkdirSync(folder, { recursive: true });
    if (fsync) await syncDir(root);
  }
  fs.renameSync(temp, final);
  if (fsync) await syncDir(folder);
  return sha256;
}

const app = express();
app.post('/store', express.raw({ type: () => true, limit: '50mb' }), async (req, res) => {
  res.status(201).json({ sha256: await store(req.body as Buffer) });
});
const server = app.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
