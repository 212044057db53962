// A brain file's bytes as an HTTP response, for the REST API and the web app alike (CONTRACT
// "Files"): its type, ETag and nosniff; SVG served as an attachment under a sandbox CSP, so its
// scripts never run as a document of this origin (an <img> still shows it). Streamed from git.
import type { Request, Response } from 'express';
import type { FileContent } from '../services/filesService.js';

/** Scripts in an SVG (or HTML) run when the file is opened as a document: never inline, and sandboxed. */
export const ACTIVE_FILE_CSP = "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'";

/** Send a file's bytes with the headers CONTRACT asks for; a matching If-None-Match is a 304. */
export async function sendFile(req: Request, res: Response, content: FileContent, opts: { download?: boolean } = {}): Promise<void> {
  const { file, kind, etag } = content;
  res.setHeader('ETag', etag);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-cache');
  const name = encodeURIComponent(file.path.slice(file.path.lastIndexOf('/') + 1));
  if (kind.active) {
    res.setHeader('Content-Security-Policy', ACTIVE_FILE_CSP);
    res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${name}`);
  } else {
    res.setHeader('Content-Disposition', `${opts.download ? 'attachment' : 'inline'}; filename*=UTF-8''${name}`);
  }
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}`)) return void res.status(304).end();
  res.setHeader('Content-Type', kind.text ? `${kind.contentType}; charset=utf-8` : kind.contentType);
  res.setHeader('Content-Length', String(file.size));
  if (req.method === 'HEAD') return void res.end();
  const stream = await content.open();
  await new Promise<void>((resolve) => {
    stream.on('error', () => {
      res.destroy();
      resolve();
    });
    res.on('close', () => {
      stream.destroy();
      resolve();
    });
    stream.pipe(res);
  });
}

