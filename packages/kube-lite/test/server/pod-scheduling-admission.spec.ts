import t from 'tap';
import { startKubeLite } from '../../src/testing/index.js';

t.test('Priority and RuntimeClass admission of pods through HTTP', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const post = (path: string, body: unknown): Promise<Response> =>
    fetch(`${kl.url}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const pod = (name: string, spec: Record<string, unknown> = {}) => ({ metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx' }], ...spec } });
  type Spec = Record<string, unknown>;
  const created = async (name: string, spec: Spec = {}): Promise<Spec> => {
    const res = await post('/api/v1/namespaces/default/pods', pod(name, spec));
    t.equal(res.status, 201, `${name} created`);
    return ((await res.json()) as { spec: Spec }).spec;
  };
  const refused = async (name: string, spec: Spec): Promise<{ code: number; reason: string; message: string; kind: string }> => {
    const res = await post('/api/v1/namespaces/default/pods', pod(name, spec));
    return (await res.json()) as { code: number; reason: string; message: string; kind: string };
  };

  const plain = await created('plain');
  t.equal(plain['priority'], 0);
  t.equal(plain['preemptionPolicy'], 'PreemptLowerPriority');
  t.notOk('priorityClassName' in plain, 'no class name without a default class');
  const stored = (await (await fetch(`${kl.url}/api/v1/namespaces/default/pods/plain`)).json()) as { spec: Spec };
  t.match(stored.spec, { priority: 0, preemptionPolicy: 'PreemptLowerPriority' }, 'stored so');

  t.match(await created('critical', { priorityClassName: 'system-node-critical' }), { priorityClassName: 'system-node-critical', priority: 2000001000, preemptionPolicy: 'PreemptLowerPriority' });
  t.match(await refused('ghost', { priorityClassName: 'nope' }), {
    kind: 'Status',
    code: 403,
    reason: 'Forbidden',
    message: 'pods "ghost" is forbidden: no PriorityClass with name nope was found',
  });
  t.match((await refused('given', { priority: 5 })).message, 'the integer value of priority (5) must not be provided in pod spec; priority admission controller computed 0');

  const pc = { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'everyone' }, value: 42, globalDefault: true, preemptionPolicy: 'Never' };
  t.equal((await post('/apis/scheduling.k8s.io/v1/priorityclasses', pc)).status, 201);
  t.match(await created('defaulted'), { priorityClassName: 'everyone', priority: 42, preemptionPolicy: 'Never' }, 'the global default class');

  const rc = {
    apiVersion: 'node.k8s.io/v1',
    kind: 'RuntimeClass',
    metadata: { name: 'kata' },
    handler: 'kata',
    overhead: { podFixed: { cpu: '250m', memory: '120Mi' } },
    scheduling: { nodeSelector: { runtime: 'kata' }, tolerations: [{ key: 'runtime', operator: 'Equal', value: 'kata', effect: 'NoSchedule' }] },
  };
  t.equal((await post('/apis/node.k8s.io/v1/runtimeclasses', rc)).status, 201);
  const kata = await created('kata', { runtimeClassName: 'kata', nodeSelector: { disk: 'ssd' } });
  t.same(kata['overhead'], { cpu: '250m', memory: '120Mi' });
  t.same(kata['nodeSelector'], { disk: 'ssd', runtime: 'kata' });
  t.same(kata['tolerations'], [
    { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
    { key: 'runtime', operator: 'Equal', value: 'kata', effect: 'NoSchedule' },
  ], 'DefaultTolerationSeconds runs before RuntimeClass');
  t.match(await refused('conflict', { runtimeClassName: 'kata', nodeSelector: { runtime: 'runc' } }), {
    code: 403,
    message: 'pods "conflict" is forbidden: conflict: runtimeClass.scheduling.nodeSelector[runtime] = kata; pod.spec.nodeSelector[runtime] = runc',
  });
  t.match(await refused('gvisor', { runtimeClassName: 'gvisor' }), { code: 403, message: 'pods "gvisor" is forbidden: pod rejected: RuntimeClass "gvisor" not found' });
  t.match(await refused('overhead', { overhead: { cpu: '1' } }), {
    code: 403,
    reason: 'Forbidden',
    message: 'pods "overhead" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead',
  });
  t.equal((await fetch(`${kl.url}/api/v1/namespaces/default/pods/overhead`)).status, 404, 'not stored');

  const put = await fetch(`${kl.url}/api/v1/namespaces/default/pods/kata`, { method: 'GET' });
  const current = (await put.json()) as { metadata: Record<string, unknown>; spec: Spec };
  delete current.spec['priority'];
  delete current.spec['preemptionPolicy'];
  current.metadata['labels'] = { updated: 'yes' };
  const updated = await fetch(`${kl.url}/api/v1/namespaces/default/pods/kata`, { method: 'PUT', body: JSON.stringify(current), headers: { 'content-type': 'application/json' } });
  t.equal(updated.status, 200, 'an update omitting priority is allowed');
  t.match(((await updated.json()) as { spec: Spec }).spec, { priority: 42, preemptionPolicy: 'Never' }, 'and keeps it');
});
