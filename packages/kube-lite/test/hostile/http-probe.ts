/**
 * HTTP exchanges of the hostile-input suite: one request without any client-side path normalisation (and never a
 * rejection), and raw socket exchanges that report whether the server closed the connection.
 */
import { Agent, request } from 'node:http';
import { connect } from 'node:net';

/** One answer of the server. */
export interface Answer {
  /** HTTP status (0 when the connection failed or timed out). */
  readonly status: number;
  /** Response headers. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body as text (at most the first 64 KiB). */
  readonly body: string;
  /** Set when the exchange did not complete: the socket error or `timeout`. */
  readonly error?: string;
}

/** A request of the suite. */
export interface Probe {
  /** HTTP method. */
  readonly method: string;
  /** Raw request target, sent as is (no `..` resolution, no re-encoding). */
  readonly path: string;
  /** Body (a string is sent as UTF-8). */
  readonly body?: string | Buffer;
  /** Request headers (Content-Type defaults to application/json when a body is given). */
  readonly headers?: Readonly<Record<string, string>>;
}

const MAX_BODY = 64 * 1024;

/** Sends one request to `base` and resolves with its answer; never rejects, bounded by `timeoutMs`. */
export function send(base: string, probe: Probe, agent: Agent | false, timeoutMs = 10_000): Promise<Answer> {
  const { hostname, port } = new URL(base);
  const headers: Record<string, string> = { ...(probe.body !== undefined && { 'content-type': 'application/json' }), ...probe.headers };
  return new Promise((resolve) => {
    const req = request({ hostname, port, method: probe.method, path: probe.path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        if (size < MAX_BODY) chunks.push(c);
        size += c.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (err) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '', error: err.message }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ status: 0, headers: {}, body: '', error: err.message }));
    req.end(probe.body);
  });
}

/** What a raw socket exchange produced. */
export interface RawAnswer {
  /** Everything the server wrote. */
  readonly text: string;
  /** Whether the server closed (or reset) the connection before `timeoutMs`. */
  readonly closed: boolean;
}

/**
 * Writes `chunks` to a fresh TCP connection (pausing `gapMs` between them, stopping when the server closes) and
 * collects what comes back until the server closes the socket or `timeoutMs` passes.
 */
export function rawExchange(base: string, chunks: readonly (string | Buffer)[], timeoutMs = 3000, gapMs = 0): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    let done = false;
    const finish = (closed: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text: Buffer.concat(received).toString('latin1'), closed });
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.on('data', (d: Buffer) => received.push(d));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.on('connect', async () => {
      for (const c of chunks) {
        if (done || socket.destroyed) return;
        socket.write(c);
        if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
      }
    });
  });
}

/** A keep-alive agent for the suite's many small requests. */
export function keepAliveAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: 4 });
}
