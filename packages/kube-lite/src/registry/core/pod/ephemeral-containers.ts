/**
 * `pods/ephemeralcontainers` (pkg/registry/core/pod/strategy.go `podEphemeralContainersStrategy`,
 * pkg/apis/core/validation `ValidatePodEphemeralContainersUpdate`): GET answers the pod; PUT/PATCH change only
 * `spec.ephemeralContainers`, where containers may be added (the pod, new ephemeral containers included, must stay
 * valid) but existing ones neither removed nor changed; static (mirror) pods take none.
 * @module
 */
import { type ApiObject, type RequestContext, type RESTUpdateStrategy, restoreStoredObject } from '@apiserver/registry';
import { type FieldError, fieldForbidden, newPath, semanticEqual } from '@apiserver/runtime';
import { coreV1, defaultPodSpec } from '@apiserver/runtime/apis';
import { ensureRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { validatePod } from './pod-validation.js';
import { dropDisabledPodFields } from './drop-disabled-fields.js';

const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';
const PATH = newPath('spec', 'ephemeralContainers');
/** The metadata upstream's `dropPodUpdates` takes from the request. */
const POD_UPDATE_KEYS = ['name', 'namespace', 'resourceVersion', 'uid'] as const;

/** Field errors of an ephemeral containers update. */
export function validateEphemeralContainersUpdate(pod: ApiObject, old: ApiObject): FieldError[] {
  if (old.metadata.annotations?.[MIRROR_POD_ANNOTATION] !== undefined) return [fieldForbidden(newPath(''), 'static pods do not support ephemeral containers')];
  const added = recordsAt(recordAt(pod, 'spec'), 'ephemeralContainers');
  // The whole pod is validated again (`validatePodMetadataAndSpec`), the new ephemeral containers with it.
  const errs = validatePod(pod);
  const byName = new Map(added.map((c) => [stringAt(c, 'name'), c]));
  for (const before of recordsAt(recordAt(old, 'spec'), 'ephemeralContainers')) {
    const name = stringAt(before, 'name');
    const now = byName.get(name);
    if (now === undefined) errs.push(fieldForbidden(PATH, `existing ephemeral containers "${name}" may not be removed\n`));
    else if (!semanticEqual(coreV1.EphemeralContainerSchema, before, now)) errs.push(fieldForbidden(PATH, `existing ephemeral containers "${name}" may not be changed\n`));
  }
  return errs;
}

/** The update strategy of `pods/ephemeralcontainers`: the old pod with the new ephemeral containers. */
export class EphemeralContainersStrategy implements RESTUpdateStrategy {
  /** Pods are namespaced. */
  namespaceScoped(): boolean {
    return true;
  }

  /** Never creates. */
  allowCreateOnUpdate(): boolean {
    return false;
  }

  /** Updates without resourceVersion are allowed. */
  allowUnconditionalUpdate(): boolean {
    return true;
  }

  /**
   * The old pod (`dropPodUpdates`) with the request's name, namespace, resourceVersion and uid and its
   * `spec.ephemeralContainers`; managedFields come from the old pod too, as upstream's copy. The metadata object is
   * changed in place, so the update's metadata checks see the prepared pod.
   */
  prepareForUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    const containers = recordAt(obj, 'spec')?.ephemeralContainers;
    restoreStoredObject(obj, old, POD_UPDATE_KEYS);
    const spec = ensureRecord(obj, 'spec');
    if (containers === undefined || containers === null) delete spec.ephemeralContainers;
    else spec.ephemeralContainers = containers;
    // The new containers get the container defaults, as decoding the request's Pod gives them upstream.
    defaultPodSpec(spec);
    dropDisabledPodFields(obj, old);
  }

  /** Validates the change of ephemeral containers. */
  validateUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): FieldError[] {
    return validateEphemeralContainersUpdate(obj, old);
  }
}
