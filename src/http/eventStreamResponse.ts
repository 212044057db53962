// An HTTP response as an event-stream sink (REST /events, the web app's /events, MCP sessions).
// After the headers go out, frames are written to the socket as HTTP/1.1 chunks directly: one
// socket write per frame instead of ServerResponse.write's three plus a deferred uncork, which is
// most of the cost of fanning an event out to a thousand open streams. `end` lets the response
// write the terminating chunk as usual.
import type { Response } from 'express';
import type { StreamSink } from '../services/eventStreams.js';

export function openEventStream(res: Response, headers: Record<string, string> = {}): StreamSink {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('X-Accel-Buffering', 'no'); // nginx: do not buffer the stream
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.flushHeaders();
  const socket = res.socket;
  socket?.setNoDelay(true);
  // Chunked framing is ours only when the response itself is chunked (HTTP/1.1, no length).
  const raw = socket != null && (res as unknown as { chunkedEncoding?: boolean }).chunkedEncoding === true;
  return {
    write: (chunk) => {
      if (res.writableEnded || !socket || socket.destroyed) return true;
      if (!raw) return res.write(chunk);
      return socket.write(`${Buffer.byteLength(chunk).toString(16)}\r\n${chunk}\r\n`);
    },
    onDrain: (listener) => void (raw ? socket!.once('drain', listener) : res.once('drain', listener)),
    end: () => void res.end(),
  };
}
