/**
 * The `scale` subresource of workloads (pkg/registry/apps/{deployment,replicaset}/storage `ScaleREST`):
 * an autoscaling/v1 Scale view whose updates change only `spec.replicas` of the parent, with the Scale's
 * resourceVersion as the optimistic-concurrency precondition (409 on mismatch).
 * @module
 */
import type {
  ApiObject,
  Getter,
  GroupVersionKindProvider,
  RequestContext,
  Store,
  UpdatedObjectInfo,
  Updater,
  UpdateResult,
  ValidateObjectFunc,
  ValidateObjectUpdateFunc,
} from '@apiserver/registry';
import {
  fieldInvalid,
  type GetOptions,
  type GroupVersion,
  type GroupVersionKind,
  isNotFound,
  newBadRequest,
  newInvalid,
  newNotFound,
  newPath,
  type QualifiedResource,
  type UpdateOptions,
} from '@apiserver/runtime';
import { ensureRecord, isInteger, recordAt } from '../../core/pod/object-fields.js';
import { NEGATIVE_ERROR_MSG, selectorString } from '../replicaset/workload-validation.js';

const SCALE_GVK: GroupVersionKind = { group: 'autoscaling', version: 'v1', kind: 'Scale' };

/** The autoscaling/v1 Scale of a workload (`scaleFromDeployment` / `scaleFromReplicaSet`). */
export function scaleFromWorkload(obj: ApiObject): ApiObject {
  const selector = selectorString(recordAt(obj, 'spec')?.selector);
  if (selector === undefined) throw newBadRequest('invalid label selector');
  const m = obj.metadata;
  const replicas = recordAt(obj, 'spec')?.replicas;
  const statusReplicas = recordAt(obj, 'status')?.replicas;
  return {
    apiVersion: 'autoscaling/v1',
    kind: 'Scale',
    metadata: {
      name: m.name,
      namespace: m.namespace,
      uid: m.uid,
      resourceVersion: m.resourceVersion,
      creationTimestamp: m.creationTimestamp,
    },
    spec: { replicas: isInteger(replicas) ? replicas : 0 },
    status: { replicas: isInteger(statusReplicas) ? statusReplicas : 0, selector },
  };
}

function validateScale(scale: ApiObject): void {
  const replicas = recordAt(scale, 'spec')?.replicas ?? 0;
  if (!isInteger(replicas) || replicas < 0) {
    throw newInvalid({ group: 'autoscaling', kind: 'Scale' }, scale.metadata.name ?? '', [
      fieldInvalid(newPath('spec', 'replicas'), replicas, NEGATIVE_ERROR_MSG),
    ]);
  }
}

/** GET/PUT/PATCH of a workload's Scale. */
export class ScaleREST implements Getter, Updater, GroupVersionKindProvider {
  readonly #store: Store;
  readonly #resource: QualifiedResource;

  /** `store` holds the workloads; `resource` names the subresource in 404s (`deployments.apps/scale`). */
  constructor(store: Store, resource: QualifiedResource) {
    this.#store = store;
    this.#resource = resource;
  }

  /** A new empty Scale. */
  newObject(): ApiObject {
    return { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: {} };
  }

  /** Nothing to release. */
  destroy(): void {}

  /** Scales are namespaced like their workloads. */
  namespaceScoped(): boolean {
    return this.#store.namespaceScoped();
  }

  /** Routes and discovery name autoscaling/v1 Scale. */
  groupVersionKind(_containingGV: GroupVersion): GroupVersionKind {
    return { ...SCALE_GVK };
  }

  /** The Scale of workload `name` (404 names the scale subresource). */
  async get(ctx: RequestContext, name: string, options?: GetOptions): Promise<ApiObject> {
    return scaleFromWorkload(await this.#notFoundAsScale(name, () => this.#store.get(ctx, name, options)));
  }

  /** Applies a new Scale: validates it, sets the parent's `spec.replicas`, returns the resulting Scale. */
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
        if (old === undefined) throw newNotFound(this.#resource, name);
        const scale = await objInfo.updatedObject(c, scaleFromWorkload(old));
        validateScale(scale);
        const obj = structuredClone(old);
        ensureRecord(obj, 'spec').replicas = recordAt(scale, 'spec')?.replicas ?? 0;
        const rv = scale.metadata.resourceVersion;
        if (rv === undefined || rv === '') delete obj.metadata.resourceVersion;
        else obj.metadata.resourceVersion = rv;
        return obj;
      },
    };
    const toScaleCreate: ValidateObjectFunc | undefined = createValidation && ((c, o) => createValidation(c, scaleFromWorkload(o)));
    const toScaleUpdate: ValidateObjectUpdateFunc | undefined =
      updateValidation && ((c, o, old) => updateValidation(c, scaleFromWorkload(o), scaleFromWorkload(old)));
    const result = await this.#notFoundAsScale(name, () =>
      this.#store.update(ctx, name, info, toScaleCreate, toScaleUpdate, false, options),
    );
    return { object: scaleFromWorkload(result.object), created: false };
  }

  async #notFoundAsScale<T>(name: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw isNotFound(err) ? newNotFound(this.#resource, name) : err;
    }
  }
}
