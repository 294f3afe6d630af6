/**
 * The apiextensions controllers in one serial reconcile loop: naming (`NamesAccepted`, accepted
 * names), establishing (`Established`), API approval (`KubernetesAPIApprovalPolicyConformant` for the community's
 * protected groups), serving (the CRD handler's routes), and finalizing
 * (`Terminating`, custom resources deleted, finalizer removed). Every CRD change schedules one
 * pass; a pass that wrote something or must wait for deletions schedules another.
 *
 * @module
 */
import type { ApiObject, RequestContext, Store } from '@apiserver/registry';
import { apiApprovalCondition } from '../apis/api-approval.js';
import { isConditionTrue, isTerminating, setCondition } from '../apis/helpers.js';
import { CUSTOM_RESOURCE_CLEANUP_FINALIZER, type CustomResourceDefinition } from '../apis/types.js';
import type { CRDHandler } from '../customresource/crd-handler.js';
import type { RESTOptionsGetter } from '../server/rest-options.js';
import { CRDInformer } from './crd-informer.js';
import { deleteCustomResources, removeCleanupFinalizer } from './finalizer.js';
import { calculateNames } from './naming.js';

/** What the controllers work on. */
export interface CRDControllerOptions {
  /** The CRD store (finalizer removal). */
  readonly crdStore: Store;
  /** The store writing CRD status. */
  readonly statusStore: Store;
  /** The handler serving the established CRDs. */
  readonly handler: CRDHandler;
  /** Storage of custom resources (cleanup). */
  readonly restOptionsGetter: RESTOptionsGetter;
  /** Where failures are reported. */
  readonly log: (message: string) => void;
}

/** The desired status of a CRD (names, NamesAccepted, Established, API approval, Terminating), or undefined when unchanged. */
export function desiredStatus(crd: CustomResourceDefinition, all: readonly CustomResourceDefinition[]): CustomResourceDefinition | undefined {
  const next = structuredClone(crd);
  let changed = false;
  if (isTerminating(crd)) {
    changed = setCondition(next, { type: 'Terminating', status: 'True', reason: 'InstanceDeletionInProgress', message: 'CustomResource deletion is in progress' });
    return changed ? next : undefined;
  }
  const naming = calculateNames(crd, all);
  if (JSON.stringify(next.status?.acceptedNames) !== JSON.stringify(naming.acceptedNames) && naming.acceptedNames !== undefined) {
    next.status = { ...next.status, acceptedNames: naming.acceptedNames };
    changed = true;
  }
  changed = setCondition(next, naming.condition) || changed;
  if (naming.condition.status === 'True' && !isConditionTrue(next, 'Established')) {
    changed = setCondition(next, { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' }) || changed;
  }
  // The API approval controller's condition, for CRDs of the community's protected groups.
  const approval = apiApprovalCondition(crd);
  if (approval !== undefined) changed = setCondition(next, approval) || changed;
  return changed ? next : undefined;
}

/** Runs the controllers over an informer of the CRD store. */
export class CRDController {
  readonly #o: CRDControllerOptions;
  readonly #informer: CRDInformer;
  #running = false;
  #again = false;
  #retry: NodeJS.Timeout | undefined;
  #ctx: RequestContext = {};

  /** Creates the controllers (nothing runs before `start`). */
  constructor(options: CRDControllerOptions) {
    this.#o = options;
    this.#informer = new CRDInformer(options.crdStore, () => this.#schedule(), options.log);
  }

  /** Starts the informer and the loop; resolves after the first list and pass (the CRDs then served are served). */
  async start(signal: AbortSignal): Promise<void> {
    this.#ctx = { signal };
    signal.addEventListener('abort', () => clearTimeout(this.#retry), { once: true });
    await this.#informer.start(signal);
    await this.#pass();
  }

  #schedule(): void {
    if (this.#ctx.signal?.aborted === true || !this.#informer.hasSynced) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    void this.#pass();
  }

  async #pass(): Promise<void> {
    this.#running = true;
    try {
      do {
        this.#again = false;
        await this.#reconcile();
      } while (this.#again && this.#ctx.signal?.aborted !== true);
    } finally {
      this.#running = false;
    }
  }

  async #reconcile(): Promise<void> {
    const all = this.#informer.list();
    this.#o.handler.serve(all.filter((c) => isConditionTrue(c, 'Established') && !isTerminating(c)));
    let pending = false;
    for (const [i, crd] of all.entries()) {
      try {
        // Later CRDs of this pass see the names just accepted (two new CRDs asking for one name: one wins).
        const next = desiredStatus(crd, all);
        if (next !== undefined) {
          await this.#writeStatus(next);
          all[i] = next;
        }
        else if (isTerminating(crd) && (crd.metadata.finalizers ?? []).includes(CUSTOM_RESOURCE_CLEANUP_FINALIZER)) pending = !(await this.#finalize(crd)) || pending;
      } catch (err) {
        pending = true;
        this.#o.log(`apiextensions: reconciling ${crd.metadata.name ?? ''}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    if (pending && this.#ctx.signal?.aborted !== true) {
      clearTimeout(this.#retry);
      this.#retry = setTimeout(() => this.#schedule(), 500);
    }
  }

  async #writeStatus(next: CustomResourceDefinition): Promise<void> {
    const status = next.status;
    await this.#o.statusStore.update(
      this.#ctx,
      next.metadata.name ?? '',
      {
        preconditions: () => (next.metadata.uid === undefined ? undefined : { uid: next.metadata.uid }),
        updatedObject: async (_c, old): Promise<ApiObject> => ({ ...(old ?? next), status }),
      },
      undefined,
      undefined,
      false,
      {},
    );
  }

  async #finalize(crd: CustomResourceDefinition): Promise<boolean> {
    if (!(await deleteCustomResources(crd, this.#o.restOptionsGetter, this.#ctx))) return false;
    await removeCleanupFinalizer(this.#o.crdStore, crd, this.#ctx);
    return true;
  }
}
