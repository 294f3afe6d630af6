/**
 * The root CA certificate publisher (pkg/controller/certificates/rootcacertpublisher `Publisher`): every Active
 * namespace gets the config map `kube-root-ca.crt` holding, under `ca.crt`, the CA bundle that verifies the API
 * server, with a `kubernetes.io/description` annotation; a copy that is deleted or changed is written again.
 * Upstream runs it in kube-controller-manager; the projected `kube-api-access-*` volumes of pods read it.
 * @module
 */
import type { ApiObject, Creater, Getter, Lister, RequestContext, Updater, Watcher } from '@apiserver/registry';
import { isAlreadyExists, isNotFound } from '@apiserver/runtime';
import { recordAt, stringAt } from '../../object-fields.js';
import { ControllerRun, RunController } from '../controller-run.js';
import { ListWatcher, listWatchOptionsOf } from '../list-watch.js';
import { activeNamespace, ignoreNotFound, mutatedObjectInfo } from '../object-updates.js';
import { type RetryOptions, RetryQueue } from '../retry-queue.js';

/** The name of the config map every namespace gets. */
export const ROOT_CA_CERT_CONFIG_MAP_NAME = 'kube-root-ca.crt';
/** The annotation describing what the config map is for. */
export const DESCRIPTION_ANNOTATION = 'kubernetes.io/description';
/** Upstream's description, word for word (clients may compare it). */
export const ROOT_CA_CERT_DESCRIPTION =
  'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. ' +
  'No other usage is guaranteed across distributions of Kubernetes clusters.';

/** Options of the RootCACertPublisher. */
export interface RootCACertPublisherOptions {
  /** The `namespaces` resource. */
  readonly namespaces: Getter & Lister & Watcher;
  /** The `configmaps` resource. */
  readonly configMaps: Getter & Creater & Updater & Lister & Watcher;
  /** The PEM bundle to publish (kube-controller-manager's `--root-ca-file`, else its kubeconfig's CA). */
  readonly rootCA: string;
  /** Re-list every this many ms (default 300 000). */
  readonly resyncIntervalMs?: number;
  /** Backoff of failed syncs and of re-watching. */
  readonly retry?: RetryOptions;
  /** Called with every failure (the controller keeps running). */
  readonly onError?: (err: unknown, namespace: string | undefined) => void;
}

/** Whether a config map's `data` is exactly `want` (Go's `reflect.DeepEqual` of two string maps). */
function sameData(data: unknown, want: Record<string, string>): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const have = data as Record<string, unknown>;
  const keys = Object.keys(have);
  return keys.length === Object.keys(want).length && keys.every((k) => have[k] === want[k]);
}

/** Keeps `kube-root-ca.crt` in every Active namespace; `start()` / `stop()`. */
export class RootCACertPublisher extends RunController {
  readonly #o: RootCACertPublisherOptions;
  readonly #queue: RetryQueue;
  protected readonly run: ControllerRun;

  /** Creates a stopped publisher. */
  constructor(options: RootCACertPublisherOptions) {
    super();
    this.#o = options;
    this.#queue = new RetryQueue((ns) => this.syncNamespace(ns), (ns, err) => options.onError?.(err, ns), options.retry);
    const loop = listWatchOptionsOf(options);
    const informers = [
      new ListWatcher(
        options.namespaces,
        (type, ns) => {
          // Upstream queues every added namespace, and updated ones only while Active.
          const active = stringAt(recordAt(ns, 'status'), 'phase') === 'Active';
          if (type === 'LISTED' || type === 'ADDED' || (type === 'MODIFIED' && active)) this.#queue.add(ns.metadata.name ?? '');
        },
        loop,
      ),
      new ListWatcher(
        options.configMaps,
        (type, cm) => {
          if ((type === 'MODIFIED' || type === 'DELETED') && cm.metadata.name === ROOT_CA_CERT_CONFIG_MAP_NAME) this.#queue.add(cm.metadata.namespace ?? '');
        },
        loop,
      ),
    ];
    this.run = new ControllerRun(informers, [this.#queue]);
  }

  /**
   * Creates the config map of namespace `name`, or writes back its data and description when they differ. A namespace
   * that is gone or terminating is left alone (upstream's create is refused there; these writes bypass admission).
   */
  async syncNamespace(name: string): Promise<void> {
    if ((await activeNamespace(this.#o.namespaces, name)) === undefined) return;
    const ctx: RequestContext = { namespace: name };
    const data = { 'ca.crt': this.#o.rootCA };
    const current = await ignoreNotFound(this.#o.configMaps.get(ctx, ROOT_CA_CERT_CONFIG_MAP_NAME));
    if (current === undefined) {
      await this.#create(ctx, name, data);
      return;
    }
    if (sameData(current.data, data) && (current.metadata.annotations?.[DESCRIPTION_ANNOTATION] ?? '') !== '') return;
    await this.#o.configMaps.update(
      ctx,
      ROOT_CA_CERT_CONFIG_MAP_NAME,
      mutatedObjectInfo((cm) => {
        cm.data = { ...data };
        cm.metadata.annotations = { ...cm.metadata.annotations, [DESCRIPTION_ANNOTATION]: ROOT_CA_CERT_DESCRIPTION };
      }),
      undefined,
      undefined,
      false,
    );
  }

  async #create(ctx: RequestContext, namespace: string, data: Record<string, string>): Promise<void> {
    const cm: ApiObject = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: ROOT_CA_CERT_CONFIG_MAP_NAME, namespace, annotations: { [DESCRIPTION_ANNOTATION]: ROOT_CA_CERT_DESCRIPTION } },
      data,
    };
    try {
      await this.#o.configMaps.create(ctx, cm);
    } catch (err) {
      if (!isAlreadyExists(err) && !isNotFound(err)) throw err;
    }
  }
}
