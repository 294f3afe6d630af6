/**
 * The pv-protection controller (pkg/controller/volume/pvprotection, run by kube-controller-manager): a volume being
 * deleted keeps its `kubernetes.io/pv-protection` finalizer while its `status.phase` is `Bound`, and loses it
 * otherwise; a volume not being deleted that lacks the finalizer gets it.
 * @module
 */
import { type ApiObject, type Getter, type Lister, PV_PROTECTION_FINALIZER, type Updater, type Watcher } from '@apiserver/registry';
import { isNotFound } from '@apiserver/runtime';
import { recordAt, stringAt } from '../../object-fields.js';
import { ControllerRun, RunController } from '../controller-run.js';
import { ListWatcher, listWatchOptionsOf } from '../list-watch.js';
import { type RetryOptions, RetryQueue } from '../retry-queue.js';
import { addFinalizer, isDeletionCandidate, needToAddFinalizer, removeFinalizer } from './protection-util.js';

/** Options of the PVProtectionController. */
export interface PVProtectionControllerOptions {
  /** The `persistentvolumes` resource. */
  readonly volumes: Getter & Lister & Watcher & Updater;
  /** Re-list every this many ms (default 300 000). */
  readonly resyncIntervalMs?: number;
  /** Backoff of failed syncs (a conflicting update among them) and of re-watching. */
  readonly retry?: RetryOptions;
  /** Called with every failure, with the volume's name (the controller keeps running). */
  readonly onError?: (err: unknown, name: string | undefined) => void;
}

/** Whether the volume is bound to a claim, as the persistent volume controller records in its status. */
export function isVolumeBound(volume: ApiObject): boolean {
  return stringAt(recordAt(volume, 'status'), 'phase') === 'Bound';
}

/** Removes the protection finalizer of volumes being deleted that are not Bound; `start()` / `stop()`. */
export class PVProtectionController extends RunController {
  readonly #o: PVProtectionControllerOptions;
  readonly #queue: RetryQueue;
  protected readonly run: ControllerRun;

  /** Creates a stopped controller. */
  constructor(options: PVProtectionControllerOptions) {
    super();
    this.#o = options;
    this.#queue = new RetryQueue((name) => this.syncVolume(name), (name, err) => options.onError?.(err, name), options.retry);
    const loop = listWatchOptionsOf(options);
    const informer = new ListWatcher(
      options.volumes,
      (type, volume) => {
        if (type === 'DELETED') return;
        if (needToAddFinalizer(volume, PV_PROTECTION_FINALIZER) || isDeletionCandidate(volume, PV_PROTECTION_FINALIZER)) this.#queue.add(volume.metadata.name ?? '');
      },
      loop,
    );
    this.run = new ControllerRun([informer], [this.#queue]);
  }

  /** Adds or removes the finalizer of the volume `name` as it needs. */
  async syncVolume(name: string): Promise<void> {
    let volume: ApiObject;
    try {
      volume = await this.#o.volumes.get({}, name);
    } catch (err) {
      if (isNotFound(err)) return;
      throw err;
    }
    if (isDeletionCandidate(volume, PV_PROTECTION_FINALIZER) && !isVolumeBound(volume)) return removeFinalizer(this.#o.volumes, volume, PV_PROTECTION_FINALIZER);
    if (needToAddFinalizer(volume, PV_PROTECTION_FINALIZER)) await addFinalizer(this.#o.volumes, volume, PV_PROTECTION_FINALIZER);
  }
}
