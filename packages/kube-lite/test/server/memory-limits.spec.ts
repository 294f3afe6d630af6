/**
 * The memory backend's etcd limits on kube-lite (`--max-request-bytes`, `--quota-backend-bytes`,
 * `--history-budget-bytes`): refusals reach clients as the Status kube-apiserver sends when etcd refuses a write.
 */
import t from 'tap';
import { parseFlags } from '../../src/cli/flags.js';
import { startKubeLite } from '../../src/testing/index.js';

const configMap = (name: string, size: number) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { blob: 'x'.repeat(size) } });

async function send(method: string, url: string, body?: object): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, { method, headers: { 'content-type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

t.test('flags: the three limits, in bytes; negative values are refused', async (t) => {
  const { options, errors } = parseFlags(['--max-request-bytes=2000', '--quota-backend-bytes', '50000', '--history-budget-bytes=0']);
  t.same(errors, []);
  t.same(options.memoryLimits, { maxRequestBytes: 2000, quotaBackendBytes: 50000, historyBudgetBytes: 0 });
  t.same(parseFlags(['--max-request-bytes=-1', '--history-budget-bytes=lots']).errors, [
    'invalid argument "-1" for "--max-request-bytes" flag: must be 0 (no limit) or more',
    'invalid argument "lots" for "--history-budget-bytes" flag: parse error',
  ]);
  t.equal(parseFlags([]).options.memoryLimits, undefined, 'unset: the backend defaults');
});

t.test('--max-request-bytes: a too-large write is the 500 kube-apiserver relays from etcd; nothing is stored', async (t) => {
  const kl = await startKubeLite({ memoryLimits: { maxRequestBytes: 4000 } });
  t.teardown(() => kl.stop());
  const url = `${kl.url}/api/v1/namespaces/default/configmaps`;
  const refused = await send('POST', url, configMap('big', 5000));
  t.equal(refused.status, 500);
  t.match(refused.body, { kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'etcdserver: request is too large', code: 500 });
  t.notOk('reason' in refused.body, 'no reason (StatusReasonUnknown), as upstream');
  t.equal((await send('GET', `${url}/big`)).status, 404);
  const small = await send('POST', url, configMap('big', 1000));
  t.equal(small.status, 201);
  const grown = await send('PUT', `${url}/big`, { ...small.body, data: { blob: 'y'.repeat(5000) } });
  t.match(grown, { status: 500, body: { message: 'etcdserver: request is too large' } }, 'an update growing past it too');
});

t.test('--quota-backend-bytes: writes past the live-data quota get etcd\'s "database space exceeded"; deletes free space', async (t) => {
  const kl = await startKubeLite({ memoryLimits: { quotaBackendBytes: 2_000_000 } });
  t.teardown(() => kl.stop());
  const url = `${kl.url}/api/v1/namespaces/default/configmaps`;
  const answers: number[] = [];
  let refused: { status: number; body: Record<string, unknown> } | undefined;
  for (let i = 0; i < 6 && refused === undefined; i++) {
    const res = await send('POST', url, configMap(`cm${i}`, 500_000));
    answers.push(res.status);
    if (res.status !== 201) refused = res;
  }
  t.ok(answers.length >= 3, `${answers.length - 1} fitted before the refusal`);
  t.match(refused, { status: 500, body: { status: 'Failure', message: 'etcdserver: mvcc: database space exceeded', code: 500 } });
  t.equal((await send('DELETE', `${url}/cm0`)).status, 200, 'deletes pass');
  t.equal((await send('POST', url, configMap('again', 500_000))).status, 201, 'the freed space is usable');
});
