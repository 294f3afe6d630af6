/**
 * Kubernetes' special wire types. Each is a schema whose JSON form is a scalar (or free-form object) while its
 * protobuf form is a small message; the `x-k8s-codec` keyword tells the serializers which.
 */
import { Type } from 'typebox';
import { X_K8S_CODEC, X_K8S_DOC, X_K8S_TYPE } from './extensions.js';

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1';

/** metav1.Time: RFC 3339 in JSON (second precision, `null` when zero); protobuf `{seconds=1, nanos=2}`. */
export const TimeSchema = Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
  description: 'Time is a wrapper around time.Time which supports correct marshaling to YAML and JSON.',
  [X_K8S_DOC]: 'Time is a wrapper around time.Time which supports correct marshaling to YAML and JSON.',
  [X_K8S_TYPE]: `${META}.Time`,
  [X_K8S_CODEC]: 'time',
});

/** metav1.MicroTime: RFC 3339 with microseconds in JSON; protobuf `{seconds=1, nanos=2}`. */
export const MicroTimeSchema = Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
  description: 'MicroTime is version of Time with microsecond level precision.',
  [X_K8S_DOC]: 'MicroTime is version of Time with microsecond level precision.',
  [X_K8S_TYPE]: `${META}.MicroTime`,
  [X_K8S_CODEC]: 'microtime',
});

/** intstr.IntOrString: a JSON number or string; protobuf `{type=1, intVal=2, strVal=3}`. */
export const IntOrStringSchema = Type.Union([Type.Integer({ format: 'int32' }), Type.String()], {
  description: 'IntOrString is a type that can hold an int32 or a string.',
  [X_K8S_DOC]: 'IntOrString is a type that can hold an int32 or a string.',
  format: 'int-or-string',
  'x-kubernetes-int-or-string': true,
  [X_K8S_TYPE]: 'io.k8s.apimachinery.pkg.util.intstr.IntOrString',
  [X_K8S_CODEC]: 'int-or-string',
});

/**
 * resource.Quantity: a JSON string such as `500m` or `1Gi` — a JSON number is accepted too, as Go's
 * `Quantity.UnmarshalJSON` parses either (`cpu: 1` in YAML), and decoded to its canonical string; protobuf `{string=1}`.
 */
export const QuantitySchema = Type.Union([Type.String(), Type.Number()], {
  description: 'Quantity is a fixed-point representation of a number, such as 100m or 1Gi.',
  [X_K8S_DOC]: 'Quantity is a fixed-point representation of a number, such as 100m or 1Gi.',
  [X_K8S_TYPE]: 'io.k8s.apimachinery.pkg.api.resource.Quantity',
  [X_K8S_CODEC]: 'quantity',
});

/** []byte: base64 in JSON, protobuf `bytes`. */
export function bytesSchema(): ReturnType<typeof Type.String> {
  return Type.String({ format: 'byte', [X_K8S_CODEC]: 'bytes' });
}

/** metav1.FieldsV1: a free-form JSON object; protobuf `{Raw=1}` holding the JSON bytes. */
export const FieldsV1Schema = Type.Record(Type.String(), Type.Unknown(), {
  description: 'FieldsV1 stores a set of fields in a data structure like a Trie, in JSON format.',
  [X_K8S_DOC]: 'FieldsV1 stores a set of fields in a data structure like a Trie, in JSON format.',
  [X_K8S_TYPE]: `${META}.FieldsV1`,
  [X_K8S_CODEC]: 'fields-v1',
});

/** runtime.RawExtension: an embedded object; protobuf `{raw=1}` holding its serialized bytes. */
export const RawExtensionSchema = Type.Unknown({
  description: 'RawExtension holds an embedded object in its serialized form.',
  [X_K8S_DOC]: 'RawExtension holds an embedded object in its serialized form.',
  [X_K8S_TYPE]: 'io.k8s.apimachinery.pkg.runtime.RawExtension',
  [X_K8S_CODEC]: 'raw-extension',
});
