/** The test fixture's requests to the server it started (readiness, CRD and webhook installation), and its polls. */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** A server the fixture talks to: its URL and the bearer token its kubeconfig carries, if any. */
export interface FixtureServer {
  readonly url: string;
  readonly token: string | undefined;
}

/** What the server answered: status code 0 when the connection failed; the body parsed when it is JSON. */
export interface ApiAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** `method path` with a JSON `body`, as the kubeconfig's user; never rejects (a failed connection is status 0). */
export function apiRequest(server: FixtureServer, method: string, path: string, body?: unknown): Promise<ApiAnswer> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (server.token !== undefined) headers.authorization = `Bearer ${server.token}`;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const send = server.url.startsWith('https:') ? httpsRequest : httpRequest;
    // The server's own (possibly self-signed) certificate is not what the fixture checks.
    const req = send(`${server.url}${path}`, { method, agent: false, headers, rejectUnauthorized: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: parseJSON(Buffer.concat(chunks).toString('utf8')) }));
      res.on('error', () => resolve({ status: 0, body: undefined }));
    });
    req.on('error', () => resolve({ status: 0, body: undefined }));
    req.end(payload);
  });
}

function parseJSON(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The error of a refused request: `<option>: <what>: ` and the Status message the server gave, else its status code. */
export function refusal(option: string, what: string, answer: ApiAnswer): Error {
  const message = (answer.body as { message?: unknown } | undefined)?.message;
  return new Error(`${option}: ${what}: ${answer.status === 0 ? 'connection failed' : `${answer.status} ${typeof message === 'string' ? message : ''}`.trim()}`);
}

/**
 * What `probe` resolves to once it is not undefined, asked every `intervalMillis`; throws `timeoutMessage` after
 * `deadline` (ms since the epoch).
 */
export async function pollUntil<T>(deadline: number, probe: () => Promise<T | undefined> | T | undefined, timeoutMessage: string, intervalMillis = 20): Promise<T> {
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(timeoutMessage);
    await new Promise((r) => setTimeout(r, intervalMillis));
  }
}
