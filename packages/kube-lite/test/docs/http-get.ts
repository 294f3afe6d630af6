/** A raw HTTP request helper for the /docs tests: the path is sent exactly as given (no normalisation). */
import { request } from 'node:http';

/** What came back. */
export interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: Buffer;
}

/** Sends one request to `base` (`http://host:port`) with the literal `path`; bounded by `timeoutMs`. */
export function rawRequest(base: string, path: string, options: { method?: string; headers?: Record<string, string>; timeoutMs?: number } = {}): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method: options.method ?? 'GET', headers: options.headers ?? {}, agent: false, timeout: options.timeoutMs ?? 10_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${path}: no answer within the timeout`)));
    req.on('error', reject);
    req.end();
  });
}
