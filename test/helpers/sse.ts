// A small Server-Sent Events reader over fetch for the event-stream tests.
export interface SseEvent {
  id: string | null;
  event: string | null;
  data: any;
}

export interface SseClient {
  status: number;
  headers: Headers;
  events: SseEvent[];
  comments: string[];
  next(count: number, timeoutMs?: number): Promise<SseEvent[]>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const ctrl = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: ctrl.signal });
  const client: SseClient = {
    status: res.status,
    headers: res.headers,
    events: [],
    comments: [],
    async next(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (client.events.length < count) {
        if (Date.now() > deadline) throw new Error(`sse: ${client.events.length} of ${count} events in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return client.events.slice(0, count);
    },
    close: () => ctrl.abort(),
  };
  if (res.status !== 200 || !res.body) return client;
  void (async () => {
    const decoder = new TextDecoder();
    let buf = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buf += decoder.decode(chunk, { stream: true });
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const e: SseEvent = { id: null, event: null, data: null };
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) client.comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) e.id = line.slice(4);
            else if (line.startsWith('event: ')) e.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              e.data = JSON.parse(line.slice(6));
              isEvent = true;
            }
          }
          if (isEvent) client.events.push(e);
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return client;
}
