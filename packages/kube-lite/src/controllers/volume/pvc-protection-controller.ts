/**
 * The pvc-protection controller (pkg/controller/volume/pvcprotection, run by kube-controller-manager): a claim being
 * deleted keeps its `kubernetes.io/pvc-protection` finalizer while a scheduled pod of its namespace uses it, and loses
 * it once none does; a claim not being deleted that lacks the finalizer (made before the admission plugin ran) gets
 * it. Claims are looked at when they change and when a pod that may have stopped using them changes or goes away.
 * @module
 */
import { type ApiObject, type Getter, type Lister, PVC_PROTECTION_FINALIZER, type RequestContext, type Updater, type Watcher } from '@apiserver/registry';
import { isNotFound } from '@apiserver/runtime';
import { recordAt, stringAt } from '../../object-fields.js';
import { ControllerRun, RunController } from '../controller-run.js';
import { type ListWatchEventType, ListWatcher, listWatchOptionsOf } from '../list-watch.js';
import { type RetryOptions, RetryQueue } from '../retry-queue.js';
import { claimNamesOf, isPodTerminated, podUsesClaim } from './pod-volumes.js';
import { addFinalizer, isDeletionCandidate, needToAddFinalizer, removeFinalizer } from './protection-util.js';

/** Options of the PVCProtectionController. */
export interface PVCProtectionControllerOptions {
  /** The `persistentvolumeclaims` resource. */
  readonly claims: Getter & Lister & Watcher & Updater;
  /** The `pods` resource. */
  readonly pods: Lister & Watcher;
  /** Re-list every this many ms (default 300 000). */
  readonly resyncIntervalMs?: number;
  /** Backoff of failed syncs (a conflicting update among them) and of re-watching. */
  readonly retry?: RetryOptions;
  /** Called with every failure, with the claim's `namespace/name` key (the controller keeps running). */
  readonly onError?: (err: unknown, key: string | undefined) => void;
}

/** Removes the protection finalizer of claims no pod uses any more; `start()` / `stop()`. */
export class PVCProtectionController extends RunController {
  readonly #o: PVCProtectionControllerOptions;
  readonly #queue: RetryQueue;
  protected readonly run: ControllerRun;

  /** Creates a stopped controller. */
  constructor(options: PVCProtectionControllerOptions) {
    super();
    this.#o = options;
    this.#queue = new RetryQueue((key) => this.syncClaim(key), (key, err) => options.onError?.(err, key), options.retry);
    const loop = listWatchOptionsOf(options);
    const informers = [new ListWatcher(options.claims, (type, claim) => this.#claimChanged(type, claim), loop), new ListWatcher(options.pods, (type, pod) => this.#podChanged(type, pod), loop)];
    this.run = new ControllerRun(informers, [this.#queue]);
  }

  #claimChanged(type: ListWatchEventType, claim: ApiObject): void {
    if (type === 'DELETED') return;
    if (needToAddFinalizer(claim, PVC_PROTECTION_FINALIZER) || isDeletionCandidate(claim, PVC_PROTECTION_FINALIZER)) {
      this.#queue.add(`${claim.metadata.namespace ?? ''}/${claim.metadata.name ?? ''}`);
    }
  }

  /** Queues the claims of a pod that may have stopped using them: deleted, terminated or not (yet) scheduled. */
  #podChanged(type: ListWatchEventType, pod: ApiObject): void {
    const scheduled = stringAt(recordAt(pod, 'spec'), 'nodeName') !== '';
    if (type !== 'DELETED' && scheduled && !isPodTerminated(pod)) return;
    const namespace = pod.metadata.namespace ?? '';
    for (const name of claimNamesOf(pod)) this.#queue.add(`${namespace}/${name}`);
  }

  /** Adds or removes the finalizer of the claim `namespace/name` as it needs. */
  async syncClaim(key: string): Promise<void> {
    const slash = key.indexOf('/');
    const ctx: RequestContext = { namespace: key.slice(0, slash) };
    let claim: ApiObject;
    try {
      claim = await this.#o.claims.get(ctx, key.slice(slash + 1));
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    if (isDeletionCandidate(claim, PVC_PROTECTION_FINALIZER)) {
      if (!(await this.isBeingUsed(claim))) return removeFinalizer(this.#o.claims, claim, PVC_PROTECTION_FINALIZER);
    }
    if (needToAddFinalizer(claim, PVC_PROTECTION_FINALIZER)) await addFinalizer(this.#o.claims, claim, PVC_PROTECTION_FINALIZER);
  }

  /** Whether a pod of the claim's namespace, listed now, uses `claim`. */
  async isBeingUsed(claim: ApiObject): Promise<boolean> {
    const pods = await this.#o.pods.list({ namespace: claim.metadata.namespace ?? '' }, {});
    return pods.items.some((pod) => podUsesClaim(pod, claim));
  }
}
