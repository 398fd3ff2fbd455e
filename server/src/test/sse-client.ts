import http from 'node:http';

/** One parsed Server-Sent Events frame (comments become `{ comment }`). */
export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Every frame received so far, in order. */
  frames: SseFrame[];
  /** Resolves with the first frame (from `from` on) that matches, or rejects after `timeoutMs`. */
  waitFor(match: (frame: SseFrame) => boolean, timeoutMs?: number, from?: number): Promise<SseFrame>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

function parseFrame(block: string): SseFrame {
  const frame: SseFrame = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      frame.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
    else if (field === 'id' || field === 'event' || field === 'retry') frame[field] = value;
  }
  return frame;
}

/** A response body to read frames from: node:http's IncomingMessage or an HTTP/2 stream. */
interface EventSource {
  setEncoding(encoding: 'utf8'): unknown;
  on(event: 'data', listener: (chunk: string) => void): unknown;
  on(event: 'close' | 'error', listener: () => void): unknown;
}

/** Parses the frames of an event-stream body as they arrive. */
export function readEventStream(
  body: EventSource,
  status: number,
  headers: http.IncomingHttpHeaders,
  close: () => void,
): SseStream {
  const frames: SseFrame[] = [];
  const waiters = new Set<() => void>();
  let buffer = '';
  let endedResolve: () => void = () => {};
  const ended = new Promise<void>((r) => (endedResolve = r));
  body.setEncoding('utf8');
  body.on('data', (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      frames.push(parseFrame(buffer.slice(0, end)));
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
    for (const wake of waiters) wake();
  });
  body.on('close', () => endedResolve());
  body.on('error', () => endedResolve());
  return {
    status,
    headers,
    frames,
    ended,
    waitFor(match, timeoutMs = 5000, from = 0) {
      return new Promise<SseFrame>((ok, fail) => {
        const check = () => {
          const found = frames.slice(from).find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          ok(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          fail(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close,
  };
}

/**
 * Opens an event stream with node:http (no connection pooling, so a thousand can be open at once)
 * and parses its frames. Used by the API tests and the benchmark.
 */
export function openEventStream(
  url: string,
  headers: Record<string, string> = {},
  agent?: http.Agent,
): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { accept: 'text/event-stream', ...headers }, agent: agent ?? false },
      (res) => {
        resolve(
          readEventStream(res, res.statusCode ?? 0, res.headers, () => {
            request.destroy();
            res.destroy();
          }),
        );
      },
    );
    request.on('error', reject);
  });
}
