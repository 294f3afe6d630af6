// One timed JSON request over node:http, for the benchmarks that measure write latency (bench/reliability.mjs,
// bench/tools/profile-watch.mjs).
import { request as httpRequest } from 'node:http';

/**
 * Sends `body` (JSON-encoded when given) with `method` to `path`; resolves with status, body text, latency in ms
 * (by `now`) and the Retry-After header. Times out after 30 s.
 */
export function send(agent, port, method, path, body, now = () => performance.now()) {
  return new Promise((resolve, reject) => {
    const started = now();
    const headers = { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode, body: text, ms: now() - started, retryAfter: res.headers['retry-after'] }));
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timed out after 30 s')));
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
