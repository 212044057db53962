// Structured JSON logs (pino). Never log secrets, tokens or request bodies.
// Lines are buffered and leave in blocks: a write per request line was a system call (or a trip
// to the thread pool) for every request, measured under webhook load. A block goes out when 4 KB
// have gathered or a second has passed, whichever is first; pino flushes the rest when the
// process exits.
import { pino, type Logger } from 'pino';

const FLUSH_EVERY_MS = 1000;

export function createLogger(level: string): Logger {
  const dest = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  let pending = false;
  setInterval(() => {
    if (!pending) return;
    pending = false;
    try {
      dest.flush();
    } catch {
      // stdout went away (a closed pipe): nothing left to write to, and logging must not crash the service
    }
  }, FLUSH_EVERY_MS).unref();
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: ['req.headers.authorization', '*.password', '*.secret', '*.token'],
      hooks: {
        streamWrite: (line) => {
          pending = true;
          return line;
        },
      },
    },
    dest,
  );
}
