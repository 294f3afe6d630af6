/** FieldManager over built-in schemas: apply merge, managedFields, conflicts, force, pruning, Update tracking. */
import t from 'tap';
import { DeploymentSchema } from '../../src/apis/apps/v1/deployment.js';
import { ConfigMapSchema } from '../../src/apis/core/v1/config.js';
import { isStatusError } from '../../src/errors/status-error.js';
import { FieldManager } from '../../src/managedfields/field-manager.js';
import { fieldTypeOf } from '../../src/managedfields/field-type.js';
import type { JSONObject } from '../../src/managedfields/typed-value.js';

let now = Date.parse('2026-01-01T00:00:00Z');
const clock = () => now;
const cmManager = new FieldManager({ type: fieldTypeOf(ConfigMapSchema), apiVersion: 'v1', kind: 'ConfigMap', clock });
const depManager = new FieldManager({ type: fieldTypeOf(DeploymentSchema), apiVersion: 'apps/v1', kind: 'Deployment', clock });

const cm = (data: Record<string, string>, extra: JSONObject = {}): JSONObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', ...extra }, data });
const stored = (o: JSONObject): JSONObject => ({ ...o, metadata: { ...(o.metadata as JSONObject), uid: 'u1', resourceVersion: '1' } });
type Entry = { manager: string; operation: string; apiVersion: string; time?: string; fieldsType: string; fieldsV1: JSONObject; subresource?: string };
const entries = (o: JSONObject): Entry[] => (o.metadata as { managedFields?: Entry[] }).managedFields ?? [];

t.test('apply creates, records an Apply entry and merges a second manager', async (t) => {
  const created = stored(cmManager.apply(undefined, cm({ a: '1', b: '2' }), 'alice', false));
  t.same(created.data, { a: '1', b: '2' });
  t.same(entries(created), [
    { manager: 'alice', operation: 'Apply', apiVersion: 'v1', time: '2026-01-01T00:00:00Z', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:a': {}, 'f:b': {} } } },
  ]);
  now += 1000;
  const second = cmManager.apply(created, cm({ c: '3' }), 'bob', false);
  t.same(second.data, { a: '1', b: '2', c: '3' }, 'a second applier adds its field');
  t.same(entries(second).map((e) => `${e.manager}:${Object.keys(e.fieldsV1['f:data'] as JSONObject).join(',')}`), ['alice:f:a,f:b', 'bob:f:c']);
});

t.test('conflicts: 409 listing fields and managers unless forced', async (t) => {
  const created = stored(cmManager.apply(undefined, cm({ a: '1', b: '2' }), 'alice', false));
  const err = t.throws(() => cmManager.apply(created, cm({ a: 'x' }), 'bob', false)) as unknown;
  t.ok(isStatusError(err));
  if (!isStatusError(err)) return;
  t.equal(err.code, 409);
  t.equal(err.reason, 'Conflict');
  t.equal(err.status.message, 'Apply failed with 1 conflict: conflict with "alice": .data.a');
  t.same(err.status.details?.causes, [{ reason: 'FieldManagerConflict', message: 'conflict with "alice"', field: '.data.a' }]);
  const forced = cmManager.apply(created, cm({ a: 'x' }), 'bob', true);
  t.equal((forced.data as JSONObject).a, 'x');
  t.same(entries(forced).map((e) => [e.manager, e.fieldsV1]), [
    ['alice', { 'f:data': { 'f:b': {} } }],
    ['bob', { 'f:data': { 'f:a': {} } }],
  ], 'force moves ownership');
  const same = cmManager.apply(created, cm({ a: '1' }), 'bob', false);
  t.same(entries(same).map((e) => [e.manager, e.time !== undefined]), [['bob', false], ['alice', true]], 'applying the same value shares ownership, no conflict, no new time');
});

t.test('conflicts with Update managers name their apiVersion; several conflicts are listed by manager', async (t) => {
  const created = stored(cmManager.update(undefined, cm({ a: '1', b: '2' }), 'kubectl-create'));
  t.same(entries(created).map((e) => [e.manager, e.operation, e.apiVersion]), [['kubectl-create', 'Update', 'v1']]);
  const err = t.throws(() => cmManager.apply(created, cm({ a: 'x', b: 'y' }), 'kubectl', false)) as unknown;
  if (!isStatusError(err)) {
    t.fail('not a status error');
    return;
  }
  t.equal(err.status.message, 'Apply failed with 2 conflicts: conflicts with "kubectl-create" using v1:\n- .data.a\n- .data.b');
  t.same(err.status.details?.causes?.map((c) => c.message), ['conflict with "kubectl-create" using v1', 'conflict with "kubectl-create" using v1']);
});

t.test('a field the manager stops applying is removed, unless another applier owns it', async (t) => {
  const first = stored(cmManager.apply(undefined, cm({ a: '1', b: '2' }), 'alice', false));
  const dropped = stored(cmManager.apply(first, cm({ a: '1' }), 'alice', false));
  t.same(dropped.data, { a: '1' });
  const shared = stored(cmManager.apply(dropped, cm({ a: '1' }), 'bob', false));
  const gone = cmManager.apply(shared, cm({}, { labels: { x: 'y' } }), 'alice', false);
  t.same(gone.data, { a: '1' }, 'bob still applies data.a');
  t.same((gone.metadata as JSONObject).labels, { x: 'y' });
  const updated = stored(cmManager.update(first, cm({ a: '1', b: '2', c: '3' }), 'editor'));
  const afterUpdate = cmManager.apply(updated, cm({ a: '1' }), 'alice', false);
  t.same(afterUpdate.data, { a: '1', c: '3' }, 'fields owned by an Update manager stay');
});

const deployment = (containers: JSONObject[], replicas?: number): JSONObject => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web' },
  spec: {
    ...(replicas === undefined ? {} : { replicas }),
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers } },
  },
});
const containersOf = (o: JSONObject) => ((o.spec as JSONObject).template as { spec: { containers: JSONObject[] } }).spec.containers;

