// Structured JSON logs (pino). Never log secrets, tokens or request bodies.
import { pino, type Logger } from 'pino';

export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime, redact: ['req.headers.authorization', '*.password', '*.secret', '*.token'] });
}
