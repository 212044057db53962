// One-shot messages across a POST → redirect → GET: a short-lived, HttpOnly cookie read once.
// Secrets never travel this way; they are rendered straight into the POST's own response.
import type { Request, Response } from 'express';

export interface Flash {
  kind: 'ok' | 'error' | 'warn';
  text: string;
}

const COOKIE = 'bk_flash';

export function setFlash(res: Response, flash: Flash): void {
  const value = Buffer.from(JSON.stringify({ kind: flash.kind, text: flash.text.slice(0, 1000) })).toString('base64url');
  res.cookie(COOKIE, value, { httpOnly: true, sameSite: 'lax', path: '/app', maxAge: 60_000 });
}

export function takeFlash(req: Request, res: Response): Flash | null {
  const value = (req.cookies as Record<string, string> | undefined)?.[COOKIE];
  if (!value) return null;
  res.clearCookie(COOKIE, { path: '/app' });
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Flash;
    if ((parsed.kind === 'ok' || parsed.kind === 'error' || parsed.kind === 'warn') && typeof parsed.text === 'string') return parsed;
  } catch {
    // a mangled cookie is simply dropped
  }
  return null;
}
