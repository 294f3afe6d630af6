/**
 * Which fields an Update records, by how Go holds them (structured-merge-diff compares typed objects, not JSON): an
 * omitempty map or slice that is empty is absent; a slice without omitempty (`containers`) is always there, so it is
 * never added as a whole; a value struct (`resources`) is there in every container, so a new container brings
 * `f:resources`, while one already present gains nothing from writing it out empty.
 */
import t from 'tap';
import { PodSchema } from '../../src/apis/core/v1/pod.js';
import { FieldManager } from '../../src/managedfields/field-manager.js';
import { FieldSet } from '../../src/managedfields/field-set.js';
import { fieldTypeOf } from '../../src/managedfields/field-type.js';
import type { JSONObject } from '../../src/managedfields/typed-value.js';

const pods = new FieldManager({ type: fieldTypeOf(PodSchema), apiVersion: 'v1', kind: 'Pod', resetFields: FieldSet.of([{ fieldName: 'status' }]), clock: () => 0 });

const pod = (spec: JSONObject, metadata: JSONObject = {}): JSONObject => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', uid: 'u', ...metadata }, spec });

/** The fieldsV1 `manager` got for writing `next` over `live`. */
function recorded(live: JSONObject | undefined, next: JSONObject, manager: string): unknown {
  const out = pods.update(live, next, manager) as { metadata: { managedFields?: Array<{ manager: string; fieldsV1: unknown }> } };
  return out.metadata.managedFields?.find((e) => e.manager === manager)?.fieldsV1;
}

t.test('omitempty maps and slices: empty is absent', async (t) => {
  const base = pod({ containers: [{ name: 'c', image: 'i' }] });
  const live = pods.update(undefined, base, 'maker') as JSONObject;
  t.equal(recorded(live, pod({ containers: [{ name: 'c', image: 'i', args: [], env: [] }], volumes: [] }, { labels: {} }), 'editor'), undefined, 'writing empty lists and maps changes nothing');
  t.same(recorded(live, pod({ containers: [{ name: 'c', image: 'i' }] }, { labels: { a: 'b' } }), 'labeler'), { 'f:metadata': { 'f:labels': { '.': {}, 'f:a': {} } } }, 'a map that becomes non-empty is added with its entry');
  const labelled = pods.update(live, pod({ containers: [{ name: 'c', image: 'i' }] }, { labels: { a: 'b' } }), 'labeler') as JSONObject;
  const cleared = pods.update(labelled, pod({ containers: [{ name: 'c', image: 'i' }] }, { labels: {} }), 'clearer') as { metadata: { managedFields: Array<{ manager: string }> } };
  t.notOk(
    cleared.metadata.managedFields.some((e) => e.manager === 'labeler'),
    'emptying the map removes it and its entry: the manager owning them owns nothing left',
  );
});

t.test('a slice without omitempty is never added as a whole; a new item brings its value structs', async (t) => {
  t.same(
    recorded(undefined, pod({ containers: [{ name: 'c', image: 'i' }] }), 'maker'),
    { 'f:spec': { 'f:containers': { 'k:{"name":"c"}': { '.': {}, 'f:image': {}, 'f:name': {}, 'f:resources': {} } } } },
    'no "." for containers; the new container owns its empty resources',
  );
  const live = pods.update(undefined, pod({ containers: [{ name: 'c', image: 'i' }] }), 'maker') as JSONObject;
  t.same(
    recorded(live, pod({ containers: [{ name: 'c', image: 'i' }, { name: 'd', image: 'j' }] }), 'adder'),
    { 'f:spec': { 'f:containers': { 'k:{"name":"d"}': { '.': {}, 'f:image': {}, 'f:name': {}, 'f:resources': {} } } } },
    'an update adding a container owns it with its resources',
  );
  t.equal(recorded(live, pod({ containers: [{ name: 'c', image: 'i', resources: {} }] }), 'writer'), undefined, 'an existing container written with resources: {} changes nothing');
});
