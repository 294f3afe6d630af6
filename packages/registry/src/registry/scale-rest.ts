/**
 * The `scale` subresource (the `ScaleREST` of upstream's deployment, replicaset, statefulset and custom resource
 * registries): an autoscaling/v1 Scale view of the parent whose updates change only the parent's replicas, with the
 * Scale's resourceVersion as the optimistic-concurrency precondition (409 on mismatch). Where the replicas live
 * differs by resource: a {@link ScaleView} says it.
 * @module
 */
import {
  type GetOptions,
  type GroupVersion,
  type GroupVersionKind,
  isNotFound,
  newInternalError,
  newInvalid,
  newNotFound,
  newPath,
  type QualifiedResource,
  type ResourcePathMappings,
  ScaleHandler,
  type UpdateOptions,
  validateNonnegativeField,
} from '@apiserver/runtime';
import { deepCopy } from '@apiserver/storage';
import type { Getter, GroupVersionKindProvider, UpdatedObjectInfo, Updater, UpdateResult } from '../rest/rest.js';
import type { ApiObject, RequestContext, ValidateObjectFunc, ValidateObjectUpdateFunc } from '../rest/types.js';

const SCALE_GVK: GroupVersionKind = { group: 'autoscaling', version: 'v1', kind: 'Scale' };

/** How one resource shows its replicas as a Scale. */
export interface ScaleView {
  /** The Scale of an object (a Status error when the object cannot be shown as one). */
  scaleOf(obj: ApiObject): ApiObject;
  /** Writes a validated replica count into (a copy of) an object. */
  setReplicas(obj: ApiObject, replicas: number): void;
  /**
   * Where the replicas live in each of the resource's group-versions, and the group-version this subresource writes
   * (upstream's `ScaleHandler` arguments): with it, a scale write's managedFields are mapped between the parent and
   * the Scale; without it, the parent's managedFields are kept as they are.
   */
  readonly replicasPaths?: { readonly groupVersion: string; readonly mappings: ResourcePathMappings };
}

/** The store a {@link ScaleREST} reads and writes the scaled objects through. */
export interface ScaledStore extends Getter, Updater {
  /** Whether the scaled objects are namespaced. */
  namespaceScoped(): boolean;
}

/** The autoscaling/v1 Scale of an object: its identity, the replicas it asks for and has, and its selector. */
export function newScale(obj: ApiObject, specReplicas: number, statusReplicas: number, selector?: string): ApiObject {
  const m = obj.metadata;
  return {
    apiVersion: 'autoscaling/v1',
    kind: 'Scale',
    metadata: { name: m.name, namespace: m.namespace, uid: m.uid, resourceVersion: m.resourceVersion, creationTimestamp: m.creationTimestamp },
    spec: { replicas: specReplicas },
    status: { replicas: statusReplicas, ...(selector !== undefined && { selector }) },
  };
}

/** Sets (or, for none, removes) an object's managedFields. */
function setManagedFields(obj: ApiObject, entries: ApiObject['metadata']['managedFields']): void {
  if (entries === undefined) delete obj.metadata.managedFields;
  else obj.metadata.managedFields = entries;
}

/** The replicas a Scale asks for; 422 for a negative or fractional count (ValidateScale). */
function validatedReplicas(scale: ApiObject): number {
  const replicas = (scale['spec'] as { replicas?: unknown } | undefined)?.replicas ?? 0;
  const errs = validateNonnegativeField(replicas, newPath('spec', 'replicas'));
  if (errs.length > 0) throw newInvalid({ group: 'autoscaling', kind: 'Scale' }, scale.metadata.name ?? '', errs);
  return replicas as number;
}

/** GET/PUT/PATCH of the Scale of a store's objects. */
export class ScaleREST implements Getter, Updater, GroupVersionKindProvider {
  readonly #store: ScaledStore;
  readonly #view: ScaleView;
  readonly #notFound: QualifiedResource | undefined;

