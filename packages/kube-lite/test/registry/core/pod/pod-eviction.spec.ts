/**
 * `pods/eviction` through the pod storage on a memory backend: upstream's budget rules, messages and codes
 * (pkg/registry/core/pod/storage/eviction.go), the DisruptionTarget condition and the budget's status after.
 */
import { type ApiObject, type Storage, Store } from '@apiserver/registry';
import { newConflict, type StatusError } from '@apiserver/runtime';
import { spendDisruption } from '../../../../src/registry/core/pod/eviction-budget.js';
import t, { type Test } from 'tap';
import { recordAt, recordsAt } from '../../../../src/object-fields.js';
import { EvictionREST } from '../../../../src/registry/core/pod/eviction-rest.js';
import { newPodStatusStore, newPodStorage, podStoreOptions } from '../../../../src/registry/core/pod/storage.js';
import { newPodDisruptionBudgetStatusStore, newPodDisruptionBudgetStorage, podDisruptionBudgetStoreOptions } from '../../../../src/registry/policy/poddisruptionbudget/storage.js';
import type { RESTOptionsGetter } from '../../../../src/registry/rest-options.js';
import { ctxIn, memoryGetter, mutated, statusErrorOf, update } from '../core-fixtures.js';

const NOW = Date.parse('2026-01-01T00:10:00Z');
const ctx = ctxIn('default');
const FAST = { steps: 3, durationMs: 1, jitter: 0 };
type Rec = Record<string, unknown>;

interface Fixture {
  getter: RESTOptionsGetter;
  pods: Store;
  podStatus: Store;
  budgets: Store;
  budgetStatus: Store;
  eviction: EvictionREST;
}

function as<T>(s: Storage | undefined, c: new (...a: never[]) => T): T {
  if (!(s instanceof c)) throw new TypeError('unexpected storage');
  return s;
}

function fixture(t: Test): Fixture {
  const getter = memoryGetter(t);
  const map = newPodStorage(getter, { clock: () => NOW, evictionRetry: FAST });
  const pdbOptions = podDisruptionBudgetStoreOptions(getter);
  const podStatus = newPodStatusStore(podStoreOptions(getter, { clock: () => NOW }));
  return {
    getter,
    pods: as(map.pods, Store),
    podStatus,
    budgets: as(newPodDisruptionBudgetStorage(getter).poddisruptionbudgets, Store),
    budgetStatus: newPodDisruptionBudgetStatusStore(pdbOptions),
    eviction: as(map['pods/eviction'], EvictionREST),
  };
}

async function runningPod(f: Fixture, name: string, labels: Record<string, string>, ready = true, phase = 'Running'): Promise<ApiObject> {
  await f.pods.create(ctx, { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels }, spec: { nodeName: 'node-1', containers: [{ name: 'app', image: 'nginx' }] } });
  const conditions = [{ type: 'Ready', status: ready ? 'True' : 'False' }];
  return update(f.podStatus, ctx, name, mutated((p) => Object.assign(p, { status: { phase, conditions } })));
}

async function budget(f: Fixture, name: string, spec: Rec, status: Rec): Promise<ApiObject> {
  await f.budgets.create(ctx, { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name }, spec: { selector: { matchLabels: { app: 'web' } }, ...spec } });
  return update(f.budgetStatus, ctx, name, mutated((b) => Object.assign(b, { status: { observedGeneration: 1, expectedPods: 2, ...status } })));
}

const eviction = (name: string, deleteOptions?: Rec): ApiObject => ({ apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name, namespace: 'default' }, ...(deleteOptions && { deleteOptions }) });

async function gone(f: Fixture, name: string): Promise<boolean> {
  return f.pods.get(ctx, name).then(
    () => false,
    () => true,
  );
}

