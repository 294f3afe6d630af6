/**
 * Install-time checks the API installer makes on a storage map entry, with upstream's error texts
 * (pkg/endpoints/installer.go `registerResourceHandlers`, `splitSubresource`).
 * @module
 */
import { goQuote } from '@apiserver/runtime';
import { type Capabilities, capabilitiesOf, isScoper } from './capabilities.js';
import type { Scoper, Storage } from './rest.js';

/** A storage map entry that cannot be installed (upstream returns these as plain errors from `Install`). */
export class StorageInstallError extends Error {
  /** The storage path (`pods`, `pods/status`). */
  readonly path: string;
  /** Creates the error for `path` with upstream's message. */
  constructor(path: string, message: string) {
    super(message);
    this.name = 'StorageInstallError';
    this.path = path;
  }
}

/** A storage path split into resource and subresource. */
export interface StoragePath {
  /** The resource (`pods`). */
  resource: string;
  /** The subresource ("" when none). */
  subresource: string;
}

/** Splits `resource` or `resource/subresource`; more segments are an install error. */
export function splitSubresource(path: string): StoragePath {
  const parts = path.split('/');
  if (parts.length === 1) return { resource: path, subresource: '' };
  if (parts.length === 2) return { resource: parts[0] ?? '', subresource: parts[1] ?? '' };
  throw new StorageInstallError(path, 'api_installer allows only one or two segment paths (resource or resource/subresource)');
}

/** A storage checked for installation: its capabilities, path parts and the scoper deciding its scope. */
export interface ValidatedStorage {
  /** The storage path. */
  path: string;
  /** Resource and subresource. */
  parts: StoragePath;
  /** The storage's capabilities. */
  capabilities: Capabilities;
  /** The scoper (the parent's for subresources). */
  scoper: Scoper;
  /** Whether routes are namespaced. */
  namespaced: boolean;
}

/**
 * Checks one entry of a storage map as the installer does: path shape, Scoper (the parent's for a
 * subresource), SingularNameProvider for non-subresources, and TableConvertor for listers.
 */
export function validateStorageForInstall(path: string, storage: Storage, storageMap: ReadonlyMap<string, Storage>): ValidatedStorage {
  const parts = splitSubresource(path);
  let scoperSource: Storage = storage;
  if (parts.subresource !== '') {
    const parent = storageMap.get(parts.resource);
    if (parent === undefined) throw new StorageInstallError(path, `missing parent storage: ${goQuote(parts.resource)}`);
    scoperSource = parent;
  }
  if (!isScoper(scoperSource)) throw new StorageInstallError(path, `${goQuote(parts.resource)} must implement scoper`);
  const capabilities = capabilitiesOf(storage);
  if (capabilities.lister !== undefined && capabilities.tableConvertor === undefined) {
    throw new StorageInstallError(path, `${goQuote(parts.resource)} must implement TableConvertor`);
  }
  if (parts.subresource === '' && capabilities.singularNameProvider === undefined) {
    throw new StorageInstallError(path, `resource ${parts.resource} must implement SingularNameProvider`);
  }
  return { path, parts, capabilities, scoper: scoperSource, namespaced: scoperSource.namespaceScoped() };
}