  /**
   * Scales `store`'s objects as `view` shows them. `notFound` names the subresource in the 404 of a missing parent
   * (`deployments.apps/scale`, as the workload registries answer); without it the store's own 404 is answered, as
   * for custom resources.
   */
  constructor(store: ScaledStore, view: ScaleView, notFound?: QualifiedResource) {
    this.#store = store;
    this.#view = view;
    this.#notFound = notFound;
  }

  /** A new empty Scale. */
  newObject(): ApiObject {
    return { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: {} };
  }

  /** Nothing to release. */
  destroy(): void {}

  /** Scoped like the scaled objects. */
  namespaceScoped(): boolean {
    return this.#store.namespaceScoped();
  }

  /** Routes and discovery name autoscaling/v1 Scale, whatever the containing group version. */
  groupVersionKind(_containingGV?: GroupVersion): GroupVersionKind {
    return { ...SCALE_GVK };
  }

  /** The Scale view of an object. */
  scaleOf(obj: ApiObject): ApiObject {
    return this.#view.scaleOf(obj);
  }

  /** The Scale of object `name`. */
  async get(ctx: RequestContext, name: string, options?: GetOptions): Promise<ApiObject> {
    return this.scaleOf(await this.#parentNotFound(name, () => this.#store.get(ctx, name, options)));
  }

  /** Applies a new Scale: validates it, sets the parent's replicas, returns the resulting Scale. */
  async update(
    ctx: RequestContext,
    name: string,
    objInfo: UpdatedObjectInfo,
    createValidation: ValidateObjectFunc | undefined,
    updateValidation: ValidateObjectUpdateFunc | undefined,
    _forceAllowCreate: boolean,
    options?: UpdateOptions,
  ): Promise<UpdateResult> {
    const info: UpdatedObjectInfo = {
      preconditions: () => objInfo.preconditions(),
      updatedObject: async (c, old) => {
        if (old === undefined) throw newNotFound(this.#notFound ?? { group: 'autoscaling', resource: 'scale' }, name);
        const handler = this.#managedFieldsHandler(old);
        const oldScale = this.scaleOf(old);
        const scaleEntries = handler?.toSubresource();
        if (scaleEntries !== undefined) oldScale.metadata.managedFields = scaleEntries;
        const scale = await objInfo.updatedObject(c, oldScale);
        const obj = deepCopy(old);
        this.#view.setReplicas(obj, validatedReplicas(scale));
        const rv = scale.metadata.resourceVersion;
        if (rv === undefined || rv === '') delete obj.metadata.resourceVersion;
        else obj.metadata.resourceVersion = rv;
        if (handler !== undefined) setManagedFields(obj, handler.toParent(scale.metadata.managedFields));
        return obj;
      },
    };
    const toScaleCreate: ValidateObjectFunc | undefined = createValidation && ((c, o) => createValidation(c, this.scaleOf(o)));
    const toScaleUpdate: ValidateObjectUpdateFunc | undefined =
      updateValidation && ((c, o, old) => updateValidation(c, this.scaleOf(o), this.scaleOf(old)));
    const result = await this.#parentNotFound(name, () => this.#store.update(ctx, name, info, toScaleCreate, toScaleUpdate, false, options));
    return { object: this.scaleOf(result.object), created: false };
  }

  /** The managedFields mapping of a write to `old`'s Scale, when the view says where the replicas live. */
  #managedFieldsHandler(old: ApiObject): ScaleHandler | undefined {
    const paths = this.#view.replicasPaths;
    if (paths === undefined) return undefined;
    try {
      return new ScaleHandler(old.metadata.managedFields, paths.groupVersion, paths.mappings);
    } catch (err) {
      // Undecodable parent entries: upstream's handler fails the write with an internal error.
      throw newInternalError(err instanceof Error ? err : new Error(String(err)));
    }
  }

  async #parentNotFound<T>(name: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw this.#notFound !== undefined && isNotFound(err) ? newNotFound(this.#notFound, name) : err;
    }
  }
}
