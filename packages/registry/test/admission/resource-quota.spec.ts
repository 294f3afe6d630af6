import { isStatusError, newConflict } from '@apiserver/runtime';
import t from 'tap';
import { newAttributesRecord, type Operation } from '../../src/admission/interfaces.js';
import { type QuotaAccessor, ResourceQuotaAdmission } from '../../src/admission/plugins/resourcequota/resource-quota.js';
import { calculateUsageStats, scopeSelectorsOf } from '../../src/quota/evaluator.js';
import { PodEvaluator } from '../../src/quota/evaluator/pods.js';
import { formatResourceList } from '../../src/quota/resource-list.js';
import type { ApiObject } from '../../src/rest/types.js';

/** Quotas kept in memory; `conflicts` makes that many next writes fail with 409 after bumping the stored one. */
class MemoryQuotas implements QuotaAccessor {
  readonly quotas = new Map<string, ApiObject>();
  conflicts = 0;
  writes = 0;
  #rv = 1;

  add(name: string, hard: Record<string, string>, used?: Record<string, string>, spec: Record<string, unknown> = {}): void {
    this.quotas.set(name, {
      apiVersion: 'v1',
      kind: 'ResourceQuota',
      metadata: { name, namespace: 'ns', resourceVersion: String(this.#rv++) },
      spec: { hard, ...spec },
      status: { hard, ...(used !== undefined && { used }) },
    });
  }

  async getQuotas(namespace: string): Promise<ApiObject[]> {
    return [...this.quotas.values()].filter((q) => q.metadata.namespace === namespace).map((q) => structuredClone(q));
  }

  async updateQuotaStatus(quota: ApiObject): Promise<void> {
    const name = quota.metadata.name ?? '';
    const stored = this.quotas.get(name);
    if (this.conflicts > 0 && stored !== undefined) {
      this.conflicts--;
      stored.metadata.resourceVersion = String(this.#rv++);
    }
    if (stored?.metadata.resourceVersion !== quota.metadata.resourceVersion) throw newConflict({ group: '', resource: 'resourcequotas' }, name, new Error('the object has been modified'));
    this.writes++;
    this.quotas.set(name, { ...structuredClone(quota), metadata: { ...quota.metadata, resourceVersion: String(this.#rv++) } });
  }

  used(name: string): unknown {
    return (this.quotas.get(name)?.['status'] as { used?: unknown } | undefined)?.used;
  }
}

const kinds: Record<string, { group: string; kind: string }> = {
  pods: { group: '', kind: 'Pod' },
  configmaps: { group: '', kind: 'ConfigMap' },
  services: { group: '', kind: 'Service' },
  persistentvolumeclaims: { group: '', kind: 'PersistentVolumeClaim' },
  deployments: { group: 'apps', kind: 'Deployment' },
};

function attrs(resource: string, obj: ApiObject, operation: Operation = 'CREATE', oldObject?: ApiObject, dryRun = false) {
  const { group, kind } = kinds[resource] ?? { group: '', kind: '' };
  return newAttributesRecord({
    operation,
    kind: { group, version: 'v1', kind },
    resource: { group, version: 'v1', resource },
    namespace: 'ns',
    name: obj.metadata.name ?? '',
    object: obj,
    oldObject,
    dryRun,
  });
}

function pod(name: string, resources?: Record<string, unknown>, spec: Record<string, unknown> = {}): ApiObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'ns' }, spec: { containers: [{ name: 'app', image: 'nginx', ...(resources && { resources }) }], ...spec } };
}

async function rejection(plugin: ResourceQuotaAdmission, a: ReturnType<typeof attrs>, code = 403): Promise<string | undefined> {
  try {
    await plugin.validate({}, a);
    return undefined;
  } catch (err) {
    if (!isStatusError(err)) throw err;
    t.equal(err.status.code, code);
    return err.status.message;
  }
}

t.test('pods: charged on create, the third refused with upstream message', async (t) => {
  const store = new MemoryQuotas();
  store.add('q', { pods: '2' }, { pods: '0' });
  const plugin = new ResourceQuotaAdmission(store);
  await plugin.validate({}, attrs('pods', pod('a')));
  await plugin.validate({}, attrs('pods', pod('b')));
  t.same(store.used('q'), { pods: '2' });
  t.equal(await rejection(plugin, attrs('pods', pod('c'))), 'pods "c" is forbidden: exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2');
  t.same(store.used('q'), { pods: '2' }, 'a refused request charges nothing');
  t.equal(await rejection(plugin, attrs('pods', pod('d'), 'UPDATE', pod('d'))), undefined, 'pods are not charged on update');
});

t.test('compute resources add up and must be specified', async (t) => {
  const store = new MemoryQuotas();
  store.add('compute', { 'requests.cpu': '1', 'limits.memory': '1Gi' }, { 'requests.cpu': '0', 'limits.memory': '0' });
  const plugin = new ResourceQuotaAdmission(store);
  t.equal(await rejection(plugin, attrs('pods', pod('bare'))), 'pods "bare" is forbidden: failed quota: compute: must specify limits.memory for: app; requests.cpu for: app');
  await plugin.validate({}, attrs('pods', pod('a', { requests: { cpu: '600m' }, limits: { memory: '512Mi' } })));
  t.same(store.used('compute'), { 'limits.memory': '512Mi', 'requests.cpu': '600m' });
  t.equal(
    await rejection(plugin, attrs('pods', pod('b', { requests: { cpu: '600m' }, limits: { memory: '768Mi' } }))),
    'pods "b" is forbidden: exceeded quota: compute, requested: limits.memory=768Mi,requests.cpu=600m, used: limits.memory=512Mi,requests.cpu=600m, limited: limits.memory=1Gi,requests.cpu=1',
  );
  await plugin.validate({}, attrs('pods', pod('c', { requests: { cpu: '400m' }, limits: { memory: '512Mi' } })));
  t.same(store.used('compute'), { 'limits.memory': '1Gi', 'requests.cpu': '1' });
});

t.test('a quota without usage yet refuses with status unknown', async (t) => {
  const store = new MemoryQuotas();
  store.add('fresh', { pods: '5', configmaps: '3' });
  const plugin = new ResourceQuotaAdmission(store);
  t.equal(await rejection(plugin, attrs('pods', pod('a'))), 'pods "a" is forbidden: status unknown for quota: fresh, resources: pods');
});

t.test('object counts: legacy name and count/<resource>.<group>', async (t) => {
  const store = new MemoryQuotas();
  store.add('counts', { configmaps: '1', 'count/deployments.apps': '1' }, { configmaps: '0', 'count/deployments.apps': '0' });
  const plugin = new ResourceQuotaAdmission(store);
  const cm = (name: string): ApiObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'ns' } });
  await plugin.validate({}, attrs('configmaps', cm('one')));
  t.equal(await rejection(plugin, attrs('configmaps', cm('two'))), 'configmaps "two" is forbidden: exceeded quota: counts, requested: configmaps=1, used: configmaps=1, limited: configmaps=1');
  t.equal(await rejection(plugin, attrs('configmaps', cm('one'), 'UPDATE', cm('one'))), undefined, 'updates are free');
  const deploy = (name: string): ApiObject => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace: 'ns' } });
  await plugin.validate({}, attrs('deployments', deploy('d1')));
  t.equal(
    await rejection(plugin, attrs('deployments', deploy('d2'))),
    'deployments.apps "d2" is forbidden: exceeded quota: counts, requested: count/deployments.apps=1, used: count/deployments.apps=1, limited: count/deployments.apps=1',
  );
});

