/**
 * Everything the installer derives from one storage map entry, once: capabilities (registry's
 * `capabilitiesOf`), scope (`scopeOf`), the served kind and the planning booleans.
 */
import {
  type Capabilities,
  type Storage,
  StorageInstallError,
  type StoragePath,
  validateStorageForInstall,
} from '@apiserver/registry';
import type { GroupVersion, GroupVersionKind } from '@apiserver/runtime';
import type { ActionCapabilities } from './plan-actions.js';
import { type ResourceScope, scopeOf } from './scope.js';

/** One storage path ready to be planned and installed. */
export interface ResourceInfo {
  /** Storage path (`pods`, `pods/status`). */
  readonly path: string;
  /** Resource and subresource. */
  readonly parts: StoragePath;
  /** The storage's capabilities. */
  readonly caps: Capabilities;
  /** Scope (the parent's for subresources). */
  readonly scope: ResourceScope;
  /** Kind of the objects served (GroupVersionKindProvider, else the storage's `newObject().kind`). */
  readonly gvk: GroupVersionKind;
  /** Kind used in docs and operation IDs (the parent's kind for subresources). */
  readonly docKind: string;
  /** Planning booleans. */
  readonly planning: ActionCapabilities;
}

function kindOf(path: string, storage: Storage): string {
  const kind = storage.newObject().kind;
  if (typeof kind !== 'string' || kind === '') {
    throw new StorageInstallError(path, `unable to determine the kind of ${JSON.stringify(path)}: newObject() has no kind`);
  }
  return kind;
}

/** The planning booleans of a storage's capabilities. */
export function planningOf(caps: Capabilities): ActionCapabilities {
  const getOptions = caps.getterWithOptions?.newGetOptions();
  const connectOptions = caps.connecter?.newConnectOptions();
  return {
    lister: caps.lister !== undefined,
    creater: caps.creater !== undefined || caps.namedCreater !== undefined,
    collectionDeleter: caps.collectionDeleter !== undefined,
    watcher: caps.watcher !== undefined,
    getter: caps.getter !== undefined || caps.getterWithOptions !== undefined,
    getSubpath: getOptions?.subpath === true,
    updater: caps.updater !== undefined,
    patcher: caps.patcher !== undefined,
    gracefulDeleter: caps.gracefulDeleter !== undefined,
    connecter: caps.connecter !== undefined,
    connectSubpath: connectOptions?.subpath === true,
  };
}

/** Validates and describes one storage map entry of a group-version. */
export function describeResource(
  path: string,
  storage: Storage,
  storageMap: ReadonlyMap<string, Storage>,
  gv: GroupVersion,
): ResourceInfo {
  const validated = validateStorageForInstall(path, storage, storageMap);
  const caps = validated.capabilities;
  const gvk = caps.groupVersionKindProvider?.groupVersionKind(gv) ?? { ...gv, kind: kindOf(path, storage) };
  const parent = validated.parts.subresource === '' ? undefined : storageMap.get(validated.parts.resource);
  const docKind = parent === undefined ? gvk.kind : kindOf(validated.parts.resource, parent);
  return {
    path,
    parts: validated.parts,
    caps,
    scope: scopeOf(validated.namespaced),
    gvk,
    docKind,
    planning: planningOf(caps),
  };
}
