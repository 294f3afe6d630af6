/**
 * Schemas of `apiextensions.k8s.io/v1` CustomResourceDefinition and its list, for a runtime Scheme
 * (JSON only: no protobuf field numbers). `JSONSchemaProps` subtrees are free-form JSON, checked by
 * the CRD validation instead of the decoder.
 *
 * @module
 */
import {
  jsonField,
  kindStruct,
  ListMetaSchema,
  ObjectMetaSchema,
  requiredJsonField,
  type Scheme,
  stringList,
  struct,
  TimeSchema,
  addMetaToGroupVersion,
} from '@apiserver/runtime';
import { Type } from 'typebox';
import { APIEXTENSIONS_GROUP } from './types.js';

const V1 = 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1';
const GV = { group: APIEXTENSIONS_GROUP, version: 'v1' };

/** Schema of CustomResourceDefinitionNames. */
export const CustomResourceDefinitionNamesSchema = struct(`${V1}.CustomResourceDefinitionNames`, 'Names of a custom resource.', {
  plural: requiredJsonField(Type.String(), 'Plural name of the resource, used in URLs.'),
  singular: jsonField(Type.String(), 'Singular name of the resource (default: the lower-cased kind).'),
  shortNames: jsonField(stringList(), 'Short names for the resource in the CLI.', { listType: 'atomic' }),
  kind: requiredJsonField(Type.String(), 'Serialized kind of the resource (CamelCase, singular).'),
  listKind: jsonField(Type.String(), 'Serialized kind of its list (default `<kind>List`).'),
  categories: jsonField(stringList(), 'Grouped resources this resource belongs to, such as `all`.', { listType: 'atomic' }),
});

const ScaleSchema = struct(`${V1}.CustomResourceSubresourceScale`, 'Scale subresource paths of a custom resource.', {
  specReplicasPath: requiredJsonField(Type.String(), 'JSON path to the desired replicas, e.g. `.spec.replicas`.'),
  statusReplicasPath: requiredJsonField(Type.String(), 'JSON path to the observed replicas, e.g. `.status.replicas`.'),
  labelSelectorPath: jsonField(Type.String(), 'JSON path to the label selector string in the status.'),
});

const SubresourcesSchema = struct(`${V1}.CustomResourceSubresources`, 'Subresources of a custom resource version.', {
  status: jsonField(Type.Unknown(), 'Enables the status subresource (an empty object).', { omit: 'nil' }),
  scale: jsonField(ScaleSchema, 'Enables the scale subresource.', { omit: 'nil' }),
});

const ColumnSchema = struct(`${V1}.CustomResourceColumnDefinition`, 'A column of server-side printing.', {
  name: requiredJsonField(Type.String(), 'Column header.'),
  type: requiredJsonField(Type.String(), 'OpenAPI type of the column.'),
  format: jsonField(Type.String(), 'OpenAPI format of the column.'),
  description: jsonField(Type.String(), 'Description of the column.'),
  priority: jsonField(Type.Integer({ format: 'int32' }), 'Importance of the column (0 shown by default).'),
  jsonPath: requiredJsonField(Type.String(), 'Simple JSON path evaluated against each object.'),
});

const VersionSchema = struct(`${V1}.CustomResourceDefinitionVersion`, 'A version of a custom resource.', {
  name: requiredJsonField(Type.String(), 'Version name, served under /apis/<group>/<version>.'),
  served: requiredJsonField(Type.Boolean(), 'Whether the version is served.'),
  storage: requiredJsonField(Type.Boolean(), 'Whether objects are stored in this version (exactly one).'),
  deprecated: jsonField(Type.Boolean(), 'Whether the version is deprecated.'),
  deprecationWarning: jsonField(Type.String(), 'Warning returned to clients of a deprecated version.', { omit: 'nil' }),
  schema: jsonField(
    struct(`${V1}.CustomResourceValidation`, 'Validation of a custom resource version.', {
      openAPIV3Schema: jsonField(Type.Unknown(), 'The OpenAPI v3 schema (JSONSchemaProps).', { omit: 'nil' }),
    }),
    'Schema of the version.',
    { omit: 'nil' },
  ),
  subresources: jsonField(SubresourcesSchema, 'Subresources of the version.', { omit: 'nil' }),
  additionalPrinterColumns: jsonField(Type.Array(ColumnSchema), 'Extra Table columns.', { listType: 'atomic' }),
  selectableFields: jsonField(Type.Array(Type.Unknown()), 'Fields usable in field selectors.', { listType: 'atomic' }),
});