t.test('services: node ports and load balancers, updates charge the growth', async (t) => {
  const store = new MemoryQuotas();
  store.add('svc', { 'services.nodeports': '2', 'services.loadbalancers': '1' }, { 'services.nodeports': '0', 'services.loadbalancers': '0' });
  const plugin = new ResourceQuotaAdmission(store);
  const svc = (type: string, ports: number): ApiObject => ({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 's', namespace: 'ns', resourceVersion: '7' },
    spec: { type, ports: Array.from({ length: ports }, (_, i) => ({ port: 80 + i })) },
  });
  await plugin.validate({}, attrs('services', svc('ClusterIP', 2)));
  t.same(store.used('svc'), { 'services.loadbalancers': '0', 'services.nodeports': '0' });
  await plugin.validate({}, attrs('services', svc('NodePort', 2), 'UPDATE', svc('ClusterIP', 2)));
  t.same(store.used('svc'), { 'services.loadbalancers': '0', 'services.nodeports': '2' });
  t.equal(
    await rejection(plugin, attrs('services', svc('LoadBalancer', 3), 'UPDATE', svc('NodePort', 2))),
    'services "s" is forbidden: exceeded quota: svc, requested: services.nodeports=1, used: services.nodeports=2, limited: services.nodeports=2',
  );
});

