/**
 * Binding a pod to a node (pkg/registry/core/pod/storage `BindingREST`): `pods/binding` (name from the URL) and
 * the legacy `bindings` collection (name from the Binding) set `spec.nodeName`, merge the Binding's annotations
 * and mark the pod `PodScheduled=True`, writing the pod directly (not through the pod update rules). A pod being
 * deleted, already bound, with scheduling gates, or with another uid or resourceVersion than the Binding names
 * answers 409; an invalid Binding answers 500 with the aggregated field errors, as upstream.
 * @module
 */
import {
  type ApiObject,
  type Creater,
  defaultUpdatedObjectInfo,
  GenericStrategy,
  type NamedCreater,
  type RequestContext,
  type SingularNameProvider,
  type Storage,
  Store,
  type StoreOptions,
  type ValidateObjectFunc,
} from '@apiserver/registry';
import { aggregateFieldErrors, newBadRequest, newConflict, StatusError } from '@apiserver/runtime';
import { ensureRecord, recordAt, recordsAt, stringAt, stringMapAt } from '../../../object-fields.js';
import { metaTime } from '../persistentvolume/strategy.js';
import { validatePodBinding } from './validation.js';

const BINDING_RESOURCE = { group: '', resource: 'pods/binding' };

/** Why the pod cannot take the binding, or undefined. */
function bindRefusal(pod: ApiObject, binding: ApiObject): string | undefined {
  const name = pod.metadata.name ?? '';
  const spec = recordAt(pod, 'spec');
  if (pod.metadata.deletionTimestamp !== undefined) return `pod ${name} is being deleted, cannot be assigned to a host`;
  const uid = binding.metadata.uid ?? '';
  if (uid !== '' && pod.metadata.uid !== uid) return `Precondition failed: UID in precondition: ${uid}, UID in object meta: ${pod.metadata.uid ?? ''}`;
  const rv = binding.metadata.resourceVersion ?? '';
  if (rv !== '' && pod.metadata.resourceVersion !== rv) return `Precondition failed: ResourceVersion in precondition: ${rv}, ResourceVersion in object meta: ${pod.metadata.resourceVersion ?? ''}`;
  const node = stringAt(spec, 'nodeName');
  if (node !== '') return `pod ${name} is already assigned to node "${node}"`;
  if (recordsAt(spec, 'schedulingGates').length > 0) return `pod ${name} has non-empty .spec.schedulingGates`;
  return undefined;
}

/** Sets the node, the annotations and the PodScheduled condition (`podutil.UpdatePodCondition`). */
function bind(pod: ApiObject, binding: ApiObject, now: number): void {
  ensureRecord(pod, 'spec').nodeName = stringAt(recordAt(binding, 'target'), 'name');
  pod.metadata.annotations = { ...(pod.metadata.annotations ?? {}), ...(stringMapAt(binding.metadata, 'annotations') ?? {}) };
  const status = ensureRecord(pod, 'status');
  const conditions = recordsAt(status, 'conditions');
  const existing = conditions.find((c) => stringAt(c, 'type') === 'PodScheduled');
  if (existing === undefined) status.conditions = [...conditions, { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: metaTime(now) }];
  else if (stringAt(existing, 'status') !== 'True') Object.assign(existing, { status: 'True', lastTransitionTime: metaTime(now), reason: undefined, message: undefined });
}

/** Writes pods as they are (the binding is the only change): no defaulting, no pod update validation. */
const podWriteStrategy = new GenericStrategy({ namespaceScoped: true });

/** The pod binder behind `pods/binding` and `bindings`. */
export class PodBinder {
  readonly #pods: Store;
  readonly #now: () => number;

  /** Binds pods of the store that `podStoreOptions` describe. */
  constructor(podStoreOptions: StoreOptions, now: () => number = Date.now) {
    this.#pods = new Store({ ...podStoreOptions, strategies: { ...podStoreOptions.strategies, update: podWriteStrategy } });
    this.#now = now;
  }

  /** Validates `binding` and binds the pod `name`; answers a Success Status with code 201. */
  async bind(ctx: RequestContext, name: string, binding: ApiObject, createValidation?: ValidateObjectFunc): Promise<ApiObject> {
    const errs = validatePodBinding(binding);
    if (errs.length > 0) throw new StatusError({ code: 500, message: aggregateFieldErrors(errs) ?? '' });
    await createValidation?.(ctx, binding);
    await this.#pods.update(
      ctx,
      name,
      defaultUpdatedObjectInfo(undefined, (_ctx, _obj, old) => {
        if (old === undefined) return undefined;
        const refusal = bindRefusal(old, binding);
        if (refusal !== undefined) throw newConflict(BINDING_RESOURCE, name, new Error(refusal));
        const pod = structuredClone(old);
        bind(pod, binding, this.#now());
        return pod;
      }),
      undefined,
      undefined,
      false,
      {},
    );
    return { apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Success', code: 201 };
  }
}

/** What both binding storages share: the Binding kind, namespaced, nothing to release. */
export abstract class BindingStorage implements Storage {
  /** Binds the pods. */
  protected readonly binder: PodBinder;

  /** A storage over `binder`. */
  constructor(binder: PodBinder) {
    this.binder = binder;
  }

  /** A new Binding. */
  newObject(): ApiObject {
    return { apiVersion: 'v1', kind: 'Binding', metadata: {} };
  }

  /** Nothing to release. */
  destroy(): void {}

  /** Bindings are namespaced, as pods. */
  namespaceScoped(): boolean {
    return true;
  }
}

/** `pods/binding`: POST a Binding named as the pod. */
export class BindingREST extends BindingStorage implements NamedCreater {
  /** Binds the pod `name`; 400 when the Binding names another pod. */
  async createNamed(ctx: RequestContext, name: string, obj: ApiObject, createValidation?: ValidateObjectFunc): Promise<ApiObject> {
    if ((obj.metadata.name ?? '') !== name) throw newBadRequest('name in URL does not match name in Binding object');
    return this.binder.bind(ctx, name, obj, createValidation);
  }
}

/** The legacy `bindings` collection: POST a Binding named as the pod (create is its only verb). */
export class LegacyBindingREST extends BindingStorage implements Creater, SingularNameProvider {
  /** `binding`. */
  getSingularName(): string {
    return 'binding';
  }

  /** Binds the pod the Binding names. */
  create(ctx: RequestContext, obj: ApiObject, createValidation?: ValidateObjectFunc): Promise<ApiObject> {
    return this.binder.bind(ctx, obj.metadata.name ?? '', obj, createValidation);
  }
}
