/**
 * The validatingadmissionpolicy-status controller (pkg/controller/validatingadmissionpolicystatus, run by
 * kube-controller-manager): each ValidatingAdmissionPolicy whose `metadata.generation` is newer than its
 * `status.observedGeneration` is type-checked, and its status gets that generation and the warnings
 * (`status.typeChecking.expressionWarnings`, an empty `typeChecking` when there are none). Other status fields are
 * left as they are.
 * @module
 */
import type { ApiObject, Getter, Lister, Updater, Watcher } from '@apiserver/registry';
import type { ExpressionWarning } from '../../admission/validating-admission-policy/type-checking.js';
import { numberAt, recordAt } from '../../object-fields.js';
import { ControllerRun, RunController } from '../controller-run.js';
import { ListWatcher, listWatchOptionsOf } from '../list-watch.js';
import { ignoreNotFound, mutatedObjectInfo } from '../object-updates.js';
import { type RetryOptions, RetryQueue } from '../retry-queue.js';

/** Options of the ValidatingAdmissionPolicyStatusController. */
export interface ValidatingAdmissionPolicyStatusControllerOptions {
  /** The `validatingadmissionpolicies` resource. */
  readonly policies: Getter & Lister & Watcher;
  /** Its `status` subresource. */
  readonly status: Updater;
  /** The type checking of one policy (its warnings). */
  readonly typeCheck: (policy: ApiObject) => readonly ExpressionWarning[];
  /** Re-list every this many ms (default 300 000). */
  readonly resyncIntervalMs?: number;
  /** Backoff of failed syncs and of re-watching. */
  readonly retry?: RetryOptions;
  /** Called with every failure, with the policy's name (the controller keeps running). */
  readonly onError?: (err: unknown, name: string | undefined) => void;
}

/** Whether the policy's generation has not been type-checked yet. */
function needsCheck(policy: ApiObject): boolean {
  return (policy.metadata.generation ?? 0) > (numberAt(recordAt(policy, 'status'), 'observedGeneration') ?? 0);
}

/** Writes the type checking of each new policy generation into its status; `start()` / `stop()`. */
export class ValidatingAdmissionPolicyStatusController extends RunController {
  readonly #o: ValidatingAdmissionPolicyStatusControllerOptions;
  readonly #queue: RetryQueue;
  protected readonly run: ControllerRun;

  /** Creates a stopped controller. */
  constructor(options: ValidatingAdmissionPolicyStatusControllerOptions) {
    super();
    this.#o = options;
    this.#queue = new RetryQueue((name) => this.syncPolicy(name), (name, err) => options.onError?.(err, name), options.retry);
    const informer = new ListWatcher(
      options.policies,
      (type, policy) => {
        if (type !== 'DELETED' && needsCheck(policy)) this.#queue.add(policy.metadata.name ?? '');
      },
      listWatchOptionsOf(options),
    );
    this.run = new ControllerRun([informer], [this.#queue]);
  }

  /** Type-checks the policy `name` and records it in its status, unless its generation was checked already. */
  async syncPolicy(name: string): Promise<void> {
    const policy = await ignoreNotFound(this.#o.policies.get({}, name));
    if (policy === undefined || !needsCheck(policy)) return;
    const generation = policy.metadata.generation ?? 0;
    const warnings = this.#o.typeCheck(policy);
    const typeChecking = warnings.length === 0 ? {} : { expressionWarnings: warnings.map((w) => ({ fieldRef: w.fieldRef, warning: w.warning })) };
    const update = mutatedObjectInfo((live) => {
      live.status = { ...recordAt(live, 'status'), observedGeneration: generation, typeChecking };
    });
    await ignoreNotFound(this.#o.status.update({}, name, update, undefined, undefined, false, {}));
  }
}
