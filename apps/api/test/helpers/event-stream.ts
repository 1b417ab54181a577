import http from 'node:http';

/** One server-sent event as a client reads it. */
export interface ReceivedEvent {
  id: string;
  type: string;
  data: unknown;
}

/**
 * A client of `GET /api/events` over a real socket: it parses the stream as browsers do and
 * keeps every event and comment, so a test can wait for one and look at all of them.
 */
export interface EventStreamClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: ReceivedEvent[];
  /** Comment lines (heartbeats), without the leading colon. */
  comments: string[];
  /** Resolves with the first event (received or to come) that `matches`. */
  next(matches: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openEventStream(
  baseUrl: string,
  token: string,
  lastEventId?: string,
): Promise<EventStreamClient> {
  const headers: http.OutgoingHttpHeaders = {
    authorization: `Bearer ${token}`,
    accept: 'text/event-stream',
  };
  if (lastEventId) headers['last-event-id'] = lastEventId;
  return new Promise((resolve, reject) => {
    const request = http.get(new URL('/api/events', baseUrl), { headers }, (response) => {
      const events: ReceivedEvent[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else {
              const colon = line.indexOf(':');
              fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
            }
          }
          const data = fields.get('data');
          if (data !== undefined) {
            events.push({
              id: fields.get('id') ?? '',
              type: fields.get('event') ?? 'message',
              data: JSON.parse(data),
            });
          }
        }
        for (const waiter of waiters) waiter();
      });
      const ended = new Promise<void>((done) => {
        response.on('end', done);
        response.on('close', done);
      });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        events,
        comments,
        ended,
        next: (matches, timeoutMs = 5_000) =>
          new Promise((found, fail) => {
            const check = () => {
              const event = events.find(matches);
              if (!event) return;
              waiters.delete(check);
              clearTimeout(timer);
              found(event);
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no such event in ${timeoutMs} ms; got ${JSON.stringify(events)}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          }),
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}
