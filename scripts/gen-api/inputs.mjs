/**
 * What gen-api reads and how it names things: the 1.32 GA group versions it generates and the apimachinery
 * types (not in k8s.io/api) it maps onto the runtime's hand-written meta and special schemas.
 */

/** Group versions generated: `<dir>/<version>` under the k8s.io/api checkout. */
export const GROUP_VERSIONS = [
  'core/v1',
  'apps/v1',
  'autoscaling/v1',
  'autoscaling/v2',
  'batch/v1',
  'policy/v1',
  'networking/v1',
  'storage/v1',
  'scheduling/v1',
  'node/v1',
  'certificates/v1',
  'authentication/v1',
  'authorization/v1',
  'coordination/v1',
  'discovery/v1',
  'events/v1',
  'rbac/v1',
  'flowcontrol/v1',
  'admissionregistration/v1',
];

/** Go import path of a group version's package. */
export function packagePathOf(gv) {
  return `k8s.io/api/${gv}`;
}

/** OpenAPI definition-name prefix of a group version's package, e.g. `io.k8s.api.core.v1`. */
export function definitionPrefixOf(gv) {
  return `io.k8s.api.${gv.replace('/', '.')}`;
}

/** Namespace identifier a generated file imports another group version's types under, e.g. `coreV1`. */
export function namespaceOf(gv) {
  const [dir, version] = gv.split('/');
  return `${dir}${version[0].toUpperCase()}${version.slice(1)}`;
}

/** Schema expressions (and their module, relative to `apis/`) of the apimachinery types the API uses. */
export const EXTERNAL = {
  'k8s.io/apimachinery/pkg/apis/meta/v1': {
    ObjectMeta: ['ObjectMetaSchema', 'meta/v1/object-meta.js'],
    ListMeta: ['ListMetaSchema', 'meta/v1/object-meta.js'],
    OwnerReference: ['OwnerReferenceSchema', 'meta/v1/object-meta.js'],
    Condition: ['ConditionSchema', 'meta/v1/object-meta.js'],
    LabelSelector: ['LabelSelectorSchema', 'meta/v1/label-selector.js'],
    LabelSelectorRequirement: ['LabelSelectorRequirementSchema', 'meta/v1/label-selector.js'],
    FieldSelectorRequirement: ['FieldSelectorRequirementSchema', 'meta/v1/field-selector.js'],
    DeleteOptions: ['DeleteOptionsSchema', 'meta/v1/options.js'],
    Time: ['TimeSchema', '../schema/special-types.js'],
    MicroTime: ['MicroTimeSchema', '../schema/special-types.js'],
  },
  'k8s.io/apimachinery/pkg/api/resource': { Quantity: ['QuantitySchema', '../schema/special-types.js'] },
  'k8s.io/apimachinery/pkg/util/intstr': { IntOrString: ['IntOrStringSchema', '../schema/special-types.js'] },
  'k8s.io/apimachinery/pkg/runtime': { RawExtension: ['RawExtensionSchema', '../schema/special-types.js'] },
};

/** apimachinery named string types: they are plain strings in JSON and protobuf. */
export const EXTERNAL_STRINGS = {
  'k8s.io/apimachinery/pkg/types': ['UID', 'NodeName', 'NamespacedName'],
  'k8s.io/apimachinery/pkg/apis/meta/v1': ['StatusReason', 'CauseType'],
};

/** The Go import path of metav1, whose inline TypeMeta makes a struct a kind. */
export const METAV1 = 'k8s.io/apimachinery/pkg/apis/meta/v1';