t.test('claims: storage, per storage class', async (t) => {
  const store = new MemoryQuotas();
  const gold = 'gold.storageclass.storage.k8s.io/requests.storage';
  store.add('storage', { 'requests.storage': '10Gi', [gold]: '5Gi' }, { 'requests.storage': '0', [gold]: '0' });
  const plugin = new ResourceQuotaAdmission(store);
  const claim = (storage: string, storageClassName?: string): ApiObject => ({
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: 'c', namespace: 'ns' },
    spec: { resources: { requests: { storage } }, ...(storageClassName && { storageClassName }) },
  });
  await plugin.validate({}, attrs('persistentvolumeclaims', claim('4Gi', 'gold')));
  t.same(store.used('storage'), { [gold]: '4Gi', 'requests.storage': '4Gi' });
  t.equal(
    await rejection(plugin, attrs('persistentvolumeclaims', claim('2Gi', 'gold'))),
    `persistentvolumeclaims "c" is forbidden: exceeded quota: storage, requested: ${gold}=2Gi, used: ${gold}=4Gi, limited: ${gold}=5Gi`,
  );
  await plugin.validate({}, attrs('persistentvolumeclaims', claim('6Gi')));
  t.same(store.used('storage'), { [gold]: '4Gi', 'requests.storage': '10Gi' });
});

t.test('scopes select pods', async (t) => {
  const store = new MemoryQuotas();
  store.add('best-effort', { pods: '1' }, { pods: '0' }, { scopes: ['BestEffort'] });
  store.add('terminating', { pods: '1' }, { pods: '0' }, { scopes: ['Terminating'] });
  store.add('high', { pods: '1' }, { pods: '0' }, { scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator: 'In', values: ['high'] }] } });
  const plugin = new ResourceQuotaAdmission(store);
  await plugin.validate({}, attrs('pods', pod('be')));
  t.same([store.used('best-effort'), store.used('terminating'), store.used('high')], [{ pods: '1' }, { pods: '0' }, { pods: '0' }]);
  await plugin.validate({}, attrs('pods', pod('job', { requests: { cpu: '1' } }, { activeDeadlineSeconds: 30 })));
  t.same([store.used('best-effort'), store.used('terminating')], [{ pods: '1' }, { pods: '1' }]);
  t.equal(
    await rejection(plugin, attrs('pods', pod('h', { requests: { cpu: '1' } }, { priorityClassName: 'high' }))),
    undefined,
    'only the PriorityClass quota selects it',
  );
  t.match(await rejection(plugin, attrs('pods', pod('h2', { requests: { cpu: '1' } }, { priorityClassName: 'high' }))), /exceeded quota: high, requested: pods=1/);
  t.equal(await rejection(plugin, attrs('pods', pod('low', { requests: { cpu: '1' } }, { priorityClassName: 'low' }))), undefined);
  const lowQuota = [...store.quotas.values()].find((q) => q.metadata.name === 'high') as ApiObject;
  t.same(scopeSelectorsOf(lowQuota), [{ scopeName: 'PriorityClass', operator: 'In', values: ['high'] }]);
});

t.test('conflicting status writes are retried against the stored quota; dry runs charge nothing', async (t) => {
  const store = new MemoryQuotas();
  store.add('q', { pods: '3' }, { pods: '0' });
  const plugin = new ResourceQuotaAdmission(store);
  store.conflicts = 2;
  await plugin.validate({}, attrs('pods', pod('a')));
  t.same(store.used('q'), { pods: '1' });
  store.conflicts = 4;
  t.match(await rejection(plugin, attrs('pods', pod('b')), 409), /the object has been modified/, 'gives up after 3 retries with the conflict');
  await plugin.validate({}, attrs('pods', pod('dry'), 'CREATE', undefined, true));
  t.same(store.used('q'), { pods: '1' });
});

t.test('concurrent creates in one namespace are charged one after the other', async (t) => {
  const store = new MemoryQuotas();
  store.add('q', { pods: '3' }, { pods: '0' });
  const plugin = new ResourceQuotaAdmission(store);
  const results = await Promise.allSettled(['a', 'b', 'c', 'd', 'e'].map((n) => plugin.validate({}, attrs('pods', pod(n)))));
  t.equal(results.filter((r) => r.status === 'fulfilled').length, 3);
  t.same(store.used('q'), { pods: '3' });
});

t.test('usage stats of the pods a quota selects (what the controller writes)', async (t) => {
  const pods = [
    pod('a', { requests: { cpu: '250m', memory: '1Gi' }, limits: { cpu: '500m', memory: '1Gi' } }),
    pod('b', { requests: { cpu: '250m' } }),
    { ...pod('done', { requests: { cpu: '4' } }), status: { phase: 'Succeeded' } },
  ];
  const used = calculateUsageStats(new PodEvaluator(), pods, ['pods', 'requests.cpu', 'count/pods', 'limits.memory'], []);
  t.same(formatResourceList(used), { 'count/pods': '3', 'limits.cpu': '500m', 'limits.memory': '1Gi', cpu: '500m', memory: '1Gi', pods: '2', 'requests.cpu': '500m', 'requests.memory': '1Gi' });
});
