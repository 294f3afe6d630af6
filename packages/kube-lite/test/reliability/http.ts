/** Small JSON-over-HTTP client for the reliability tests: bounded requests and a line-by-line watch reader. */
import { Agent, type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';

/** The answer of one request: status, parsed JSON body (or the raw text) and how long it took. */
export interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly text: string;
  readonly millis: number;
}

/** A request that failed below HTTP (refused, reset, or our own client-side timeout). */
export class TransportError extends Error {
  readonly millis: number;
  constructor(message: string, millis: number) {
    super(message);
    this.millis = millis;
  }
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function parseBody(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return isRecord(v) ? v : {};
  } catch {
    return {};
  }
}

/** Sends one request; rejects with {@link TransportError} when no HTTP answer came within `timeoutMillis`. */
export function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  options: { contentType?: string; timeoutMillis?: number } = {},
): Promise<Answer> {
  const started = Date.now();
  const timeoutMillis = options.timeoutMillis ?? 10_000;
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (payload !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
    const req = httpRequest(new URL(path, base), { method, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        text += d;
      });
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, body: parseBody(text), text, millis: Date.now() - started });
      });
      res.on('error', (e) => {
        clearTimeout(timer);
        reject(new TransportError(e.message, Date.now() - started));
      });
    });
    const timer = setTimeout(() => req.destroy(new Error(`no answer in ${timeoutMillis} ms`)), timeoutMillis);
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(new TransportError(e.message, Date.now() - started));
    });
    req.end(payload);
  });
}

/** `metadata.resourceVersion` of an object answer (or '' when absent). */
export function resourceVersionOf(obj: Record<string, unknown>): string {
  const meta = obj.metadata;
  return isRecord(meta) && typeof meta.resourceVersion === 'string' ? meta.resourceVersion : '';
}

/** `data[key]` of a ConfigMap answer (or undefined). */
export function dataOf(obj: Record<string, unknown>, key: string): string | undefined {
  const data = obj.data;
  return isRecord(data) && typeof data[key] === 'string' ? data[key] : undefined;
}

/** One watch event as received. */
export interface WatchEvent {
  readonly type: string;
  readonly object: Record<string, unknown>;
}

/** A watch stream being read: its events so far, and whether/how it ended. */
export interface WatchReader {
  readonly events: WatchEvent[];
  /** Resolves when the server ends the stream (or it breaks). */
  readonly ended: Promise<void>;
  /** Resolves once `n` events arrived or `timeoutMillis` passed; returns whether they arrived. */
  waitFor(n: number, timeoutMillis: number): Promise<boolean>;
  /** Resolves once `done(events)` holds, the stream ended, or `timeoutMillis` passed; returns whether it holds. */
  waitUntil(done: (events: readonly WatchEvent[]) => boolean, timeoutMillis: number): Promise<boolean>;
  close(): void;
}

/** A watch request answered with something else than 200. */
export class WatchRefused extends Error {
  readonly status: number;
  readonly reason: string;
  constructor(path: string, status: number, reason: string) {
    super(`watch ${path}: HTTP ${status} ${reason}`);
    this.status = status;
    this.reason = reason;
  }
}

/**
 * Opens `path` (which must carry `watch=1`) and collects its JSON event lines. Rejects with {@link WatchRefused}
 * on a non-200 answer, and with {@link TransportError} when no response headers came within `headerTimeoutMillis`.
 */
export function openWatch(base: string, path: string, headerTimeoutMillis = 10_000): Promise<WatchReader> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const events: WatchEvent[] = [];
    const waiters: (() => void)[] = [];
    let endResolve: () => void = () => undefined;
    const ended = new Promise<void>((r) => {
      endResolve = r;
    });
    const notify = (): void => {
      for (const w of waiters.splice(0)) w();
    };
    const req: ClientRequest = httpRequest(new URL(path, base), { headers: { accept: 'application/json' }, agent: false }, (res: IncomingMessage) => {
      clearTimeout(headerTimer);
      if (res.statusCode !== 200) {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          text += d;
        });
        res.on('end', () => reject(new WatchRefused(path, res.statusCode ?? 0, String(parseBody(text).reason ?? ''))));
        return;
      }
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        buffer += d;
        let nl = buffer.indexOf('\n');
        while (nl >= 0) {
          const line = buffer.slice(0, nl).trim();
          buffer = buffer.slice(nl + 1);
          if (line !== '') {
            const ev = parseBody(line);
            events.push({ type: typeof ev.type === 'string' ? ev.type : '', object: isRecord(ev.object) ? ev.object : {} });
          }
          nl = buffer.indexOf('\n');
        }
        notify();
      });
      const finish = (): void => {
        endResolve();
        notify();
      };
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
      const waitUntil = async (holds: (events: readonly WatchEvent[]) => boolean, timeoutMillis: number): Promise<boolean> => {
        const deadline = Date.now() + timeoutMillis;
        let done = false;
        void ended.then(() => {
          done = true;
        });
        while (!holds(events) && !done && Date.now() < deadline) {
          await new Promise<void>((r) => {
            const timer = setTimeout(r, Math.max(1, deadline - Date.now()));
            waiters.push(() => {
              clearTimeout(timer);
              r();
            });
          });
        }
        return holds(events);
      };
      resolve({
        events,
        ended,
        waitUntil,
        waitFor: (n, timeoutMillis) => waitUntil((seen) => seen.length >= n, timeoutMillis),
        close: () => req.destroy(),
      });
    });
    const headerTimer = setTimeout(() => req.destroy(new Error(`no response headers in ${headerTimeoutMillis} ms`)), headerTimeoutMillis);
    req.on('error', (e) => {
      clearTimeout(headerTimer);
      endResolve();
      reject(new TransportError(e.message, Date.now() - started));
    });
    req.end();
  });
}

/** Closes the shared keep-alive sockets (call at teardown so the test process can exit). */
export function closeAgent(): void {
  agent.destroy();
}
