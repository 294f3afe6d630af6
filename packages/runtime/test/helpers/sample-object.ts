/**
 * A populated value for any runtime schema: every declared field set to a non-zero sample of its type (special
 * types in their JSON form), lists and maps with one entry. Used to check the generated schemas end to end.
 */
import type { TSchema } from 'typebox';
import { codecOf, itemsOf, mapValueOf, node, propertiesOf, protobufFieldOf, typeNameOf } from '../../src/schema/extensions.js';

const SPECIAL: Record<string, unknown> = {
  time: '2024-05-01T10:00:00Z',
  microtime: '2024-05-01T10:00:00.000001Z',
  quantity: '1',
  'int-or-string': 8080,
  bytes: 'aGk=',
  'raw-extension': { a: 'b' },
  'fields-v1': { 'f:a': {} },
  'wrapped-list': ['a'],
};

/** A populated sample of `schema`; ObjectMeta and ListMeta get a name / resourceVersion only. */
export function sampleOf(schema: TSchema): unknown {
  const codec = codecOf(schema);
  if (codec !== undefined) return SPECIAL[codec];
  const type = typeNameOf(schema);
  if (type === 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta') return { name: 'x', namespace: 'default' };
  if (type === 'io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta') return { resourceVersion: '1' };
  const props = propertiesOf(schema);
  if (props !== undefined) {
    const out: Record<string, unknown> = {};
    for (const [k, p] of Object.entries(props)) {
      // TypeMeta's kind and apiVersion have no protobuf number; the caller sets them.
      if ((k === 'kind' || k === 'apiVersion') && protobufFieldOf(p) === undefined) continue;
      out[k] = sampleOf(p);
    }
    return out;
  }
  const items = itemsOf(schema);
  if (items !== undefined) return [sampleOf(items)];
  const value = mapValueOf(schema);
  if (value !== undefined) return { k: sampleOf(value) };
  const n = node(schema);
  if (n.type === 'string') return 'x';
  if (n.type === 'integer') return 1;
  if (n.type === 'number') return 1.5;
  if (n.type === 'boolean') return true;
  throw new Error(`no sample for schema ${JSON.stringify(n).slice(0, 200)}`);
}
