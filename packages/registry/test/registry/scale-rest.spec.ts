import t from 'tap';
import { newScale, ScaleREST, type ScaleView } from '../../src/registry/scale-rest.js';
import type { UpdatedObjectInfo } from '../../src/rest/rest.js';
import type { ApiObject } from '../../src/rest/types.js';
import { nsCtx, statusOf, widget, widgetStore } from '../fixtures.js';

/** Widgets keep the replicas they ask for in `spec.size` and those they have in `status.ready`. */
const widgetScale: ScaleView = {
  scaleOf: (obj) => {
    const spec = obj['spec'] as { size?: number } | undefined;
    const status = obj['status'] as { ready?: number } | undefined;
    return newScale(obj, spec?.size ?? 0, status?.ready ?? 0, 'app=widget');
  },
  setReplicas: (obj, replicas) => {
    obj['spec'] = { ...(obj['spec'] as object), size: replicas };
  },
};

/** An update that replaces the Scale with `change` applied to the current one. */
const scaleTo = (change: (scale: ApiObject) => ApiObject): UpdatedObjectInfo => ({
  preconditions: () => undefined,
  updatedObject: (_c, old) => Promise.resolve(change(old as ApiObject)),
});

t.test('a Scale view of the parent: read, replicas written, everything else kept', async (t) => {
  const { store } = widgetStore(t);
  const scale = new ScaleREST(store, widgetScale, { group: 'example.com', resource: 'widgets/scale' });
  t.same(scale.newObject(), { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: {} });
  t.same(scale.groupVersionKind({ group: 'example.com', version: 'v1' }), { group: 'autoscaling', version: 'v1', kind: 'Scale' });
  t.equal(scale.namespaceScoped(), true);
  scale.destroy();
  const created = await store.create(nsCtx(), widget('w1', { spec: { size: 2, color: 'red' }, status: { ready: 1 } }));
  const got = await scale.get(nsCtx(), 'w1');
  t.same(got, {
    apiVersion: 'autoscaling/v1',
    kind: 'Scale',
    metadata: { name: 'w1', namespace: created.metadata.namespace, uid: created.metadata.uid, resourceVersion: created.metadata.resourceVersion, creationTimestamp: created.metadata.creationTimestamp },
    spec: { replicas: 2 },
    // The widget strategy resets status on create: the view reads none.
    status: { replicas: 0, selector: 'app=widget' },
  });
  const { object, created: wasCreated } = await scale.update(nsCtx(), 'w1', scaleTo((s) => ({ ...s, spec: { replicas: 5 } })), undefined, undefined, false);
  t.equal(wasCreated, false);
  t.same(object.spec, { replicas: 5 });
  const parent = await store.get(nsCtx(), 'w1');
  t.same(parent['spec'], { size: 5, color: 'red' }, 'only the replicas changed');
  t.not(parent.metadata.resourceVersion, created.metadata.resourceVersion);
});

t.test('the Scale resourceVersion is the precondition; bad replicas are 422; missing parents are 404', async (t) => {
  const { store } = widgetStore(t);
  const scale = new ScaleREST(store, widgetScale, { group: 'example.com', resource: 'widgets/scale' });
  const created = await store.create(nsCtx(), widget('w1'));
  await store.update(nsCtx(), 'w1', scaleTo((w) => ({ ...w, spec: { size: 3 } })), undefined, undefined, false);
  const stale = await statusOf(
    t,
    scale.update(nsCtx(), 'w1', scaleTo((s) => ({ ...s, metadata: { ...s.metadata, resourceVersion: created.metadata.resourceVersion }, spec: { replicas: 4 } })), undefined, undefined, false),
  );
  t.equal(stale.code, 409, 'an older Scale resourceVersion conflicts');
  const unconditional = await scale.update(nsCtx(), 'w1', scaleTo((s) => ({ ...s, metadata: { ...s.metadata, resourceVersion: '' }, spec: { replicas: 4 } })), undefined, undefined, false);
  t.same(unconditional.object.spec, { replicas: 4 }, 'no resourceVersion: no precondition');
  for (const replicas of [-1, 1.5, 'two']) {
    const bad = await statusOf(t, scale.update(nsCtx(), 'w1', scaleTo((s) => ({ ...s, spec: { replicas } })), undefined, undefined, false));
    t.equal(bad.code, 422, `replicas ${JSON.stringify(replicas)}`);
    t.match(bad.details?.causes, [{ field: 'spec.replicas', message: /must be greater than or equal to 0/ }]);
  }
  const missing = await statusOf(t, scale.get(nsCtx(), 'nope'));
  t.match(missing, { code: 404, details: { group: 'example.com', kind: 'widgets/scale', name: 'nope' } }, 'named after the subresource');
  const missingUpdate = await statusOf(t, scale.update(nsCtx(), 'nope', scaleTo((s) => s), undefined, undefined, true));
  t.match(missingUpdate, { code: 404, details: { kind: 'widgets/scale' } }, 'a Scale never creates its parent');
  const ownNotFound = await statusOf(t, new ScaleREST(store, widgetScale).get(nsCtx(), 'nope'));
  t.match(ownNotFound, { code: 404, details: { kind: 'widgets', name: 'nope' } }, "without a subresource name, the store's own 404");
});

t.test('update validation sees Scales, not parents', async (t) => {
  const { store } = widgetStore(t);
  const scale = new ScaleREST(store, widgetScale);
  await store.create(nsCtx(), widget('w1'));
  const seen: string[] = [];
  await scale.update(
    nsCtx(),
    'w1',
    scaleTo((s) => ({ ...s, spec: { replicas: 7 } })),
    undefined,
    (_c, obj, old) => {
      seen.push(`${obj.kind} ${JSON.stringify(obj['spec'])} from ${old.kind} ${JSON.stringify(old['spec'])}`);
    },
    false,
  );
  t.same(seen, ['Scale {"replicas":7} from Scale {"replicas":1}']);
});
