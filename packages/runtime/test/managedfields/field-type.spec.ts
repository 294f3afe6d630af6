/** Merge types derived from the schemas, and the deduced type of schemaless (custom) objects. */
import t from 'tap';
import { DeploymentSchema } from '../../src/apis/apps/v1/deployment.js';
import { EndpointSliceSchema } from '../../src/apis/discovery/v1/endpoint-slice.js';
import { ObjectMetaSchema } from '../../src/apis/meta/v1/object-meta.js';
import { compareTyped, typedEqual } from '../../src/managedfields/compare.js';
import { FieldManager } from '../../src/managedfields/field-manager.js';
import { DEDUCED, type FieldType, fieldTypeOf, type ListType, type MapType } from '../../src/managedfields/field-type.js';
import { pathString } from '../../src/managedfields/path-element.js';
import type { JSONObject } from '../../src/managedfields/typed-value.js';

function at(type: FieldType, ...names: string[]): FieldType | undefined {
  let cur: FieldType | undefined = type;
  for (const name of names) {
    if (cur?.kind === 'list') cur = cur.elementType;
    cur = cur?.kind === 'map' ? (cur.field(name)?.type ?? cur.elementType) : undefined;
  }
  return cur;
}

t.test('built-in schemas give upstream list and map semantics', async (t) => {
  const dep = fieldTypeOf(DeploymentSchema);
  const containers = at(dep, 'spec', 'template', 'spec', 'containers') as ListType;
  t.match(containers, { kind: 'list', relationship: 'associative', keys: ['name'] });
  t.match(at(dep, 'spec', 'template', 'spec', 'containers', 'ports'), { relationship: 'associative', keys: ['containerPort', 'protocol'], keyDefaults: { protocol: 'TCP' } });
  t.match(at(dep, 'spec', 'template', 'spec', 'containers', 'args'), { kind: 'list', relationship: 'atomic' });
  t.match(at(dep, 'spec', 'template', 'spec', 'nodeSelector'), { kind: 'map', atomic: true });
  t.match(at(dep, 'metadata', 'labels'), { kind: 'map', atomic: false });
  t.match(at(dep, 'spec', 'replicas'), { kind: 'scalar' });
  const meta = fieldTypeOf(ObjectMetaSchema) as MapType;
  t.match(meta.field('finalizers')?.type, { relationship: 'associative', keys: [] });
  t.match(meta.field('ownerReferences')?.type, { relationship: 'associative', keys: ['uid'] });
  t.match(meta.field('creationTimestamp')?.type, { kind: 'scalar' });
  t.match(at(fieldTypeOf(DeploymentSchema), 'metadata', 'managedFields', 'fieldsV1'), { kind: 'deduced' });
  t.equal((dep as MapType).field('spec')?.alwaysPresent, true, 'value structs are always present');
  t.equal(fieldTypeOf(DeploymentSchema), dep, 'cached per schema');
  t.equal(fieldTypeOf(undefined), DEDUCED);
});

t.test('deduced objects (no schema): maps merge per key, lists are atomic', async (t) => {
  const fm = new FieldManager({ type: DEDUCED, apiVersion: 'example.com/v1', kind: 'Widget' });
  const widget = (spec: JSONObject): JSONObject => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec });
  const a = fm.apply(undefined, widget({ size: 1, tags: ['a', 'b'], nested: { x: 1 } }), 'a', false);
  const live = { ...a, metadata: { ...(a.metadata as JSONObject), uid: 'u' } };
  const b = fm.apply(live, widget({ nested: { y: 2 } }), 'b', false);
  t.same(b.spec, { size: 1, tags: ['a', 'b'], nested: { x: 1, y: 2 } });
  t.throws(() => fm.apply(live, widget({ tags: ['c'] }), 'b', false), /conflict with "a": \.spec\.tags/, 'the atomic list is owned whole');
  const entry = ((a.metadata as JSONObject).managedFields as { fieldsV1: JSONObject }[])[0];
  t.same(entry?.fieldsV1, { 'f:spec': { '.': {}, 'f:nested': { '.': {}, 'f:x': {} }, 'f:size': {}, 'f:tags': {} } });
});

t.test('an atomic list compares as Go values: an empty value struct equals an absent one', async (t) => {
  const slice = fieldTypeOf(EndpointSliceSchema);
  const stored = { addressType: 'IPv4', endpoints: [{ addresses: ['10.0.0.1'] }], ports: [{ port: 80, protocol: 'TCP' }] };
  const read = { addressType: 'IPv4', endpoints: [{ addresses: ['10.0.0.1'], conditions: {} }], ports: [{ protocol: 'TCP', port: 80 }] };
  const same = compareTyped(stored, read, slice);
  t.same([same.added.empty(), same.modified.empty(), same.removed.empty()], [true, true, true], 'conditions: {} (the GET form) is no change');
  const changed = compareTyped(stored, { ...read, endpoints: [{ addresses: ['10.0.0.1'], conditions: { ready: true } }] }, slice);
  t.same(changed.modified.paths().map(pathString), ['.endpoints'], 'a set condition is a change of the atomic list');
  t.ok(typedEqual({ addressType: '' }, {}, slice), 'a Go value string absent equals ""');
  t.notOk(typedEqual({ ports: [{ name: '', port: 1 }] }, { ports: [{ port: 1 }] }, slice), 'a *string absent is not ""');
  t.notOk(typedEqual([1], [2], undefined), 'without a type, JSON equality');

  let clock = Date.parse('2026-01-01T00:00:00Z');
  const fm = new FieldManager({ type: slice, apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', clock: () => clock });
  const obj = (body: JSONObject): JSONObject => ({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 's' }, ...body });
  const created = fm.update(undefined, obj(stored), 'node');
  clock += 5_000;
  const updated = fm.update(created, { ...obj(read), metadata: (created as { metadata: JSONObject }).metadata }, 'node');
  t.same((updated.metadata as JSONObject).managedFields, (created.metadata as JSONObject).managedFields, 'a PUT of the GET body keeps the entry time');
});
