/**
 * Deleting jobs over HTTP: batch/v1 orphans a job's dependents by default (upstream's
 * DefaultGarbageCollectionPolicy), so a DELETE without options marks the job with the `orphan` finalizer, which
 * the garbage collector removes once it orphaned the job's pods; `propagationPolicy: Background` (kubectl's default)
 * deletes it at once; as upstream's job REST, a delete or deletecollection leaving the propagation to that default
 * warns. A namespace holding a job is still emptied and removed. Cronjobs delete their dependents by default.
 */
import t from 'tap';
import { startKubeLite } from '../../../src/testing/index.js';
import { JOB_DELETE_OPTION_WARNING } from '../../../src/registry/batch/job/storage.js';
import { until } from '../../controllers/until.js';

type Json = Record<string, unknown>;

async function call(url: string, method: string, body?: unknown): Promise<{ status: number; body: Json; warning: string | null }> {
  const res = await fetch(url, { method, headers: { 'Content-Type': 'application/json' }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as Json, warning: res.headers.get('warning') };
}

const ORPHAN_WARNING = `299 - "${JOB_DELETE_OPTION_WARNING}"`;

const job = (name: string): Json => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name },
  spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } } },
});

t.test('job deletes: orphan finalizer by default, Background deletes, namespace deletion completes', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  t.equal((await call(`${kl.url}/api/v1/namespaces`, 'POST', { metadata: { name: 'jobs' } })).status, 201);
  const jobs = `${kl.url}/apis/batch/v1/namespaces/jobs/jobs`;
  for (const name of ['plain', 'background', 'kept']) t.equal((await call(jobs, 'POST', job(name))).status, 201, `${name} created`);

  const plain = await call(`${jobs}/plain`, 'DELETE');
  t.equal(plain.status, 200);
  t.match(plain.body, { kind: 'Job', metadata: { finalizers: ['orphan'], deletionTimestamp: /^\d{4}-/ } }, 'the job stays, marked for deletion with the orphan finalizer');
  t.equal(plain.warning, ORPHAN_WARNING, 'no propagationPolicy: the orphaning default is warned about');
  await until(t, 'the garbage collector to finish the orphaning delete', async () => (await call(`${jobs}/plain`, 'GET')).status === 404);

  const background = await call(`${jobs}/background`, 'DELETE', { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background' });
  t.equal(background.status, 200);
  t.equal(background.warning, null, 'an explicit propagationPolicy: no warning');
  t.equal((await call(`${jobs}/background`, 'GET')).status, 404, 'Background deletes the job at once');
  const collection = await call(`${jobs}?labelSelector=none%3D1`, 'DELETE');
  t.same([collection.status, collection.warning], [200, ORPHAN_WARNING], 'deletecollection without propagationPolicy warns once');

  const cronjobs = `${kl.url}/apis/batch/v1/namespaces/jobs/cronjobs`;
  const cj = { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'tick' }, spec: { schedule: '@hourly', jobTemplate: { spec: job('x').spec } } };
  t.equal((await call(cronjobs, 'POST', cj)).status, 201);
  t.equal((await call(`${cronjobs}/tick`, 'DELETE')).status, 200);
  t.equal((await call(`${cronjobs}/tick`, 'GET')).status, 404, 'cronjobs delete dependents by default: gone at once');

  t.equal((await call(`${kl.url}/api/v1/namespaces/jobs`, 'DELETE')).status, 200);
  const deadline = Date.now() + 20_000;
  let status = 200;
  while (status !== 404 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    status = (await call(`${kl.url}/api/v1/namespaces/jobs`, 'GET')).status;
  }
  t.equal(status, 404, 'the namespace with its jobs is removed');
});
