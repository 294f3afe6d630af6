/**
 * Names and keys of flowcontrol.apiserver.k8s.io/v1 (k8s.io/api/flowcontrol/v1 constants): the group, the
 * mandatory objects' names and the annotation the config producer manages.
 * @module
 */

/** The API group. */
export const FLOWCONTROL_GROUP_NAME = 'flowcontrol.apiserver.k8s.io';
/** Its apiVersion. */
export const FLOWCONTROL_API_VERSION = `${FLOWCONTROL_GROUP_NAME}/v1`;

/** The mandatory exempt FlowSchema and PriorityLevelConfiguration (`FlowSchemaNameExempt`, `PriorityLevelConfigurationNameExempt`). */
export const EXEMPT_NAME = 'exempt';
/** The mandatory catch-all FlowSchema and PriorityLevelConfiguration. */
export const CATCH_ALL_NAME = 'catch-all';

/** `AutoUpdateAnnotationKey`: "true" lets the config producer keep a bootstrap object's spec up to date. */
export const AUTO_UPDATE_ANNOTATION = 'apf.kubernetes.io/autoupdate-spec';

/**
 * `PriorityLevelPreserveZeroConcurrencySharesKey` of v1beta3: a round-trip marker of that version only, so
 * forbidden on objects written through v1.
 */
export const PRESERVE_ZERO_CONCURRENCY_SHARES_ANNOTATION = 'flowcontrol.k8s.io/v1beta3-preserve-zero-concurrency-shares';

/** `FlowSchemaMaxMatchingPrecedence`. */
export const MAX_MATCHING_PRECEDENCE = 10_000;

/** The `Dangling` FlowSchema condition (written by APF's controller, which kube-lite does not run). */
export const FLOW_SCHEMA_CONDITION_DANGLING = 'Dangling';
