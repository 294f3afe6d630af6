/**
 * The `ServiceAccount` admission plugin (plugin/pkg/admission/serviceaccount, on by default in kube-apiserver): a new
 * pod runs as a ServiceAccount that exists (`default` when it names none), gets the API access volume mounted in its
 * containers unless it or its account turns automounting off, and inherits the account's image pull secrets; an
 * account annotated `kubernetes.io/enforce-mountable-secrets: "true"` limits its pods (and ephemeral containers added
 * later) to the secrets it lists. Mirror pods are left unchanged and may reference neither accounts nor secrets.
 * @module
 */
import { goQuote } from '@apiserver/runtime';
import { randomInt } from 'node:crypto';
import type { ApiObject, RequestContext } from '../../rest/types.js';
import { newAdmissionForbidden } from '../forbidden.js';
import type { Attributes, MutationInterface, Operation, ValidationInterface } from '../interfaces.js';
import { isRecord, type JSONRecord, recordAt } from '../../quota/json-record.js';
import {
  enforcesMountableSecrets,
  ephemeralSecretReferenceError,
  projectsServiceAccountToken,
  referencesSecrets,
  secretReferenceError,
} from './service-account-secrets.js';
import { mountServiceAccountToken } from './service-account-token-volume.js';

/** The account of a pod that names none (`DefaultServiceAccountName`). */
export const DEFAULT_SERVICE_ACCOUNT_NAME = 'default';

/** The annotation the kubelet puts on the API copy of a static pod (`MirrorPodAnnotationKey`). */
export const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';

/** How many times `default` is looked up before the pod is refused: the service accounts controller may not have made it yet. */
export const DEFAULT_SERVICE_ACCOUNT_ATTEMPTS = 10;

/** Reads a live ServiceAccount; resolves `undefined` when it does not exist (any other failure rejects). */
export type ServiceAccountLookup = (namespace: string, name: string) => Promise<ApiObject | undefined>;

/** What {@link ServiceAccountAdmission} is built from. */
export interface ServiceAccountAdmissionOptions {
  /** Reads ServiceAccounts (upstream: an informer's lister, then live GETs on a miss). */
  readonly getServiceAccount: ServiceAccountLookup;
  /** The pause between lookups of a missing `default` account, drawn once per pod (default 100–200 ms, as upstream). */
  readonly retryIntervalMillis?: () => number;
  /** Names the API access volume from its prefix (default: the prefix and 5 random characters, `SimpleNameGenerator`). */
  readonly generateName?: (base: string) => string;
}

/** `rand.Int63n(100) + 100` milliseconds. */
function defaultRetryInterval(): number {
  return 100 + randomInt(100);
}

/** The pod of a request this plugin looks at (`shouldIgnore`): core pods proper or their ephemeral containers. */
function podOf(a: Attributes): ApiObject | undefined {
  if (a.resource.group !== '' || a.resource.resource !== 'pods') return undefined;
  if (a.subresource !== '' && a.subresource !== 'ephemeralcontainers') return undefined;
  const pod = a.object;
  if (!isRecord(pod) || (pod.kind !== undefined && pod.kind !== 'Pod')) return undefined;
  return pod;
}

function isMirrorPod(pod: ApiObject): boolean {
  const annotations = pod.metadata?.annotations;
  return annotations !== undefined && annotations !== null && Object.hasOwn(annotations, MIRROR_POD_ANNOTATION);
}

function accountNameOf(spec: JSONRecord): string {
  return typeof spec['serviceAccountName'] === 'string' ? spec['serviceAccountName'] : '';
}

/** `shouldAutomount`: the pod's `automountServiceAccountToken`, else the account's, else true. */
function shouldAutomount(serviceAccount: ApiObject, spec: JSONRecord): boolean {
  if (typeof spec['automountServiceAccountToken'] === 'boolean') return spec['automountServiceAccountToken'];
  if (typeof serviceAccount['automountServiceAccountToken'] === 'boolean') return serviceAccount['automountServiceAccountToken'];
  return true;
}

/** A pod without image pull secrets gets its account's (their names only). */
function inheritImagePullSecrets(serviceAccount: ApiObject, spec: JSONRecord): void {
  if (Array.isArray(spec['imagePullSecrets']) && spec['imagePullSecrets'].length > 0) return;
  const secrets = Array.isArray(serviceAccount['imagePullSecrets']) ? serviceAccount['imagePullSecrets'] : [];
  if (secrets.length === 0) return;
  spec['imagePullSecrets'] = secrets.map((s: unknown) => ({ name: isRecord(s) && typeof s['name'] === 'string' ? s['name'] : '' }));
}

