// The requests bench/requestCpu.ts and bench/loopProfile.ts send, one sender per kind, to a server
// seeded alike: a Write credential, a webhook source with a secret, and 300 linked pages.
import type { runCli as RunCli } from '../test/helpers/cli.js';

export type Sender = (client: number, n: number) => Promise<Response>;

const SEED = 300;

/** Seed the server at `base` (its data folder in `env`) and return a sender per request kind. */
export async function seededSenders(base: string, env: Record<string, string>, runCli: typeof RunCli): Promise<Record<string, Sender>> {
  const token = runCli(['credential', 'create', '--brain', 'main', '--role', 'Write', '--label', 'cpu'], env).stdout;
  const [, secret] = runCli(['source', 'create', '--brain', 'main', '--mode', 'secret', '--label', 'cpu'], env).stdout.split(' ');
  const auth = { authorization: `Bearer ${token}` };
  const brain = (await (await fetch(`${base}/api/v1/brains/main`, { headers: auth })).json()) as { id: string };
  const putPage = (p: string, markdown: string) =>
    fetch(`${base}/api/v1/brains/main/pages`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ path: p, markdown }) });
  for (let i = 0; i < SEED; i++) {
    const res = await putPage(`seed/p${i}`, `# Seed page ${i}\n\nAbout topic ${i % 17} and [[seed/p${(i + 1) % SEED}]] and [[seed/p${(i * 7) % SEED}]].\n`);
    await res.text();
    if (res.status >= 300) throw new Error(`seed ${i}: ${res.status}`);
  }
  const seedPage = () => `seed/p${Math.floor(Math.random() * SEED)}`;
  return {
    put: (c, n) => putPage(`load/c${c}/p${n % 20}.md`, `# Client ${c} page ${n % 20}\n\nwrite ${n} of client ${c}\n`),
    webhook: (c, n) =>
      fetch(`${base}/api/ingest/${brain.id}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'x-ingest-secret': secret!, 'x-filename': `hook-${c}-${n}.txt`, 'x-ingest-external-id': `cpu-${c}-${n}` },
        body: `Delivery ${n} from client ${c} at ${Date.now()}`,
      }),
    get: () => fetch(`${base}/api/v1/brains/main/pages?path=${seedPage()}`, { headers: auth }),
    search: () => fetch(`${base}/api/v1/brains/main/search?q=topic+${Math.floor(Math.random() * 17)}&mode=exact`, { headers: auth }),
    backlinks: () => fetch(`${base}/api/v1/brains/main/graph/backlinks?path=${seedPage()}`, { headers: auth }),
    healthz: () => fetch(`${base}/healthz`),
  };
}
