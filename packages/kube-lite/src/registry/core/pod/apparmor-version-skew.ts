/**
 * The AppArmor version skew of pod create (pkg/registry/core/pod/strategy.go `applyAppArmorVersionSkew`): the
 * deprecated `container.apparmor.security.beta.kubernetes.io/<container>` annotations and the `appArmorProfile`
 * fields are made to agree, so that kubelets reading either enforce the same profile. A container's field (or the
 * pod's) becomes its missing annotation; an annotation without a container field becomes that field, unless the
 * pod-level field already says the same, with a deprecation warning — as does an annotation no valid field can be
 * made from. Windows pods are left alone.
 * @module
 */
import type { RequestContext } from '@apiserver/registry';
import { newPath } from '@apiserver/runtime';
import { ensureRecord, type JSONRecord, recordAt, stringAt } from '../../../object-fields.js';
import { podContainers } from './pod-containers.js';
import { validateAppArmorProfile } from './security-profile-validation.js';

/** The deprecated per-container AppArmor annotation's key prefix. */
export const APPARMOR_ANNOTATION_PREFIX = 'container.apparmor.security.beta.kubernetes.io/';
const LOCALHOST_PREFIX = 'localhost/';

/** The annotation value a profile field stands for, or '' when none does (Localhost without a name, unknown types). */
function annotationForField(profile: JSONRecord): string {
  switch (profile.type) {
    case 'Unconfined':
      return 'unconfined';
    case 'RuntimeDefault':
      return 'runtime/default';
    case 'Localhost':
      return typeof profile.localhostProfile === 'string' ? LOCALHOST_PREFIX + profile.localhostProfile : '';
    default:
      return '';
  }
}

/** The profile field an annotation value stands for, or undefined (an unknown value, an empty localhost name). */
function fieldForAnnotation(annotation: string): JSONRecord | undefined {
  if (annotation === 'unconfined') return { type: 'Unconfined' };
  if (annotation === 'runtime/default') return { type: 'RuntimeDefault' };
  if (annotation.startsWith(LOCALHOST_PREFIX) && annotation.length > LOCALHOST_PREFIX.length) {
    return { type: 'Localhost', localhostProfile: annotation.slice(LOCALHOST_PREFIX.length) };
  }
  return undefined;
}

const sameProfile = (a: JSONRecord, b: JSONRecord | undefined) =>
  b !== undefined && a.type === b.type && (a.localhostProfile ?? null) === (b.localhostProfile ?? null);

/** Syncs a new pod's AppArmor annotations and fields; warnings go to the request. */
export function applyAppArmorVersionSkew(ctx: RequestContext, pod: JSONRecord): void {
  const spec = recordAt(pod, 'spec');
  if (spec === undefined || stringAt(recordAt(spec, 'os'), 'name') === 'windows') return;
  const podProfile = recordAt(recordAt(spec, 'securityContext'), 'appArmorProfile');
  for (const container of podContainers(spec)) {
    const key = APPARMOR_ANNOTATION_PREFIX + stringAt(container, 'name');
    const annotations = recordAt(recordAt(pod, 'metadata'), 'annotations');
    const annotation = annotations?.[key];
    const containerProfile = recordAt(recordAt(container, 'securityContext'), 'appArmorProfile');
    if (typeof annotation !== 'string') {
      const value = annotationForField(containerProfile ?? podProfile ?? {});
      if (value !== '') ensureRecord(ensureRecord(pod, 'metadata'), 'annotations')[key] = value;
    } else if (containerProfile === undefined) {
      let field = fieldForAnnotation(annotation);
      if (field !== undefined && validateAppArmorProfile(field, newPath('appArmorProfile')).length > 0) field = undefined;
      let warn = field === undefined;
      if (field !== undefined && !sameProfile(field, podProfile)) {
        ensureRecord(container, 'securityContext').appArmorProfile = field;
        warn = true;
      }
      if (warn) ctx.addWarning?.(`${newPath('metadata', 'annotations').key(key)}: deprecated since v1.30; use the "appArmorProfile" field instead`);
    }
  }
}

