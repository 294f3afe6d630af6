/**
 * The API access volume the `ServiceAccount` admission plugin gives a pod (plugin/pkg/admission/serviceaccount
 * `mountServiceAccountToken` and `TokenVolumeSource`): one projected volume named `kube-api-access-<5 random
 * characters>` holding a bound token, the cluster's root CA and the pod's namespace, mounted read-only at
 * `/var/run/secrets/kubernetes.io/serviceaccount` in every init container and container that mounts nothing there.
 * @module
 */
import { generateName } from '@apiserver/runtime';
import { isRecord, type JSONRecord } from '../../quota/json-record.js';

/** The prefix of the API access volume's name (`ServiceAccountVolumeName` + `-`). */
export const SERVICE_ACCOUNT_VOLUME_PREFIX = 'kube-api-access-';

/** Where the token, `ca.crt` and `namespace` files are mounted (`DefaultAPITokenMountPath`). */
export const DEFAULT_API_TOKEN_MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';

/**
 * The lifetime asked for the projected token (`serviceaccount.WarnOnlyBoundTokenExpirationSeconds`, 1 h + 7 s: the
 * extra seconds let the apiserver tell these tokens from others when it extends them for legacy clients).
 */
export const WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS = 3607;

/** `corev1.ProjectedVolumeSourceDefaultMode` (0644), set explicitly as upstream does (kubernetes#104464). */
export const PROJECTED_VOLUME_SOURCE_DEFAULT_MODE = 0o644;

/**
 * A new `projected` volume source of the API access volume (`TokenVolumeSource`), fields in the order of the Go
 * structs: the token, `kube-root-ca.crt`'s `ca.crt` and the namespace from the downward API.
 */
export function tokenVolumeSource(): JSONRecord {
  return {
    sources: [
      { serviceAccountToken: { expirationSeconds: WARN_ONLY_BOUND_TOKEN_EXPIRATION_SECONDS, path: 'token' } },
      { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
      { downwardAPI: { items: [{ path: 'namespace', fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' } }] } },
    ],
    defaultMode: PROJECTED_VOLUME_SOURCE_DEFAULT_MODE,
  };
}

function records(v: unknown): JSONRecord[] {
  return Array.isArray(v) ? v.filter(isRecord) : [];
}

/** Adds `mount` to every container of `list` that mounts nothing at the token path; true when one was added. */
function mountInto(spec: JSONRecord, list: 'initContainers' | 'containers', mount: JSONRecord): boolean {
  let added = false;
  for (const container of records(spec[list])) {
    const mounts = records(container['volumeMounts']);
    if (mounts.some((m) => m['mountPath'] === DEFAULT_API_TOKEN_MOUNT_PATH)) continue;
    container['volumeMounts'] = [...(Array.isArray(container['volumeMounts']) ? container['volumeMounts'] : []), { ...mount }];
    added = true;
  }
  return added;
}

/**
 * Mounts the API access volume in every init container and container of `spec` (`mountServiceAccountToken`): a volume
 * already named `kube-api-access-…` is reused, else one is named with `generate` and added when a container mounts it.
 */
export function mountServiceAccountToken(spec: JSONRecord, generate: (base: string) => string = generateName): void {
  const existing = records(spec['volumes']).find((v) => typeof v['name'] === 'string' && v['name'].startsWith(SERVICE_ACCOUNT_VOLUME_PREFIX));
  const name = existing === undefined ? generate(SERVICE_ACCOUNT_VOLUME_PREFIX) : String(existing['name']);
  const mount = { name, readOnly: true, mountPath: DEFAULT_API_TOKEN_MOUNT_PATH };
  // Init containers first, as upstream; `||` would skip the containers once an init container took the mount.
  const intoInit = mountInto(spec, 'initContainers', mount);
  const intoContainers = mountInto(spec, 'containers', mount);
  if (existing !== undefined || !(intoInit || intoContainers)) return;
  const volumes = Array.isArray(spec['volumes']) ? spec['volumes'] : [];
  spec['volumes'] = [...volumes, { name, projected: tokenVolumeSource() }];
}
