/** Merge types derived from the schemas, and the deduced type of schemaless (custom) objects. */
import t from 'tap';
import { DeploymentSchema } from '../../src/apis/apps/v1/deployment.js';
import { ObjectMetaSchema } from '../../src/apis/meta/v1/object-meta.js';
import { FieldManager } from '../../src/managedfields/field-manager.js';
import { DEDUCED, type FieldType, fieldTypeOf, type ListType, type MapType } from '../../src/managedfields/field-type.js';
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
