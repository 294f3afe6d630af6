/**
 * Warnings for pods and pod templates (pkg/api/pod `GetWarningsForPod`, `GetWarningsForPodTemplate`): what a valid
 * pod spec may still get wrong — deprecated node labels, annotations and volume plugins, duplicate or ambiguous
 * entries, fractional byte quantities, null label selectors, a negative grace period. A pod's paths start at
 * `spec`/`metadata`; a template's under its own path (`spec.template`). Reference: kubernetes/kubernetes
 * pkg/api/pod/warnings.go as of 1.32.
 * @module
 */
import { childPath, type FieldPath } from '@apiserver/runtime';
import { isRecord, type JSONRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { nodeLabelDeprecatedMessage, warningsForNodeSelectorTerm } from '../node/deprecated-labels.js';
import { persistentVolumeClaimSpecWarnings } from '../persistentvolumeclaim/warnings.js';
import { fractionalByteWarnings } from './fractional-quantity.js';
import { containerWarnings, portWarnings, visitContainers } from './container-warnings.js';
import { volumeWarnings } from './volume-warnings.js';

/** Annotations that stopped working, and what to use instead. */
const DEPRECATED_ANNOTATIONS: readonly (readonly [string, string])[] = [
  ['scheduler.alpha.kubernetes.io/critical-pod', 'non-functional in v1.16+; use the "priorityClassName" field instead'],
  ['security.alpha.kubernetes.io/sysctls', 'non-functional in v1.11+; use the "sysctls" field instead'],
  ['security.alpha.kubernetes.io/unsafe-sysctls', 'non-functional in v1.11+; use the "sysctls" field instead'],
];

/** The pod's seccomp annotation, non-functional since 1.27. */
export const SECCOMP_POD_ANNOTATION = 'seccomp.security.alpha.kubernetes.io/pod';

/** The warnings of a pod being created (`GetWarningsForPod`). */
export function podWarnings(pod: JSONRecord): string[] {
  return warningsForPodSpecAndMeta(undefined, recordAt(pod, 'spec') ?? {}, recordAt(pod, 'metadata') ?? {});
}

/** The warnings of the pod template at `path` of a workload (`GetWarningsForPodTemplate`); none without a template. */
export function podTemplateWarnings(path: FieldPath, template: unknown): string[] {
  if (!isRecord(template)) return [];
  return warningsForPodSpecAndMeta(path, recordAt(template, 'spec') ?? {}, recordAt(template, 'metadata') ?? {});
}

function warningsForPodSpecAndMeta(path: FieldPath | undefined, spec: JSONRecord, meta: JSONRecord): string[] {
  const annotations = recordAt(meta, 'annotations') ?? {};
  return [
    ...nodeSelectionWarnings(path, spec),
    ...deprecatedAnnotationWarnings(path, annotations),
    ...volumeWarnings(path, spec, persistentVolumeClaimSpecWarnings),
    ...duplicateWarnings(path, spec),
    ...fractionalByteWarnings(spec['overhead'], 'memory', childPath(path, 'spec', 'overhead')),
    ...fractionalByteWarnings(spec['overhead'], 'ephemeral-storage', childPath(path, 'spec', 'overhead')),
    ...seccompPodWarnings(path, spec, annotations),
    ...visitContainers(spec, childPath(path, 'spec')).flatMap(([c, p]) => containerWarnings(path, spec, annotations, c, p)),
    ...portWarnings(visitContainers(spec, childPath(path, 'spec'))),
    ...gracePeriodWarnings(path, spec),
    ...podAffinityWarnings(path, spec),
  ];
}

function nodeSelectionWarnings(path: FieldPath | undefined, spec: JSONRecord): string[] {
  const warnings: string[] = [];
  for (const key of Object.keys(recordAt(spec, 'nodeSelector') ?? {})) {
    const msg = nodeLabelDeprecatedMessage(key);
    if (msg !== undefined) warnings.push(`${childPath(path, 'spec', 'nodeSelector').key(key)}: ${msg}`);
  }
  const nodeAffinity = recordAt(recordAt(spec, 'affinity'), 'nodeAffinity');
  if (nodeAffinity !== undefined) {
    const required = recordAt(nodeAffinity, 'requiredDuringSchedulingIgnoredDuringExecution');
    if (required !== undefined) {
      const terms = childPath(path, 'spec', 'affinity', 'nodeAffinity', 'requiredDuringSchedulingIgnoredDuringExecution', 'nodeSelectorTerms');
      warnings.push(...recordsAt(required, 'nodeSelectorTerms').flatMap((term, i) => warningsForNodeSelectorTerm(term, terms.index(i))));
    }
    const preferred = childPath(path, 'spec', 'affinity', 'nodeAffinity', 'preferredDuringSchedulingIgnoredDuringExecution');
    warnings.push(
      ...recordsAt(nodeAffinity, 'preferredDuringSchedulingIgnoredDuringExecution').flatMap((term, i) =>
        warningsForNodeSelectorTerm(recordAt(term, 'preference'), preferred.index(i).child('preference')),
      ),
    );
  }
  recordsAt(spec, 'topologySpreadConstraints').forEach((t, i) => {
    const at = childPath(path, 'spec', 'topologySpreadConstraints').index(i);
    const key = stringAt(t, 'topologyKey');
    const msg = nodeLabelDeprecatedMessage(key);
    if (msg !== undefined) warnings.push(`${at.child('topologyKey')}: ${key} is ${msg}`);
    if (!isRecord(t['labelSelector'])) warnings.push(`${at.child('labelSelector')}: a null labelSelector results in matching no pod`);
  });
  return warnings;
}

function deprecatedAnnotationWarnings(path: FieldPath | undefined, annotations: JSONRecord): string[] {
  return DEPRECATED_ANNOTATIONS.filter(([key]) => key in annotations).map(([key, msg]) => `${childPath(path, 'metadata', 'annotations').key(key)}: ${msg}`);
}

/** `<list>[i].<field>: duplicate <what> "<value>"` for every entry repeating an earlier entry's field. */
function repeatedFieldWarnings(items: readonly JSONRecord[], field: string, what: string, listPath: FieldPath): string[] {
  if (items.length < 2) return [];
  const seen = new Set<string>();
  return items.flatMap((item, i) => {
    const value = stringAt(item, field);
    if (!seen.has(value)) {
      seen.add(value);
      return [];
    }
    return [`${listPath.index(i).child(field)}: duplicate ${what} ${JSON.stringify(value)}`];
  });
}

/** Duplicate hostAliases IPs, duplicate and empty imagePullSecrets names. */
function duplicateWarnings(path: FieldPath | undefined, spec: JSONRecord): string[] {
  const secrets = recordsAt(spec, 'imagePullSecrets');
  const secretsPath = childPath(path, 'spec', 'imagePullSecrets');
  return [
    ...repeatedFieldWarnings(recordsAt(spec, 'hostAliases'), 'ip', 'ip', childPath(path, 'spec', 'hostAliases')),
    ...repeatedFieldWarnings(secrets, 'name', 'name', secretsPath),
    ...secrets.flatMap((s, i) => (stringAt(s, 'name') === '' ? [`${secretsPath.index(i).child('name')}: invalid empty name ""`] : [])),
  ];
}

function seccompPodWarnings(path: FieldPath | undefined, spec: JSONRecord, annotations: JSONRecord): string[] {
  if (isRecord(recordAt(spec, 'securityContext')?.['seccompProfile']) || !(SECCOMP_POD_ANNOTATION in annotations)) return [];
  return [`${childPath(path, 'metadata', 'annotations').key(SECCOMP_POD_ANNOTATION)}: non-functional in v1.27+; use the "seccompProfile" field instead`];
}

function gracePeriodWarnings(path: FieldPath | undefined, spec: JSONRecord): string[] {
  const grace = spec['terminationGracePeriodSeconds'];
  if (typeof grace !== 'number' || grace >= 0) return [];
  return [`${childPath(path, 'spec', 'terminationGracePeriodSeconds')}: must be >= 0; negative values are invalid and will be treated as 1`];
}

/** Pod (anti-)affinity terms without a labelSelector, which match no pod. */
function podAffinityWarnings(path: FieldPath | undefined, spec: JSONRecord): string[] {
  const affinity = recordAt(spec, 'affinity');
  const warnings: string[] = [];
  for (const kind of ['podAffinity', 'podAntiAffinity']) {
    const a = recordAt(affinity, kind);
    if (a === undefined) continue;
    const required = childPath(path, 'spec', 'affinity', kind, 'requiredDuringSchedulingIgnoredDuringExecution');
    recordsAt(a, 'requiredDuringSchedulingIgnoredDuringExecution').forEach((t, i) => {
      if (!isRecord(t['labelSelector'])) warnings.push(`${required.index(i).child('labelSelector')}: a null labelSelector results in matching no pod`);
    });
    const preferred = childPath(path, 'spec', 'affinity', kind, 'preferredDuringSchedulingIgnoredDuringExecution');
    recordsAt(a, 'preferredDuringSchedulingIgnoredDuringExecution').forEach((t, i) => {
      if (!isRecord(recordAt(t, 'podAffinityTerm')?.['labelSelector'])) {
        warnings.push(`${preferred.index(i).child('podAffinityTerm', 'labelSelector')}: a null labelSelector results in matching no pod`);
      }
    });
  }
  return warnings;
}
