/**
 * `<plural>/scale` of a custom resource (`customresource.ScaleREST`): an autoscaling/v1 Scale read
 * from and written to the CRD's `specReplicasPath`, `statusReplicasPath` and `labelSelectorPath`,
 * the Scale's resourceVersion being the precondition of the write.
 *
 * @module
 */
import type {
  ApiObject,
  Getter,
  GroupVersionKindProvider,
  RequestContext,
  UpdatedObjectInfo,
  Updater,
  UpdateResult,
  ValidateObjectFunc,
  ValidateObjectUpdateFunc,
} from '@apiserver/registry';
import { fieldInvalid, type GetOptions, type GroupVersionKind, newInvalid, newNotFound, newPath, type UpdateOptions } from '@apiserver/runtime';
import type { CustomResourceSubresourceScale } from '../apis/types.js';
import type { CustomResourceStore } from './cr-store.js';
import { setAtJSONPath, valueAtJSONPath } from './json-path.js';

const SCALE_GVK: GroupVersionKind = { group: 'autoscaling', version: 'v1', kind: 'Scale' };

function integerAt(obj: ApiObject, path: string): number {
  const v = valueAtJSONPath(obj, path);
  return Number.isInteger(v) ? (v as number) : 0;
}

/** GET/PUT/PATCH of a custom resource's Scale. */
export class CustomResourceScaleREST implements Getter, Updater, GroupVersionKindProvider {
  readonly #store: CustomResourceStore;
  readonly #paths: CustomResourceSubresourceScale;

  /** Reads and writes `store`'s objects at the CRD's scale paths. */
  constructor(store: CustomResourceStore, paths: CustomResourceSubresourceScale) {
    this.#store = store;
    this.#paths = paths;
  }

  /** A new empty Scale. */
  newObject(): ApiObject {
    return { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: {} };
  }

  /** Nothing to release. */
  destroy(): void {}

  /** Scoped like the custom resource. */
  namespaceScoped(): boolean {
    return this.#store.namespaceScoped();
  }

  /** Routes and discovery name autoscaling/v1 Scale. */
  groupVersionKind(): GroupVersionKind {
    return { ...SCALE_GVK };
  }

  /** The Scale view of an object. */
  scaleOf(obj: ApiObject): ApiObject {
    const m = obj.metadata;
    const selector = this.#paths.labelSelectorPath === undefined ? undefined : valueAtJSONPath(obj, this.#paths.labelSelectorPath);
    return {
      apiVersion: 'autoscaling/v1',
      kind: 'Scale',
      metadata: { name: m.name, namespace: m.namespace, uid: m.uid, resourceVersion: m.resourceVersion, creationTimestamp: m.creationTimestamp },
      spec: { replicas: integerAt(obj, this.#paths.specReplicasPath) },
      status: { replicas: integerAt(obj, this.#paths.statusReplicasPath), ...(typeof selector === 'string' ? { selector } : {}) },
    };
  }

  /** The Scale of object `name`. */
  async get(ctx: RequestContext, name: string, options?: GetOptions): Promise<ApiObject> {
    return this.scaleOf(await this.#store.get(ctx, name, options));
  }

  /** Writes the Scale's `spec.replicas` to the object. */
  async update(
    ctx: RequestContext,
    name: string,
    objInfo: UpdatedObjectInfo,
    _createValidation: ValidateObjectFunc | undefined,
    updateValidation: ValidateObjectUpdateFunc | undefined,
    _forceAllowCreate: boolean,
    options?: UpdateOptions,
  ): Promise<UpdateResult> {
    const info: UpdatedObjectInfo = {
      preconditions: () => objInfo.preconditions(),
      updatedObject: async (c, old) => {
        if (old === undefined) throw newNotFound({ group: 'autoscaling', resource: 'scale' }, name);
        const scale = await objInfo.updatedObject(c, this.scaleOf(old));
        const replicas = (scale.spec as { replicas?: unknown } | undefined)?.replicas ?? 0;
        if (!Number.isInteger(replicas) || (replicas as number) < 0) {
          throw newInvalid({ group: 'autoscaling', kind: 'Scale' }, scale.metadata.name ?? '', [
            fieldInvalid(newPath('spec', 'replicas'), replicas, 'must be greater than or equal to 0'),
          ]);
        }
        const obj = structuredClone(old);
        setAtJSONPath(obj, this.#paths.specReplicasPath, replicas);
        const rv = scale.metadata.resourceVersion;
        if (rv === undefined || rv === '') delete obj.metadata.resourceVersion;
        else obj.metadata.resourceVersion = rv;
        return obj;
      },
    };
    const toScale: ValidateObjectUpdateFunc | undefined = updateValidation && ((c, o, old) => updateValidation(c, this.scaleOf(o), this.scaleOf(old)));
    const result = await this.#store.update(ctx, name, info, undefined, toScale, false, options);
    return { object: this.scaleOf(result.object), created: false };
  }
}