t.test('discovery facts and the name check', async (t) => {
  const f = fixture(t);
  t.same(f.eviction.groupVersionKind({ group: '', version: 'v1' }), { group: 'policy', version: 'v1', kind: 'Eviction' });
  t.ok(f.eviction.acceptsGroupVersion({ group: 'policy', version: 'v1beta1' }));
  t.notOk(f.eviction.acceptsGroupVersion({ group: '', version: 'v1' }));
  const err = await statusErrorOf(t, f.eviction.createNamed(ctx, 'a', eviction('b')));
  t.equal(err.code, 400);
  t.equal(err.message, 'name in URL does not match name in Eviction object');
  const missing = await statusErrorOf(t, f.eviction.createNamed(ctx, 'none', eviction('none')));
  t.equal(missing.code, 404);
  const dry = await f.eviction.createNamed(ctx, 'none', eviction('none', { dryRun: ['All'] }), undefined, { dryRun: ['Other'] }).catch((e: unknown) => e);
  t.same((dry as StatusError).status, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Non-matching dry-run options in request and content: [Other] and [All]', code: 500 });
});

t.test('no budget: the pod is marked DisruptionTarget and deleted gracefully', async (t) => {
  const f = fixture(t);
  await runningPod(f, 'web-1', { app: 'web' });
  const answer = await f.eviction.createNamed(ctx, 'web-1', eviction('web-1'));
  t.same(answer, { apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Success', code: 201 });
  const pod = await f.pods.get(ctx, 'web-1');
  t.ok(pod.metadata.deletionTimestamp, 'a bound pod is deleted gracefully');
  const target = recordsAt(recordAt(pod, 'status'), 'conditions').find((c) => c.type === 'DisruptionTarget');
  t.same(target, { type: 'DisruptionTarget', status: 'True', lastProbeTime: null, lastTransitionTime: '2026-01-01T00:10:00Z', reason: 'EvictionByEvictionAPI', message: 'Eviction API: evicting' });
  await f.eviction.createNamed(ctx, 'web-1', eviction('web-1', { gracePeriodSeconds: 0 }));
  t.ok(await gone(f, 'web-1'), 'a terminating pod is deleted without a budget check, with the given grace period');
});

t.test('a budget with room: decremented, the pod recorded, DisruptionAllowed False at zero', async (t) => {
  const f = fixture(t);
  await runningPod(f, 'web-1', { app: 'web' });
  await budget(f, 'web', { minAvailable: 1 }, { disruptionsAllowed: 1, currentHealthy: 2, desiredHealthy: 1 });
  await f.eviction.createNamed(ctx, 'web-1', eviction('web-1', { gracePeriodSeconds: 0 }));
  t.ok(await gone(f, 'web-1'));
  const status = recordAt(await f.budgets.get(ctx, 'web'), 'status') ?? {};
  t.equal(status.disruptionsAllowed, 0);
  t.same(status.disruptedPods, { 'web-1': '2026-01-01T00:10:00Z' });
  t.same(status.conditions, [{ type: 'DisruptionAllowed', status: 'False', reason: 'InsufficientPods', message: '', observedGeneration: 1, lastTransitionTime: '2026-01-01T00:10:00Z' }]);
});

t.test('a budget without room: 429 with the DisruptionBudget cause; the pod stays unmarked', async (t) => {
  const f = fixture(t);
  await runningPod(f, 'web-1', { app: 'web' });
  await budget(f, 'web', { minAvailable: 2 }, { disruptionsAllowed: 0, currentHealthy: 2, desiredHealthy: 2 });
  const err = await statusErrorOf(t, f.eviction.createNamed(ctx, 'web-1', eviction('web-1')));
  t.equal(err.code, 429);
  t.equal(err.reason, 'TooManyRequests');
  t.equal(err.message, "Cannot evict pod as it would violate the pod's disruption budget.");
  t.same(err.status.details?.causes, [{ reason: 'DisruptionBudget', message: 'The disruption budget web needs 2 healthy pods and has 2 currently' }]);
  const pod = await f.pods.get(ctx, 'web-1');
  t.notOk(pod.metadata.deletionTimestamp);
  t.notOk(recordsAt(recordAt(pod, 'status'), 'conditions').some((c) => c.type === 'DisruptionTarget'));
});

t.test('an unprocessed budget, a negative allowance, an overfull disruptedPods', async (t) => {
  const f = fixture(t);
  await runningPod(f, 'web-1', { app: 'web' });
  await budget(f, 'web', { minAvailable: 1 }, { disruptionsAllowed: 1, observedGeneration: 0 });
  const late = await statusErrorOf(t, f.eviction.createNamed(ctx, 'web-1', eviction('web-1')));
  t.equal(late.code, 429);
  t.equal(late.status.details?.retryAfterSeconds, 10);
  t.same(late.status.details?.causes, [{ reason: 'DisruptionBudget', message: 'The disruption budget web is still being processed by the server.' }]);
  // Status validation keeps a negative allowance out of storage; the check stands on its own.
  const stored = await f.budgets.get(ctx, 'web');
  const negative = (() => {
    try {
      spendDisruption({ ...stored, status: { observedGeneration: 1, disruptionsAllowed: -1 } }, 'web-1', false, NOW);
    } catch (e) {
      return e as StatusError;
    }
    throw new Error('no refusal');
  })();
  t.equal(negative.code, 403);
  t.equal(negative.message, 'poddisruptionbudget.policy "web" is forbidden: pdb disruptions allowed is negative');
  const many = Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`p${i}`, '2026-01-01T00:00:00Z']));
  await update(f.budgetStatus, ctx, 'web', mutated((b) => Object.assign(b, { status: { observedGeneration: 1, disruptionsAllowed: 1, disruptedPods: many } })));
  const full = await statusErrorOf(t, f.eviction.createNamed(ctx, 'web-1', eviction('web-1')));
  t.equal(full.message, 'poddisruptionbudget.policy "web" is forbidden: DisruptedPods map too big - too many evictions not confirmed by PDB controller');
});

t.test('more than one budget: a Failure Status with code 500', async (t) => {
  const f = fixture(t);
  await runningPod(f, 'web-1', { app: 'web' });
  await budget(f, 'a', { minAvailable: 1 }, { disruptionsAllowed: 1 });
  await budget(f, 'b', { maxUnavailable: 1 }, { disruptionsAllowed: 1 });
  const answer = await f.eviction.createNamed(ctx, 'web-1', eviction('web-1'));
  t.same(answer, { apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Failure', message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.', code: 500 });
  t.notOk(await gone(f, 'web-1'));
});

