/**
 * The pod strategy (pkg/registry/core/pod/strategy.go): defaults, status reset to Pending with the QoS class
 * on create, status kept on spec updates, validation, and graceful deletion (the spec's grace period;
 * immediate for unscheduled or finished pods).
 * @module
 */
import type { ApiObject, RequestContext, RESTCreateStrategy, RESTDeleteStrategy, RESTUpdateStrategy } from '@apiserver/registry';
import { type DeleteOptions, type FieldError, fieldInvalid, isDNS1123Label, nameIsDNSSubdomain, newPath } from '@apiserver/runtime';
import { defaultPod } from '@apiserver/runtime/apis';
import { ensureRecord, isInteger, recordAt, stringAt } from '../../../object-fields.js';
import { mutatePodAffinity } from './affinity-label-keys.js';
import { applyAppArmorVersionSkew } from './apparmor-version-skew.js';
import { validatePodCreate, validatePodUpdate } from './pod-validation.js';
import { podQOSClass } from './qos.js';
import { applySchedulingGatedCondition } from './scheduling-gated.js';
import { podWarnings } from './warnings.js';
import { dropDisabledPodFields } from './drop-disabled-fields.js';

/** The default grace period of a pod whose spec has none (`DefaultTerminationGracePeriodSeconds`). */
export const DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS = 30;

/** Validates `metadata.name` with `nameFn` (what upstream's ValidateObjectMeta does with the kind's name rule). */
export function validateName(obj: ApiObject, nameFn = nameIsDNSSubdomain): FieldError[] {
  const name = obj.metadata.name ?? '';
  return name === '' ? [] : nameFn(name, false).map((m) => fieldInvalid(newPath('metadata', 'name'), name, m));
}

/** Create, update and delete behaviour of pods. */
export class PodStrategy implements RESTCreateStrategy, RESTUpdateStrategy, RESTDeleteStrategy {
  /** Pods are namespaced. */
  namespaceScoped(): boolean {
    return true;
  }

  /** PUT never creates pods. */
  allowCreateOnUpdate(): boolean {
    return false;
  }

  /** Updates without resourceVersion are allowed. */
  allowUnconditionalUpdate(): boolean {
    return true;
  }

  /**
   * Applies the pod defaults, starts the status as `{ phase: Pending, qosClass }` (with the SchedulingGated
   * condition when the pod has scheduling gates), merges pod affinity terms' matchLabelKeys and mismatchLabelKeys
   * into their label selectors, and syncs the AppArmor annotations and fields.
   */
  prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultPod(obj);
    obj.status = { phase: 'Pending', qosClass: podQOSClass(ensureRecord(obj, 'spec')) };
    dropDisabledPodFields(obj);
    applySchedulingGatedCondition(obj);
    mutatePodAffinity(obj);
    applyAppArmorVersionSkew(ctx, obj);
  }

  /** Applies the defaults and keeps the old status (status changes go through `pods/status`). */
  prepareForUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultPod(obj);
    if (old.status === undefined) delete obj.status;
    else obj.status = old.status;
    dropDisabledPodFields(obj, old);
  }

  /** Validates a new pod. */
  validate(_ctx: RequestContext, obj: ApiObject): FieldError[] {
    return [...validateName(obj), ...validatePodCreate(obj)];
  }

  /** Validates a pod update (spec mostly immutable). */
  validateUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): FieldError[] {
    return validatePodUpdate(obj, old);
  }

  /**
   * Pods are always deleted gracefully: the request's grace period, else the spec's
   * terminationGracePeriodSeconds (30 s by default); 0 (immediate) for pods not scheduled to a node or
   * already Succeeded/Failed.
   */
  checkGracefulDelete(_ctx: RequestContext, obj: ApiObject, options: DeleteOptions): boolean {
    const spec = recordAt(obj, 'spec');
    const specGrace = spec?.terminationGracePeriodSeconds;
    let period = options.gracePeriodSeconds ?? (isInteger(specGrace) ? specGrace : DEFAULT_TERMINATION_GRACE_PERIOD_SECONDS);
    if (stringAt(spec, 'nodeName') === '') period = 0;
    const phase = stringAt(recordAt(obj, 'status'), 'phase');
    if (phase === 'Succeeded' || phase === 'Failed') period = 0;
    if (period < 0) period = 1;
    options.gracePeriodSeconds = period;
    return true;
  }

  /** A name that is not a DNS label (it becomes the hostname), then the pod's warnings. Updates get none, as upstream. */
  warningsOnCreate(_ctx: RequestContext, obj: ApiObject): string[] {
    const msgs = isDNS1123Label(obj.metadata.name ?? '');
    const name =
      msgs.length === 0 ? [] : [`metadata.name: this is used in the Pod's hostname, which can result in surprising behavior; a DNS label is recommended: [${msgs.join(' ')}]`];
    return [...name, ...podWarnings(obj)];
  }
}
