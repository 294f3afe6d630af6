/**
 * `pods/status` writes on a started kube-lite, checked by 1.32's `ValidatePodStatusUpdate`: a kubelet-like status is
 * stored, a bad pod IP or two of one family is a 422 with upstream's message, and a container of a `restartPolicy:
 * Never` pod that terminated may not run again.
 */
import t from 'tap';
import { callJSON, type StatusAnswer } from '../../../http-json.js';
import { startKubeLite } from '../../../../src/testing/index.js';

type Json = Record<string, unknown>;
type Answer = StatusAnswer;

const kl = await startKubeLite();
t.teardown(() => kl.stop());
const PODS = `${kl.url}/api/v1/namespaces/default/pods`;
const STARTED = '2024-05-01T10:00:00Z';

const call = (url: string, method: string, body?: unknown, contentType?: string) => callJSON<Answer>(url, method, body, contentType);

/** Merges `status` into the stored status of pod `name` and PUTs it through `/status`. */
async function putStatus(name: string, status: Json): Promise<{ status: number; json: Answer }> {
  const { json } = await call(`${PODS}/${name}`, 'GET');
  return call(`${PODS}/${name}/status`, 'PUT', { ...json, status: { ...json.status, ...status } });
}

async function createPod(name: string, restartPolicy = 'Always'): Promise<void> {
  const created = await call(PODS, 'POST', { metadata: { name }, spec: { restartPolicy, nodeName: 'node-1', containers: [{ name: 'app', image: 'nginx' }] } });
  if (created.status !== 201) throw new Error(`creating ${name}: ${created.status} ${created.json.message ?? ''}`);
}

const containerStatus = (state: Json) => ({ name: 'app', image: 'docker.io/library/nginx:latest', imageID: 'docker.io/library/nginx@sha256:0', ready: false, restartCount: 0, started: false, state });

t.test('a kubelet-like status write is stored', async (t) => {
  await createPod('web');
  const status = {
    phase: 'Running',
    conditions: [
      { type: 'PodReadyToStartContainers', status: 'True', lastProbeTime: null, lastTransitionTime: STARTED },
      { type: 'Initialized', status: 'True', lastProbeTime: null, lastTransitionTime: STARTED },
      { type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: STARTED },
      { type: 'ContainersReady', status: 'True', lastProbeTime: null, lastTransitionTime: STARTED },
      { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: STARTED },
    ],
    hostIP: '192.168.1.10',
    hostIPs: [{ ip: '192.168.1.10' }],
    podIP: '10.244.0.5',
    podIPs: [{ ip: '10.244.0.5' }],
    startTime: STARTED,
    containerStatuses: [{ ...containerStatus({ running: { startedAt: STARTED } }), containerID: 'containerd://abc', ready: true, started: true }],
  };
  const put = await putStatus('web', status);
  t.equal(put.status, 200, put.json.message ?? '');
  const stored = (await call(`${PODS}/web`, 'GET')).json.status ?? {};
  t.equal(stored.phase, 'Running');
  t.same(stored.podIPs, [{ ip: '10.244.0.5' }]);
  t.same(stored.hostIPs, [{ ip: '192.168.1.10' }]);
  t.same((stored.containerStatuses as Json[] | undefined)?.[0]?.state, { running: { startedAt: STARTED } });
  t.equal(stored.qosClass, 'BestEffort', 'the QoS class stays');
});

t.test('pod IPs are validated', async (t) => {
  const bad = await putStatus('web', { podIP: '10.244.0.300', podIPs: [{ ip: '10.244.0.300' }] });
  t.equal(bad.status, 422);
  t.equal(bad.json.message, 'Pod "web" is invalid: status.podIPs[0]: Invalid value: "10.244.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)');
  t.same(bad.json.details?.causes, [
    { reason: 'FieldValueInvalid', message: 'Invalid value: "10.244.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)', field: 'status.podIPs[0]' },
  ]);
  const twoV4 = await putStatus('web', { podIP: '10.244.0.5', podIPs: [{ ip: '10.244.0.5' }, { ip: '10.244.0.6' }] });
  t.equal(twoV4.status, 422);
  t.equal(
    twoV4.json.message,
    'Pod "web" is invalid: status.podIPs: Invalid value: []core.PodIP{core.PodIP{IP:"10.244.0.5"}, core.PodIP{IP:"10.244.0.6"}}: may specify no more than one IP for each IP family',
  );
  t.equal((await putStatus('web', { podIPs: [{ ip: '10.244.0.5' }, { ip: 'fd00:10:244::5' }] })).status, 200, 'one of each family');
});

t.test('a terminated container of a restartPolicy Never pod stays terminated', async (t) => {
  await createPod('once', 'Never');
  const done = await putStatus('once', { phase: 'Succeeded', containerStatuses: [containerStatus({ terminated: { exitCode: 0, reason: 'Completed', startedAt: STARTED, finishedAt: STARTED } })] });
  t.equal(done.status, 200, done.json.message ?? '');
  const again = await putStatus('once', { phase: 'Running', containerStatuses: [containerStatus({ running: { startedAt: STARTED } })] });
  t.equal(again.status, 422);
  t.equal(again.json.message, 'Pod "once" is invalid: status.containerStatuses[0].state: Forbidden: may not be transitioned to non-terminated state');
  t.same(again.json.details?.causes, [
    { reason: 'FieldValueForbidden', message: 'Forbidden: may not be transitioned to non-terminated state', field: 'status.containerStatuses[0].state' },
  ]);
});
