/**
 * Huge and negative `timeoutSeconds` (issue #19): node's timers overflow past 2^31-1 ms and fire at once, so
 * `timeoutSeconds=2147484` ended a watch after ~20 ms; upstream's Go timers take any duration.
 */
import { request as httpRequest } from 'node:http';
import t from 'tap';
import { MAX_NODE_TIMEOUT_MS, setLongTimeout } from '../../src/handlers/long-timer.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const base = '/api/v1/namespaces/default/configmaps';

/** Opens a watch and reports whether it was still open after `ms` (then closes it), with its status. */
function openFor(s: TestServer, path: string, ms: number): Promise<{ status: number; open: boolean; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${s.url}${path}`, { headers: { Accept: 'application/json' } }, (res) => {
      let ended = false;
      let text = '';
      res.on('data', (c: Buffer) => {
        text += c.toString('utf8');
      });
      res.on('end', () => {
        ended = true;
      });
      setTimeout(() => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, open: !ended, text });
      }, ms);
    });
    req.on('error', reject);
    req.end();
  });
}

t.test('setLongTimeout chains node timers past 2^31-1 ms', async (t) => {
  let fired = 0;
  const cancel = setLongTimeout(() => fired++, MAX_NODE_TIMEOUT_MS + 1000);
  await new Promise((r) => setTimeout(r, 50));
  t.equal(fired, 0, 'a delay past the node maximum does not fire at once');
  cancel();
  const never = setLongTimeout(() => fired++, Number.POSITIVE_INFINITY);
  never();
  await new Promise<void>((r) => setLongTimeout(r, -5));
  await new Promise<void>((r) => setLongTimeout(r, 10));
  t.equal(fired, 0);
});

t.test('huge timeoutSeconds keep the watch open; negative ones end it at once', async (t) => {
  const s = await startTestServer();
  t.teardown(() => s.close());
  // 9223372036 s is the longest Go's Duration(seconds)*time.Second holds; past it Go's multiplication wraps, here
  // the watch simply lasts (the runtime's query decoding refuses integers past 2^53 with a 400).
  for (const seconds of ['2147484', '4294967296', '9223372036', '9007199254740991']) {
    const w = await openFor(s, `${base}?watch=true&timeoutSeconds=${seconds}`, 500);
    t.equal(w.status, 200, `${seconds}: 200`);
    t.ok(w.open, `timeoutSeconds=${seconds}: still open after 500 ms`);
  }
  const negative = await openFor(s, `${base}?watch=true&timeoutSeconds=-1`, 500);
  t.equal(negative.status, 200);
  t.notOk(negative.open, 'timeoutSeconds=-1: ended at once, as a Go timer of a negative duration');
  const beyond = await s.request('GET', `${base}?watch=true&timeoutSeconds=99999999999999999999`);
  t.equal(beyond.status, 400, 'past int64: 400');
});
