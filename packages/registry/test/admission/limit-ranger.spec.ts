import { isStatusError } from '@apiserver/runtime';
import t from 'tap';
import { newAttributesRecord, type Operation } from '../../src/admission/interfaces.js';
import { LIMIT_RANGER_ANNOTATION, LimitRanger } from '../../src/admission/plugins/limitranger/limit-ranger.js';
import type { ApiObject } from '../../src/rest/types.js';

const podKind = { group: '', version: 'v1', kind: 'Pod' };
const podResource = { group: '', version: 'v1', resource: 'pods' };
const pvcKind = { group: '', version: 'v1', kind: 'PersistentVolumeClaim' };
const pvcResource = { group: '', version: 'v1', resource: 'persistentvolumeclaims' };

function limitRange(...limits: Record<string, unknown>[]): ApiObject {
  return { apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'lr', namespace: 'ns' }, spec: { limits } };
}

function pod(containers: Record<string, unknown>[], initContainers: Record<string, unknown>[] = []): ApiObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns' }, spec: { containers, ...(initContainers.length > 0 && { initContainers }) } };
}

function attrs(obj: ApiObject, operation: Operation = 'CREATE', oldObject?: ApiObject) {
  const claim = obj.kind === 'PersistentVolumeClaim';
  return newAttributesRecord({
    operation,
    kind: claim ? pvcKind : podKind,
    resource: claim ? pvcResource : podResource,
    namespace: 'ns',
    name: obj.metadata.name ?? '',
    object: obj,
    oldObject,
  });
}

async function rejection(plugin: LimitRanger, obj: ApiObject, operation: Operation = 'CREATE'): Promise<{ code: number; message: string } | undefined> {
  try {
    await plugin.validate({}, attrs(obj, operation));
    return undefined;
  } catch (err) {
    if (!isStatusError(err)) throw err;
    return { code: err.status.code ?? 0, message: err.status.message ?? '' };
  }
}

const containerDefaults = limitRange({
  type: 'Container',
  default: { cpu: '500m', memory: '256Mi' },
  defaultRequest: { cpu: '100m', memory: '128Mi' },
  max: { cpu: '1' },
  min: { cpu: '100m' },
});

t.test('container defaults fill missing requests and limits and are annotated', async (t) => {
  const plugin = new LimitRanger(async (ns) => (ns === 'ns' ? [containerDefaults] : []));
  const p = pod([{ name: 'app', image: 'nginx', resources: { limits: { cpu: '800m' } } }], [{ name: 'init', image: 'busybox' }]);
  await plugin.admit({}, attrs(p));
  const spec = p['spec'] as { containers: { resources: unknown }[]; initContainers: { resources: unknown }[] };
  t.same(spec.containers[0]?.resources, { limits: { cpu: '800m', memory: '256Mi' }, requests: { cpu: '100m', memory: '128Mi' } });
  t.same(spec.initContainers[0]?.resources, { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '100m', memory: '128Mi' } });
  t.equal(
    p.metadata.annotations?.[LIMIT_RANGER_ANNOTATION],
    'LimitRanger plugin set: cpu, memory request for container app; memory limit for container app; cpu, memory request for init container init; cpu, memory limit for init container init',
  );
  t.equal(await rejection(plugin, p), undefined, 'the defaulted pod is within bounds');
});

t.test('a pod whose containers have everything set gets no annotation', async (t) => {
  const plugin = new LimitRanger(async () => [containerDefaults]);
  const p = pod([{ name: 'app', resources: { limits: { cpu: '500m', memory: '1Gi' }, requests: { cpu: '200m', memory: '1Gi' } } }]);
  await plugin.admit({}, attrs(p));
  t.equal(p.metadata.annotations, undefined);
});