t.test('containers merge by name, ports by containerPort+protocol', async (t) => {
  const a = stored(depManager.apply(undefined, deployment([{ name: 'app', image: 'app:1', ports: [{ containerPort: 80 }] }], 2), 'ci', false));
  const fields = entries(a)[0]?.fieldsV1 as JSONObject;
  const spec = (fields['f:spec'] as JSONObject)['f:template'] as JSONObject;
  t.same(((spec['f:spec'] as JSONObject)['f:containers'] as JSONObject)['k:{"name":"app"}'], {
    '.': {},
    'f:image': {},
    'f:name': {},
    'f:ports': { 'k:{"containerPort":80,"protocol":"TCP"}': { '.': {}, 'f:containerPort': {} } },
  });
  const b = depManager.apply(a, deployment([{ name: 'sidecar', image: 'side:1' }]), 'ops', false);
  t.same(containersOf(b).map((c) => c.name), ['app', 'sidecar'], 'a second manager adds a container');
  t.equal((b.spec as JSONObject).replicas, 2);
  const moved = depManager.apply(stored(b), deployment([{ name: 'app', image: 'app:1', ports: [{ containerPort: 80 }] }]), 'ci', false);
  t.notOk('replicas' in (moved.spec as JSONObject), 'replicas no longer applied is removed');
  t.throws(() => depManager.apply(a, deployment([{ name: 'app', image: 'app:2' }, { name: 'app', image: 'x' }]), 'ci', false), /duplicate entries for key \[name="app"\]/);
  t.throws(() => depManager.apply(a, { ...deployment([]), spec: { bogus: 1 } }, 'ci', false), /\.spec\.bogus: field not declared in schema/);
  t.throws(() => depManager.apply(a, { ...deployment([]), apiVersion: 'apps/v2' }, 'ci', false), /invalid object type: apps\/v2, Kind=Deployment/);
  t.throws(() => cmManager.apply(undefined, { ...cm({}), metadata: { name: 'c', managedFields: [{ manager: 'x' }] } }, 'ci', false), /metadata.managedFields must be nil/);
});

t.test('Update tracking: skipped for untracked objects, merged per manager, timestamps only on change', async (t) => {
  const untracked = stored(cm({ a: '1' }));
  const u1 = cmManager.update(untracked, cm({ a: '2' }, { uid: 'u1' }), 'editor');
  t.same(entries(u1), [], 'an object nobody tracks is not tracked by updates');
  now = Date.parse('2026-02-01T00:00:00Z');
  const created = stored(cmManager.update(undefined, cm({ a: '1' }), ''));
  t.same(entries(created).map((e) => [e.manager, e.time]), [['unknown', '2026-02-01T00:00:00Z']]);
  now += 5000;
  const same = cmManager.update(created, { ...created }, 'other');
  t.same(entries(same).map((e) => e.manager), ['unknown'], 'a no-op update records nothing');
  const changed = cmManager.update(created, { ...created, data: { a: '1', b: '2' } }, 'other');
  t.same(entries(changed).map((e) => [e.manager, e.time]), [['unknown', '2026-02-01T00:00:00Z'], ['other', '2026-02-01T00:00:05Z']]);
});

t.test('Update managers above the cap are merged into ancient-changes', async (t) => {
  const small = new FieldManager({ type: fieldTypeOf(ConfigMapSchema), apiVersion: 'v1', kind: 'ConfigMap', clock, maxUpdateManagers: 2 });
  let obj = stored(small.update(undefined, cm({ k0: '0' }), 'm0'));
  for (let i = 1; i <= 3; i++) {
    now += 1000;
    obj = stored(small.update(obj, { ...obj, data: { ...(obj.data as JSONObject), [`k${i}`]: String(i) } }, `m${i}`));
  }
  t.same(entries(obj).map((e) => e.manager).sort(), ['ancient-changes', 'm3']);
});