/** Mirror pods' limits: no account, no secret, no projected token. */
function validateMirrorPod(a: Attributes, spec: JSONRecord): void {
  if (accountNameOf(spec) !== '') throw newAdmissionForbidden(a, 'a mirror pod may not reference service accounts');
  if (referencesSecrets(spec)) throw newAdmissionForbidden(a, 'a mirror pod may not reference secrets');
  if (projectsServiceAccountToken(spec)) throw newAdmissionForbidden(a, 'a mirror pod may not use ServiceAccountToken volume projections');
}

/** Defaults, checks and mounts a new pod's ServiceAccount (pod CREATE; the ephemeral containers' secrets on UPDATE). */
export class ServiceAccountAdmission implements MutationInterface, ValidationInterface {
  /** The plugin's registered name. */
  readonly name = 'ServiceAccount';
  readonly #lookup: ServiceAccountLookup;
  readonly #retryInterval: () => number;
  readonly #generateName: ((base: string) => string) | undefined;

  /** Creates the plugin over a ServiceAccount lookup. */
  constructor(options: ServiceAccountAdmissionOptions) {
    this.#lookup = options.getServiceAccount;
    this.#retryInterval = options.retryIntervalMillis ?? defaultRetryInterval;
    this.#generateName = options.generateName;
  }

  /** Handles CREATE and UPDATE. */
  handles(operation: Operation): boolean {
    return operation === 'CREATE' || operation === 'UPDATE';
  }

  /** A new pod: `serviceAccountName` defaulted, the account looked up, the API access volume mounted, pull secrets inherited. */
  async admit(ctx: RequestContext, a: Attributes): Promise<void> {
    const pod = podOf(a);
    if (pod === undefined || a.operation !== 'CREATE') return;
    // A mirror pod is the kubelet's copy of a static pod: changing its spec would make the kubelet delete it.
    if (isMirrorPod(pod)) return this.validate(ctx, a);
    if (!isRecord(pod['spec'])) pod['spec'] = {};
    const spec = pod['spec'] as JSONRecord;
    if (accountNameOf(spec) === '') spec['serviceAccountName'] = DEFAULT_SERVICE_ACCOUNT_NAME;
    const serviceAccount = await this.#serviceAccountOf(a, accountNameOf(spec));
    if (shouldAutomount(serviceAccount, spec)) mountServiceAccountToken(spec, this.#generateName);
    inheritImagePullSecrets(serviceAccount, spec);
    return this.validate(ctx, a);
  }

  /** A new pod's account exists and allows its secrets (mirror pods: none); ephemeral containers' secrets on UPDATE. */
  async validate(_ctx: RequestContext, a: Attributes): Promise<void> {
    const pod = podOf(a);
    if (pod === undefined) return;
    const spec = recordAt(pod, 'spec');
    if (a.operation === 'UPDATE' && a.subresource === 'ephemeralcontainers') return this.#validateSecrets(a, pod, ephemeralSecretReferenceError);
    if (a.operation !== 'CREATE') return;
    if (isMirrorPod(pod)) return validateMirrorPod(a, spec);
    return this.#validateSecrets(a, pod, secretReferenceError);
  }

  /** The pod's account must be named and exist; when it enforces mountable secrets, `check` must find nothing. */
  async #validateSecrets(a: Attributes, pod: ApiObject, check: (serviceAccount: ApiObject, spec: JSONRecord) => string | undefined): Promise<void> {
    const spec = recordAt(pod, 'spec');
    const name = accountNameOf(spec);
    if (name === '') throw newAdmissionForbidden(a, `no service account specified for pod ${a.namespace}/${pod.metadata?.name ?? ''}`);
    const serviceAccount = await this.#serviceAccountOf(a, name);
    if (!enforcesMountableSecrets(serviceAccount)) return;
    const err = check(serviceAccount, spec);
    if (err !== undefined) throw newAdmissionForbidden(a, err);
  }

  /** The account, or a 403 `error looking up service account <ns>/<name>: …` when it is missing or cannot be read. */
  async #serviceAccountOf(a: Attributes, name: string): Promise<ApiObject> {
    try {
      return await this.#getServiceAccount(a.namespace, name);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw newAdmissionForbidden(a, `error looking up service account ${a.namespace}/${name}: ${reason}`);
    }
  }

  /** `getServiceAccount`: one lookup, or up to ten for `default`, one interval apart. */
  async #getServiceAccount(namespace: string, name: string): Promise<ApiObject> {
    const attempts = name === DEFAULT_SERVICE_ACCOUNT_NAME ? DEFAULT_SERVICE_ACCOUNT_ATTEMPTS : 1;
    let interval: number | undefined;
    for (let i = 0; i < attempts; i++) {
      if (i !== 0) {
        interval ??= this.#retryInterval();
        await new Promise((resolve) => setTimeout(resolve, interval));
      }
      const serviceAccount = await this.#lookup(namespace, name);
      if (serviceAccount !== undefined) return serviceAccount;
    }
    // The text of `errors.NewNotFound(api.Resource("serviceaccount"), name)`.
    throw new Error(`serviceaccount ${goQuote(name)} not found`);
  }
}
