/**
 * `/metrics/slis` (component-base's health check SLIs): `/healthz`, `/livez` and `/readyz` record each check they
 * run in `kubernetes_healthcheck` (last result, 1 or 0) and `kubernetes_healthchecks_total` (by status); checks
 * `?exclude=` skips and the single-check paths are not recorded; `DELETE /metrics/slis` resets both.
 */
import t from 'tap';
import { namedCheck } from '../../src/healthz/health-checker.js';
import { GenericAPIServer } from '../../src/server/generic-api-server.js';
import { fetchText, serve } from '../helpers.js';

t.test('health check results in /metrics/slis', async (t) => {
  let etcdUp = true;
  const server = new GenericAPIServer({
    log: () => undefined,
    healthChecks: [
      namedCheck('etcd', () => {
        if (!etcdUp) throw new Error('no quorum');
      }),
    ],
  });
  t.teardown(() => server.shutdown());
  const s = await serve(server.handler.director);
  t.teardown(s.close);
  const slis = async () => (await fetchText(`${s.url}/metrics/slis`)).body;
  t.equal(
    await slis(),
    '# HELP kubernetes_healthcheck This metric records the result of a single healthcheck.\n# TYPE kubernetes_healthcheck gauge\n\n' +
      '# HELP kubernetes_healthchecks_total This metric records the results of all healthcheck.\n# TYPE kubernetes_healthchecks_total counter\n',
    'nothing recorded before a health endpoint is asked',
  );
  t.equal((await fetchText(`${s.url}/healthz`)).status, 200);
  t.equal((await fetchText(`${s.url}/healthz?exclude=log`)).status, 200);
  t.equal((await fetchText(`${s.url}/healthz/etcd`)).status, 200, 'a single check: not recorded');
  etcdUp = false;
  t.equal((await fetchText(`${s.url}/livez`)).status, 500);
  const text = await slis();
  const lines = text.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
  t.same(lines, [
    'kubernetes_healthcheck{name="ping",type="healthz"} 1',
    'kubernetes_healthcheck{name="log",type="healthz"} 1',
    'kubernetes_healthcheck{name="etcd",type="healthz"} 1',
    'kubernetes_healthcheck{name="ping",type="livez"} 1',
    'kubernetes_healthcheck{name="log",type="livez"} 1',
    'kubernetes_healthcheck{name="etcd",type="livez"} 0',
    'kubernetes_healthchecks_total{name="ping",status="success",type="healthz"} 2',
    'kubernetes_healthchecks_total{name="log",status="success",type="healthz"} 1',
    'kubernetes_healthchecks_total{name="etcd",status="success",type="healthz"} 2',
    'kubernetes_healthchecks_total{name="ping",status="success",type="livez"} 1',
    'kubernetes_healthchecks_total{name="log",status="success",type="livez"} 1',
    'kubernetes_healthchecks_total{name="etcd",status="error",type="livez"} 1',
  ]);
  const reset = await fetchText(`${s.url}/metrics/slis`, { method: 'DELETE' });
  t.equal(reset.status, 200);
  t.equal(reset.body, 'metrics reset\n');
  t.notMatch(await slis(), /kubernetes_healthcheck\{/, 'reset: no series');
  etcdUp = true;
  t.equal((await fetchText(`${s.url}/readyz?exclude=shutdown`)).status, 200);
  t.match(await slis(), /kubernetes_healthchecks_total\{name="etcd",status="success",type="readyz"\} 1\n/, 'recorded again after the reset');
});