t.test('min, max and ratio violations use upstream messages, aggregated, as 403', async (t) => {
  const plugin = new LimitRanger(async () => [limitRange({ type: 'Container', min: { cpu: '100m', memory: '64Mi' }, max: { cpu: '500m' }, maxLimitRequestRatio: { memory: '2' } })]);
  t.same(await rejection(plugin, pod([{ name: 'a', resources: { requests: { cpu: '50m', memory: '64Mi' }, limits: { cpu: '200m', memory: '64Mi' } } }])), {
    code: 403,
    message: 'pods "p" is forbidden: minimum cpu usage per Container is 100m, but request is 50m',
  });
  t.same(await rejection(plugin, pod([{ name: 'a', resources: { requests: { cpu: '100m', memory: '64Mi' }, limits: { cpu: '2', memory: '256Mi' } } }])), {
    code: 403,
    message: 'pods "p" is forbidden: [maximum cpu usage per Container is 500m, but limit is 2, memory max limit to request ratio per Container is 2, but provided ratio is 4.000000]',
  });
  t.same(await rejection(plugin, pod([{ name: 'a', resources: { requests: { cpu: '100m', memory: '64Mi' } } }])), {
    code: 403,
    message: 'pods "p" is forbidden: [maximum cpu usage per Container is 500m.  No limit is specified, memory max limit to request ratio per Container is 2, but no limit is specified or limit is 0]',
  });
  t.same(await rejection(plugin, pod([{ name: 'a' }])), {
    code: 403,
    message:
      'pods "p" is forbidden: [minimum cpu usage per Container is 100m.  No request is specified, minimum memory usage per Container is 64Mi.  No request is specified, maximum cpu usage per Container is 500m.  No limit is specified, memory max limit to request ratio per Container is 2, but no request is specified or request is 0]',
  });
});

t.test('init containers are checked too', async (t) => {
  const plugin = new LimitRanger(async () => [limitRange({ type: 'Container', max: { memory: '1Gi' } })]);
  const p = pod([{ name: 'a', resources: { limits: { memory: '1Gi' } } }], [{ name: 'i', resources: { limits: { memory: '2Gi' } } }]);
  t.equal((await rejection(plugin, p))?.message, 'pods "p" is forbidden: maximum memory usage per Container is 1Gi, but limit is 2Gi');
});

t.test('Pod items bound the sum of containers, raised to the largest init container', async (t) => {
  const plugin = new LimitRanger(async () => [limitRange({ type: 'Pod', max: { cpu: '1' } })]);
  const two = pod([
    { name: 'a', resources: { limits: { cpu: '600m' } } },
    { name: 'b', resources: { limits: { cpu: '600m' } } },
  ]);
  t.equal((await rejection(plugin, two))?.message, 'pods "p" is forbidden: maximum cpu usage per Pod is 1, but limit is 1200m');
  const init = pod([{ name: 'a', resources: { limits: { cpu: '600m' } } }], [{ name: 'i', resources: { limits: { cpu: '900m' } } }]);
  t.equal(await rejection(plugin, init), undefined, 'max(600m, 900m) fits');
});

t.test('pods are skipped on UPDATE and when being deleted; other kinds and subresources pass', async (t) => {
  const plugin = new LimitRanger(async () => [limitRange({ type: 'Container', max: { cpu: '1' } })]);
  const big = pod([{ name: 'a', resources: { limits: { cpu: '2' } } }]);
  t.equal(await rejection(plugin, big, 'UPDATE'), undefined);
  const deleting = { ...big, metadata: { ...big.metadata, deletionTimestamp: '2024-01-01T00:00:00Z' } };
  await t.resolves(plugin.validate({}, attrs(big, 'CREATE', deleting)));
  await t.resolves(plugin.validate({}, { ...attrs(big), subresource: 'status' }));
  await t.resolves(plugin.validate({}, { ...attrs(big), kind: { group: 'apps', version: 'v1', kind: 'Deployment' } }));
});

t.test('claims: storage min and max on requests, on CREATE and UPDATE', async (t) => {
  const plugin = new LimitRanger(async () => [limitRange({ type: 'PersistentVolumeClaim', min: { storage: '1Gi' }, max: { storage: '10Gi' } })]);
  const claim = (storage?: string): ApiObject => ({
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: 'c', namespace: 'ns' },
    spec: { resources: storage === undefined ? {} : { requests: { storage } } },
  });
  t.equal((await rejection(plugin, claim('20Gi')))?.message, 'persistentvolumeclaims "c" is forbidden: maximum storage usage per PersistentVolumeClaim is 10Gi, but request is 20Gi');
  t.equal((await rejection(plugin, claim('500Mi'), 'UPDATE'))?.message, 'persistentvolumeclaims "c" is forbidden: minimum storage usage per PersistentVolumeClaim is 1Gi, but request is 500Mi');
  t.equal(
    (await rejection(plugin, claim()))?.message,
    'persistentvolumeclaims "c" is forbidden: [minimum storage usage per PersistentVolumeClaim is 1Gi.  No request is specified, maximum storage usage per PersistentVolumeClaim is 10Gi.  No request is specified]',
  );
  t.equal(await rejection(plugin, claim('5Gi')), undefined);
});