t.test('kubectl upgrades from client-side apply: conflicts on last-applied fields are allowed', async (t) => {
  const lastApplied = `${JSON.stringify({ apiVersion: 'v1', data: { a: '1', b: '2' }, kind: 'ConfigMap', metadata: { name: 'c' } })}\n`;
  const annotations = { 'kubectl.kubernetes.io/last-applied-configuration': lastApplied };
  const csa = stored(cmManager.update(undefined, cm({ a: '1', b: '2' }, { annotations }), 'kubectl-client-side-apply'));
  const upgraded = cmManager.apply(csa, cm({ a: 'x', b: '2' }), 'kubectl', false);
  t.same(upgraded.data, { a: 'x', b: '2' });
  const rewritten = ((upgraded.metadata as JSONObject).annotations as Record<string, string>)['kubectl.kubernetes.io/last-applied-configuration'];
  t.equal(rewritten, `${JSON.stringify({ apiVersion: 'v1', data: { a: 'x', b: '2' }, kind: 'ConfigMap', metadata: { name: 'c' } })}\n`, 'annotation rewritten');
  t.throws(() => cmManager.apply(csa, cm({ a: 'x', b: '2' }), 'someone-else', false), /Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using v1: \.data\.a/, 'only for kubectl');
  const drifted = stored(cmManager.update(csa, { ...csa, data: { a: 'edited', b: '2' } }, 'kubectl-edit'));
  t.throws(() => cmManager.apply(drifted, cm({ a: 'x', b: '2' }), 'kubectl', false), /conflict with "kubectl-edit" using v1: \.data\.a/, 'a field changed since the last apply still conflicts');
});

t.test('fields of an untracked object belong to before-first-apply', async (t) => {
  const untracked = stored(cm({ a: '1', b: '2' }));
  t.throws(() => cmManager.apply(untracked, cm({ a: 'x' }), 'alice', false), /conflict with "before-first-apply" using v1: \.data\.a/);
  const shared = cmManager.apply(untracked, cm({ a: '1' }), 'alice', false);
  t.same(entries(shared).map((e) => `${e.manager}/${e.operation}`), ['alice/Apply', 'before-first-apply/Update']);
  t.same(shared.data, { a: '1', b: '2' });
});

t.test('reset fields are owned by nobody and never conflict', async (t) => {
  const { FieldSet } = await import('../../src/managedfields/field-set.js');
  const main = new FieldManager({ type: fieldTypeOf(DeploymentSchema), apiVersion: 'apps/v1', kind: 'Deployment', clock, resetFields: FieldSet.of([{ fieldName: 'status' }]) });
  const withStatus = (replicas: number): JSONObject => ({ ...deployment([{ name: 'app', image: 'app:1' }], 1), status: { replicas } });
  const a = stored(main.apply(undefined, withStatus(1), 'ci', false));
  t.notMatch(JSON.stringify(entries(a)), /f:status/, 'status is not owned');
  const b = stored(main.update(a, withStatus(5), 'controller'));
  t.same(entries(b).map((e) => e.manager), ['ci'], 'a status-only change records nothing');
  t.doesNotThrow(() => main.apply(b, withStatus(1), 'ci', false), 'no conflict on status');
  t.ok(FieldSet.of([{ fieldName: 'a' }, { fieldName: 'b' }], [{ fieldName: 'c' }]).recursiveDifference(FieldSet.of([{ fieldName: 'a' }])).equals(FieldSet.of([{ fieldName: 'c' }])));
});

t.test('update never fails the write: an object the merge types cannot describe keeps no managedFields', async (t) => {
  const manager = new FieldManager({ type: fieldTypeOf(DeploymentSchema), apiVersion: 'apps/v1', kind: 'Deployment', clock });
  const bad: JSONObject = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd', managedFields: [{ manager: 'x', operation: 'Update', apiVersion: 'apps/v1', fieldsType: 'FieldsV1', fieldsV1: {} }] },
    spec: { template: { spec: { containers: [null] } } },
  };
  let out: JSONObject = {};
  t.doesNotThrow(() => {
    out = manager.update(undefined, bad, 'kubectl');
  }, 'a null item of the keyed containers list does not throw');
  t.equal((out.metadata as JSONObject).managedFields, undefined, 'managedFields are dropped, as UpdateNoErrors does');
  t.same((out.spec as JSONObject).template, { spec: { containers: [null] } }, 'the object is otherwise unchanged, for validation to judge');
});

t.test('updatePaced records the same Update as update, pausing once between comparing and encoding', async (t) => {
  const live = stored(cmManager.update(undefined, cm({ a: '1' }), 'alice'));
  const next = cm({ a: '1', b: '2' }, { managedFields: (live.metadata as JSONObject).managedFields });
  let pauses = 0;
  const paced = await cmManager.updatePaced(live, next, 'bob', () => {
    pauses++;
    return undefined;
  });
  t.same(paced, cmManager.update(live, next, 'bob'));
  t.equal(pauses, 1);
  t.same(entries(paced).map((e) => e.manager), ['alice', 'bob']);
  let untracked = 0;
  const skipped = await cmManager.updatePaced(stored(cm({ a: '1' })), cm({ a: '2' }), 'bob', () => {
    untracked++;
    return undefined;
  });
  t.same(entries(skipped), [], 'an object nobody tracked stays untracked');
  t.equal(untracked, 0, 'and nothing was compared, so there was no pause');
});
