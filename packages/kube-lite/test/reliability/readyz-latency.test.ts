/**
 * Issue #19: a heavy but valid request (body up to the 3 MiB limit) may not freeze kube-lite's event loop. While
 * each request of `heavy-requests.ts` runs against a kube-lite process, a client polls `/readyz` every 50 ms;
 * every request is answered without a 5xx and every poll is answered (within 5 s: no freeze). How long the slowest
 * poll took is measured by `npm run bench -- readyz-latency` against an idle server, not asserted here.
 */
import t from 'tap';
import { heavyRequests } from '../hostile/heavy-requests.js';
import { keepAliveAgent } from '../hostile/http-probe.js';
import { POLL_TIMEOUT_MILLIS, runHeavy, startHeavyServer } from './readyz-under-load.js';

t.setTimeout(300_000);
const NAMESPACE = 'heavy';

t.test('heavy requests leave /readyz answering', async (t) => {
  let kl = await startHeavyServer(NAMESPACE);
  const agent = keepAliveAgent();
  t.teardown(async () => {
    agent.destroy();
    await kl.kill();
  });
  for (const heavy of heavyRequests(NAMESPACE)) {
    const { answer, bodyBytes, timeoutMillis, millis, latencies } = await runHeavy(kl.url, heavy, agent);
    const slowest = Math.max(...latencies);
    const took = answer.status === 0 ? `no answer within ${timeoutMillis} ms` : `${answer.status} in ${millis.toFixed(0)} ms`;
    t.comment(`${heavy.name}: ${(bodyBytes / 1024).toFixed(0)} KiB body → ${took}; ${latencies.length} polls, slowest /readyz ${slowest.toFixed(0)} ms`);
    t.ok(answer.status > 0 && answer.status < 500, `${heavy.name}: answered ${answer.status}, not a 5xx`);
    t.ok(bodyBytes <= 3 * 1024 * 1024, `${heavy.name}: body ${bodyBytes} B within the 3 MiB limit`);
    t.ok(Number.isFinite(slowest), `${heavy.name}: every /readyz poll answered within ${POLL_TIMEOUT_MILLIS} ms`);
    if (answer.status === 0) {
      // Still busy with the request: the next one gets a fresh server.
      await kl.kill();
      kl = await startHeavyServer(NAMESPACE);
    }
  }
});