t.test('pending and terminal pods go without a budget check; empty selectors cover nothing', async (t) => {
  const f = fixture(t);
  await budget(f, 'web', { minAvailable: 5 }, { disruptionsAllowed: 0 });
  await runningPod(f, 'pending', { app: 'web' }, false, 'Pending');
  await runningPod(f, 'done', { app: 'web' }, false, 'Succeeded');
  await f.eviction.createNamed(ctx, 'pending', eviction('pending', { gracePeriodSeconds: 0 }));
  await f.eviction.createNamed(ctx, 'done', eviction('done'));
  t.ok(await gone(f, 'pending'));
  t.ok(await gone(f, 'done'), 'terminal pods are deleted at once');
  await f.budgets.create(ctx, { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'all' }, spec: { selector: {}, maxUnavailable: 0 } });
  await runningPod(f, 'other', { app: 'db' });
  await f.eviction.createNamed(ctx, 'other', eviction('other', { gracePeriodSeconds: 0 }));
  t.ok(await gone(f, 'other'), 'neither the empty selector nor the web budget covers it');
});

t.test('unready pods and unhealthyPodEvictionPolicy', async (t) => {
  const f = fixture(t);
  await budget(f, 'web', { minAvailable: 2 }, { disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 2 });
  await runningPod(f, 'sick', { app: 'web' }, false);
  const refused = await statusErrorOf(t, f.eviction.createNamed(ctx, 'sick', eviction('sick')));
  t.equal(refused.code, 429, 'IfHealthyBudget (default): an unhealthy application keeps its unready pods');
  await update(f.budgets, ctx, 'web', mutated((b) => Object.assign(b.spec as Rec, { unhealthyPodEvictionPolicy: 'AlwaysAllow' })));
  await update(f.budgetStatus, ctx, 'web', mutated((b) => Object.assign(b.status as Rec, { observedGeneration: 2 })));
  await f.eviction.createNamed(ctx, 'sick', eviction('sick', { gracePeriodSeconds: 0 }));
  t.ok(await gone(f, 'sick'), 'AlwaysAllow: evicted');
  t.equal(recordAt(await f.budgets.get(ctx, 'web'), 'status')?.disruptionsAllowed, 0, 'without spending the budget');
});

t.test('dry run and preconditions', async (t) => {
  const f = fixture(t);
  const created = await runningPod(f, 'web-1', { app: 'web' });
  await budget(f, 'web', { minAvailable: 1 }, { disruptionsAllowed: 3 });
  await f.eviction.createNamed({ ...ctx, dryRun: true }, 'web-1', eviction('web-1'), undefined, { dryRun: ['All'] });
  const pod = await f.pods.get(ctx, 'web-1');
  t.equal(pod.metadata.resourceVersion, created.metadata.resourceVersion, 'the pod is untouched');
  t.equal(recordAt(await f.budgets.get(ctx, 'web'), 'status')?.disruptionsAllowed, 3, 'the budget is untouched');
  // As upstream, the budget is spent before the pod's preconditions are checked.
  const uid = await statusErrorOf(t, f.eviction.createNamed(ctx, 'web-1', eviction('web-1', { preconditions: { uid: 'other' } })));
  t.equal(uid.code, 409);
  t.equal(uid.message, `Operation cannot be fulfilled on Pod "web-1": the UID in the precondition (other) does not match the UID in record (${pod.metadata.uid}). The object might have been deleted and then recreated`);
  await f.eviction.createNamed(ctx, 'web-1', eviction('web-1', { gracePeriodSeconds: 0, preconditions: { resourceVersion: pod.metadata.resourceVersion } }));
  t.ok(await gone(f, 'web-1'), 'a resourceVersion precondition follows the condition write');
});

t.test('a conflicting budget write is retried on the re-read budget', async (t) => {
  const f = fixture(t);
  await runningPod(f, 'web-1', { app: 'web' });
  await budget(f, 'web', { minAvailable: 1 }, { disruptionsAllowed: 2 });
  let conflicts = 1;
  const budgets = newPodDisruptionBudgetStatusStore(podDisruptionBudgetStoreOptions(f.getter));
  const flaky = {
    get: budgets.get.bind(budgets),
    list: budgets.list.bind(budgets),
    update: async (...args: Parameters<Store['update']>) => {
      if (conflicts-- > 0) {
        await update(f.budgetStatus, ctx, 'web', mutated((b) => Object.assign(b.status as Rec, { disruptionsAllowed: 1 })));
        throw newConflict({ group: 'policy', resource: 'poddisruptionbudgets' }, 'web', new Error('changed'));
      }
      return budgets.update(...args);
    },
  };
  const rest = new EvictionREST({ pods: f.podStatus, budgets: flaky, clock: () => NOW, retry: FAST });
  await rest.createNamed(ctx, 'web-1', eviction('web-1', { gracePeriodSeconds: 0 }));
  t.equal(recordAt(await f.budgets.get(ctx, 'web'), 'status')?.disruptionsAllowed, 0, 'spent from the re-read allowance');
});
