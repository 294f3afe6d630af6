/**
 * The secret checks of the `ServiceAccount` admission plugin (plugin/pkg/admission/serviceaccount): the secrets a pod
 * may reference when its ServiceAccount enforces mountable secrets (`limitSecretReferences`,
 * `limitEphemeralContainerSecretReferences`), and whether a mirror pod references any secret at all
 * (`podutil.VisitPodSecretNames` over every container).
 * @module
 */
import type { ApiObject } from '../../rest/types.js';
import { isRecord, type JSONRecord, recordAt } from '../../quota/json-record.js';

/** The annotation by which a ServiceAccount limits its pods to the secrets it lists (`EnforceMountableSecretsAnnotation`). */
export const ENFORCE_MOUNTABLE_SECRETS_ANNOTATION = 'kubernetes.io/enforce-mountable-secrets';

function records(v: unknown): JSONRecord[] {
  return Array.isArray(v) ? v.filter(isRecord) : [];
}

function nameOf(v: unknown, key = 'name'): string {
  return isRecord(v) && typeof v[key] === 'string' ? v[key] : '';
}

/** Go's `strconv.ParseBool` true values; anything it cannot parse is false, as upstream ignores the error. */
const TRUE_VALUES = new Set(['1', 't', 'T', 'TRUE', 'true', 'True']);

/** Whether the ServiceAccount enforces mountable secrets (`enforceMountableSecrets`, with `LimitSecretReferences` off). */
export function enforcesMountableSecrets(serviceAccount: ApiObject): boolean {
  const value = serviceAccount.metadata.annotations?.[ENFORCE_MOUNTABLE_SECRETS_ANNOTATION];
  return value !== undefined && TRUE_VALUES.has(value);
}

/** The first env or envFrom secret of `container` that `allowed` lacks, as upstream's message; undefined when none. */
function containerEnvError(container: JSONRecord, what: string, allowed: ReadonlySet<string>, account: string): string | undefined {
  const name = nameOf(container);
  for (const env of records(container['env'])) {
    const ref = recordAt(env, 'valueFrom')['secretKeyRef'];
    if (!isRecord(ref) || allowed.has(nameOf(ref))) continue;
    return `${what} ${name} with envVar ${nameOf(env)} referencing secret.secretName="${nameOf(ref)}" is not allowed because service account ${account} does not reference that secret`;
  }
  for (const envFrom of records(container['envFrom'])) {
    if (!isRecord(envFrom['secretRef']) || allowed.has(nameOf(envFrom['secretRef']))) continue;
    return `${what} ${name} with envFrom referencing secret.secretName="${nameOf(envFrom['secretRef'])}" is not allowed because service account ${account} does not reference that secret`;
  }
  return undefined;
}

function mountableSecrets(serviceAccount: ApiObject): Set<string> {
  return new Set(records(serviceAccount['secrets']).map((s) => nameOf(s)));
}

/**
 * `limitSecretReferences`: the first secret volume, init container or container env secret, or image pull secret of
 * the pod spec that the ServiceAccount does not list, as upstream's message; undefined when all are listed.
 */
export function secretReferenceError(serviceAccount: ApiObject, spec: JSONRecord): string | undefined {
  const account = serviceAccount.metadata.name ?? '';
  const allowed = mountableSecrets(serviceAccount);
  for (const volume of records(spec['volumes'])) {
    if (!isRecord(volume['secret'])) continue;
    const secret = nameOf(volume['secret'], 'secretName');
    if (!allowed.has(secret)) return `volume with secret.secretName="${secret}" is not allowed because service account ${account} does not reference that secret`;
  }
  for (const [list, what] of [['initContainers', 'init container'], ['containers', 'container']] as const) {
    for (const container of records(spec[list])) {
      const err = containerEnvError(container, what, allowed, account);
      if (err !== undefined) return err;
    }
  }
  const pullSecrets = new Set(records(serviceAccount['imagePullSecrets']).map((s) => nameOf(s)));
  const refs = Array.isArray(spec['imagePullSecrets']) ? spec['imagePullSecrets'] : [];
  for (const [i, ref] of refs.entries()) {
    if (!pullSecrets.has(nameOf(ref))) return `imagePullSecrets[${i}].name="${nameOf(ref)}" is not allowed because service account ${account} does not reference that imagePullSecret`;
  }
  return undefined;
}

/** `limitEphemeralContainerSecretReferences`' check: the first ephemeral container env secret the ServiceAccount does not list. */
export function ephemeralSecretReferenceError(serviceAccount: ApiObject, spec: JSONRecord): string | undefined {
  const account = serviceAccount.metadata.name ?? '';
  const allowed = mountableSecrets(serviceAccount);
  for (const container of records(spec['ephemeralContainers'])) {
    const err = containerEnvError(container, 'ephemeral container', allowed, account);
    if (err !== undefined) return err;
  }
  return undefined;
}

/**
 * Where each volume source keeps its secret's name, in the order of `VisitPodSecretNames`' switch: only a volume's
 * first source in this order is looked at.
 */
const VOLUME_SECRET_NAMES: readonly (readonly [source: string, secretNames: (source: JSONRecord) => string[]])[] = [
  ['azureFile', (s) => [nameOf(s, 'secretName')]],
  ['cephfs', (s) => [nameOf(s['secretRef'])]],
  ['cinder', (s) => [nameOf(s['secretRef'])]],
  ['flexVolume', (s) => [nameOf(s['secretRef'])]],
  ['projected', (s) => records(s['sources']).map((p) => nameOf(p['secret']))],
  ['rbd', (s) => [nameOf(s['secretRef'])]],
  ['secret', (s) => [nameOf(s, 'secretName')]],
  ['scaleIO', (s) => [nameOf(s['secretRef'])]],
  ['iscsi', (s) => [nameOf(s['secretRef'])]],
  ['storageos', (s) => [nameOf(s['secretRef'])]],
  ['csi', (s) => [nameOf(s['nodePublishSecretRef'])]],
];

function volumeSecretNames(volume: JSONRecord): string[] {
  for (const [key, secretNames] of VOLUME_SECRET_NAMES) {
    const source = volume[key];
    if (isRecord(source)) return secretNames(source);
  }
  return [];
}

function containerSecretNames(container: JSONRecord): string[] {
  const fromEnv = records(container['envFrom']).map((e) => nameOf(e['secretRef']));
  const env = records(container['env']).map((e) => nameOf(recordAt(e, 'valueFrom')['secretKeyRef']));
  return [...fromEnv, ...env];
}

/** Whether the pod spec names a secret anywhere `VisitPodSecretNames` looks (empty names are skipped, as upstream's visitor). */
export function referencesSecrets(spec: JSONRecord): boolean {
  const names = [
    ...records(spec['imagePullSecrets']).map((r) => nameOf(r)),
    ...['initContainers', 'containers', 'ephemeralContainers'].flatMap((list) => records(spec[list]).flatMap(containerSecretNames)),
    ...records(spec['volumes']).flatMap(volumeSecretNames),
  ];
  return names.some((n) => n !== '');
}

/** Whether a volume of the pod spec projects a ServiceAccount token. */
export function projectsServiceAccountToken(spec: JSONRecord): boolean {
  return records(spec['volumes']).some((v) => records(recordAt(v, 'projected')['sources']).some((s) => isRecord(s['serviceAccountToken'])));
}
