/**
 * Regression (found by kube-lite's reliability tests, etcd stopped with SIGSTOP): a health check that fails
 * after the request timeout made /readyz's handler write its 500 over the 504 the timeout filter had already
 * sent; `httpError` threw ERR_HTTP_HEADERS_SENT and the server logged a bogus "apiserver panic'd". Like Go's
 * timeout writer (late WriteHeader ignored), a handler's late error answer is now dropped silently.
 */
import t, { type Test } from 'tap';
import { withPanicRecovery } from '../../src/filters/panic-recovery.js';
import { withRequestDeadline } from '../../src/filters/request-deadline.js';
import { withRequestInfo } from '../../src/filters/request-info.js';
import type { Handler } from '../../src/handler.js';
import { rootHealthHandler } from '../../src/healthz/healthz.js';
import { RequestInfoFactory } from '../../src/request/request-info.js';
import { httpError, writeStatus } from '../../src/responsewriters.js';
import { fetchText, json, serve } from '../helpers.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function chainAnswer(t: Test, inner: Handler): Promise<{ status: number; reason: unknown; panics: string[] }> {
  const panics: string[] = [];
  const chain = withPanicRecovery(withRequestInfo(withRequestDeadline(inner, { requestTimeoutMillis: 50 }), new RequestInfoFactory()), (message, panic) => {
    panics.push(`${message}: ${panic instanceof Error ? panic.message : String(panic)}`);
  });
  const s = await serve(chain);
  t.teardown(() => s.close());
  const reply = await fetchText(`${s.url}/readyz`);
  // Let the inner handler finish its late write.
  await sleep(250);
  return { status: reply.status, reason: json(reply).reason, panics };
}

t.test('a readyz check failing after the request timeout: the 504 stands, no panic', async (t) => {
  const slowFailing = { name: 'etcd', check: async () => {
    await sleep(150);
    throw new Error('etcd unreachable');
  } };
  const logged: string[] = [];
  const got = await chainAnswer(t, rootHealthHandler('readyz', () => [slowFailing], (m) => logged.push(m)));
  t.equal(got.status, 504, 'the client got the timeout filter’s 504');
  t.equal(got.reason, 'Timeout');
  t.same(got.panics, [], 'the late failure is not reported as a panic');
  t.match(logged.join(''), /\[-\]etcd failed: etcd unreachable/, 'the failed check is still logged');
});

t.test('writeStatus and httpError after the timeout answered: dropped, no panic', async (t) => {
  for (const [name, write] of [
    ['writeStatus', (res: Parameters<Handler>[1]) => writeStatus(res, new Error('late'))],
    ['httpError', (res: Parameters<Handler>[1]) => httpError(res, 'late', 500)],
  ] as const) {
    const got = await chainAnswer(t, async (_req, res) => {
      await sleep(150);
      write(res);
    });
    t.equal(got.status, 504, `${name}: the client got the 504`);
    t.same(got.panics, [], `${name}: no panic`);
  }
});
