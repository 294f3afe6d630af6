/**
 * The `apiextensions.k8s.io/v1` CustomResourceDefinition types (k8s.io/apiextensions-apiserver
 * `pkg/apis/apiextensions/v1/types.go`) as the JSON the API carries.
 *
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import type { JSONSchemaProps } from '../structural-schema.js';

/** The API group of CustomResourceDefinitions. */
export const APIEXTENSIONS_GROUP = 'apiextensions.k8s.io';
/** The finalizer that keeps a CRD until its custom resources are deleted. */
export const CUSTOM_RESOURCE_CLEANUP_FINALIZER = 'customresourcecleanup.apiextensions.k8s.io';

/** Names of a custom resource (`CustomResourceDefinitionNames`). */
export interface CustomResourceDefinitionNames {
  /** Plural resource name, used in URLs (`crontabs`). */
  plural: string;
  /** Singular name (default: the lower-cased kind). */
  singular?: string;
  /** Short names for the CLI (`ct`). */
  shortNames?: string[];
  /** The serialized kind (`CronTab`). */
  kind: string;
  /** The list kind (default `<kind>List`). */
  listKind?: string;
  /** Groupings such as `all`. */
  categories?: string[];
}

/** The scale subresource paths (`CustomResourceSubresourceScale`). */
export interface CustomResourceSubresourceScale {
  /** JSON path of the desired replicas, e.g. `.spec.replicas`. */
  specReplicasPath: string;
  /** JSON path of the observed replicas, e.g. `.status.replicas`. */
  statusReplicasPath: string;
  /** JSON path of the label selector string, optional. */
  labelSelectorPath?: string;
}

/** Subresources of a version (`CustomResourceSubresources`). */
export interface CustomResourceSubresources {
  /** Present (an empty object) to serve `/status`. */
  status?: Record<string, never>;
  /** Present to serve `/scale`. */
  scale?: CustomResourceSubresourceScale;
}

/** An additional printer column (`CustomResourceColumnDefinition`). */
export interface CustomResourceColumnDefinition {
  /** Column header. */
  name: string;
  /** OpenAPI type: integer, number, string, boolean or date. */
  type: string;
  /** OpenAPI format. */
  format?: string;
  /** Column description. */
  description?: string;
  /** 0 is shown by default, more only with `-o wide`. */
  priority?: number;
  /** Simple JSON path evaluated against each object. */
  jsonPath: string;
}

/** One version of a CRD (`CustomResourceDefinitionVersion`). */
export interface CustomResourceDefinitionVersion {
  /** Version name (`v1`). */
  name: string;
  /** Whether the version is served. */
  served: boolean;
  /** Whether objects are stored in this version (exactly one). */
  storage: boolean;
  /** Whether the version is deprecated. */
  deprecated?: boolean;
  /** Warning returned to clients of a deprecated version. */
  deprecationWarning?: string;
  /** The validation schema. */
  schema?: { openAPIV3Schema?: JSONSchemaProps };
  /** The subresources served. */
  subresources?: CustomResourceSubresources;
  /** Extra Table columns. */
  additionalPrinterColumns?: CustomResourceColumnDefinition[];
  /** Fields of the version's objects that field selectors may use besides `metadata.name`/`metadata.namespace`. */
  selectableFields?: SelectableField[];
}

/** A field of a custom resource usable in field selectors (`apiextensions/v1.SelectableField`). */
export interface SelectableField {
  /** Simple JSON path (`.spec.color`) of a string, boolean or integer field; the selector key drops the leading dot. */
  jsonPath: string;
}

/** A Service a conversion webhook runs behind (`apiextensions/v1.ServiceReference`). */
export interface ServiceReference {
  /** The Service's namespace. */
  namespace: string;
  /** The Service's name. */
  name: string;
  /** URL path of requests sent to the Service. */
  path?: string;
  /** The Service port (defaulted to 443). */
  port?: number;
}

/** How to reach a conversion webhook (`apiextensions/v1.WebhookClientConfig`): exactly one of `url` and `service`. */
export interface WebhookClientConfig {
  /** `https://host[:port][/path]`. */
  url?: string;
  /** A Service in the cluster. */
  service?: ServiceReference;
  /** Base64 of the PEM bundle of CAs that sign the webhook's serving certificate. */
  caBundle?: string;
}

/** The webhook of the `Webhook` strategy (`apiextensions/v1.WebhookConversion`). */
export interface WebhookConversion {
  /** Where the webhook is. */
  clientConfig?: WebhookClientConfig;
  /** ConversionReview versions the webhook understands, preferred first (this server speaks v1). */
  conversionReviewVersions: string[];
}

/** How versions convert (`CustomResourceConversion`): `None` rewrites apiVersion, `Webhook` calls a webhook. */
export interface CustomResourceConversion {
  /** `None` or `Webhook`. */
  strategy: string;
  /** The webhook, with strategy `Webhook`. */
  webhook?: WebhookConversion;
}

/** The desired state of a CRD (`CustomResourceDefinitionSpec`). */
export interface CustomResourceDefinitionSpec {
  /** The API group of the custom resources. */
  group: string;
  /** Their names. */
  names: CustomResourceDefinitionNames;
  /** `Namespaced` or `Cluster`. */
  scope: string;
  /** The versions, at least one. */
  versions: CustomResourceDefinitionVersion[];
  /** The conversion strategy. */
  conversion?: CustomResourceConversion;
  /** Must be false in v1. */
  preserveUnknownFields?: boolean;
}

/** A CRD condition (`CustomResourceDefinitionCondition`). */
export interface CustomResourceDefinitionCondition {
  /** `Established`, `NamesAccepted`, `NonStructuralSchema`, `Terminating`, `KubernetesAPIApprovalPolicyConformant`. */
  type: string;
  /** `True`, `False` or `Unknown`. */
  status: string;
  /** When the status last changed. */
  lastTransitionTime?: string;
  /** Machine-readable reason. */
  reason?: string;
  /** Human-readable message. */
  message?: string;
}

/** The observed state of a CRD (`CustomResourceDefinitionStatus`). */
export interface CustomResourceDefinitionStatus {
  /** Conditions. */
  conditions?: CustomResourceDefinitionCondition[];
  /** The names actually served. */
  acceptedNames?: CustomResourceDefinitionNames;
  /** Every version objects were ever stored in. */
  storedVersions?: string[];
}

/** A CustomResourceDefinition object. */
export interface CustomResourceDefinition extends ApiObject {
  /** The desired state. */
  spec: CustomResourceDefinitionSpec;
  /** The observed state. */
  status?: CustomResourceDefinitionStatus;
}