const ConditionSchema = struct(`${V1}.CustomResourceDefinitionCondition`, 'A condition of a CRD.', {
  type: requiredJsonField(Type.String(), 'Type of the condition.'),
  status: requiredJsonField(Type.String(), 'True, False or Unknown.'),
  lastTransitionTime: jsonField(TimeSchema, 'Last time the condition changed.'),
  reason: jsonField(Type.String(), 'Machine-readable reason.'),
  message: jsonField(Type.String(), 'Human-readable message.'),
});

const ServiceReferenceSchema = struct(`${V1}.ServiceReference`, 'A Service a conversion webhook runs behind.', {
  namespace: requiredJsonField(Type.String(), 'Namespace of the Service.'),
  name: requiredJsonField(Type.String(), 'Name of the Service.'),
  path: jsonField(Type.String(), 'URL path of requests sent to the Service.', { omit: 'nil' }),
  port: jsonField(Type.Integer({ format: 'int32' }), 'Port of the Service (default 443).', { omit: 'nil' }),
});

const WebhookClientConfigSchema = struct(`${V1}.WebhookClientConfig`, 'How to connect to a conversion webhook.', {
  url: jsonField(Type.String(), 'URL of the webhook, `https://host[:port][/path]`.', { omit: 'nil' }),
  service: jsonField(ServiceReferenceSchema, 'Service of the webhook.', { omit: 'nil' }),
  caBundle: jsonField(Type.String({ format: 'byte' }), 'PEM CA bundle (base64) that signs the webhook serving certificate.'),
});

const WebhookConversionSchema = struct(`${V1}.WebhookConversion`, 'A conversion webhook.', {
  clientConfig: jsonField(WebhookClientConfigSchema, 'How to call the webhook.', { omit: 'nil' }),
  conversionReviewVersions: requiredJsonField(stringList(), 'ConversionReview versions the webhook accepts, preferred first.', { listType: 'atomic' }),
});

/** Schema of apiextensions.k8s.io/v1 CustomResourceDefinition. */
export const CustomResourceDefinitionSchema = kindStruct(
  `${V1}.CustomResourceDefinition`,
  { ...GV, kind: 'CustomResourceDefinition' },
  'CustomResourceDefinition represents a resource that should be exposed on the API server.',
  {
    metadata: jsonField(ObjectMetaSchema, 'Standard object metadata.'),
    spec: requiredJsonField(
      struct(`${V1}.CustomResourceDefinitionSpec`, 'Desired state of a CRD.', {
        group: requiredJsonField(Type.String(), 'API group of the custom resources.'),
        names: requiredJsonField(CustomResourceDefinitionNamesSchema, 'Names of the custom resources.'),
        scope: requiredJsonField(Type.String(), 'Namespaced or Cluster.'),
        versions: requiredJsonField(Type.Array(VersionSchema), 'Versions served.', { listType: 'atomic' }),
        conversion: jsonField(
          struct(`${V1}.CustomResourceConversion`, 'Conversion between versions.', {
            strategy: requiredJsonField(Type.String(), 'None or Webhook.'),
            webhook: jsonField(WebhookConversionSchema, 'Webhook conversion settings (strategy Webhook).', { omit: 'nil' }),
          }),
          'How versions are converted.',
          { omit: 'nil' },
        ),
        preserveUnknownFields: jsonField(Type.Boolean(), 'Must be false.'),
      }),
      'Desired state.',
    ),
    status: jsonField(
      struct(`${V1}.CustomResourceDefinitionStatus`, 'Observed state of a CRD.', {
        conditions: jsonField(Type.Array(ConditionSchema), 'Latest observations.', { listType: 'map', listMapKeys: ['type'] }),
        acceptedNames: jsonField(CustomResourceDefinitionNamesSchema, 'Names actually served.'),
        storedVersions: jsonField(stringList(), 'Versions objects were ever stored in.', { listType: 'atomic' }),
      }),
      'Observed state.',
    ),
  },
);

/** Schema of apiextensions.k8s.io/v1 CustomResourceDefinitionList. */
export const CustomResourceDefinitionListSchema = kindStruct(
  `${V1}.CustomResourceDefinitionList`,
  { ...GV, kind: 'CustomResourceDefinitionList' },
  'CustomResourceDefinitionList is a list of CustomResourceDefinition objects.',
  {
    metadata: jsonField(ListMetaSchema, 'Standard list metadata.'),
    items: requiredJsonField(Type.Array(CustomResourceDefinitionSchema), 'The CRDs.'),
  },
);

/** Registers CustomResourceDefinition, its list and the meta kinds in `apiextensions.k8s.io/v1`. */
export function addAPIExtensionsV1Kinds(scheme: Scheme): Scheme {
  addMetaToGroupVersion(scheme, GV);
  return scheme.addKnownTypes(CustomResourceDefinitionSchema, CustomResourceDefinitionListSchema);
}
