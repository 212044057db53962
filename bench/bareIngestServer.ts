// The ingest benchmark's baseline: a bare express route that only stores the raw body, durably
// and content-addressed exactly as the inbox does (temp file, fsync, rename, fsync dir), and
// answers 201. No auth, no database, no extraction. Prints {"url": ...} once it listens.
import express from 'express';
import { ContentStore } from '../src/storage/contentStore.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: bareIngestServer <dir>');
const store = new ContentStore(dir, process.env.BRAINKEEP_FSYNC !== 'off');
const app = express();
app.post('/store', express.raw({ type: () => true, limit: '50mb' }), async (req, res) => {
  const stored = await store.put(req.body as Buffer);
  res.status(201).json({ sha256: stored.sha256 });
});
const server = app.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
