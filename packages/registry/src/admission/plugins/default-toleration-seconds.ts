/**
 * The `DefaultTolerationSeconds` admission plugin (plugin/pkg/admission/defaulttolerationseconds, on by default in
 * kube-apiserver): a pod that tolerates neither the `node.kubernetes.io/not-ready` nor the
 * `node.kubernetes.io/unreachable` NoExecute taint gets a toleration of it for 300 seconds, so that it is evicted five
 * minutes after its node fails rather than at once.
 * @module
 */
import type { RequestContext } from '../../rest/types.js';
import type { Attributes, MutationInterface, Operation } from '../interfaces.js';
import { isRecord } from '../../quota/json-record.js';

/** The taint a node gets while its Ready condition is False. */
export const TAINT_NODE_NOT_READY = 'node.kubernetes.io/not-ready';
/** The taint a node gets while its Ready condition is Unknown. */
export const TAINT_NODE_UNREACHABLE = 'node.kubernetes.io/unreachable';

/** Options of {@link DefaultTolerationSeconds}: kube-apiserver's two flags of the same names. */
export interface DefaultTolerationSecondsOptions {
  /** `--default-not-ready-toleration-seconds` (default 300). */
  readonly notReadyTolerationSeconds?: number;
  /** `--default-unreachable-toleration-seconds` (default 300). */
  readonly unreachableTolerationSeconds?: number;
}

const DEFAULT_SECONDS = 300;


/** Whether `t` tolerates the NoExecute taint `key`: same key or none (any key), NoExecute effect or none (any effect). */
function tolerates(t: unknown, key: string): boolean {
  if (!isRecord(t)) return false;
  const k = t['key'] ?? '';
  const effect = t['effect'] ?? '';
  return (k === key || k === '') && (effect === 'NoExecute' || effect === '');
}

/** Adds the not-ready and unreachable tolerations a pod lacks (CREATE and UPDATE of pods proper, not subresources). */
export class DefaultTolerationSeconds implements MutationInterface {
  /** The plugin's registered name. */
  readonly name = 'DefaultTolerationSeconds';
  readonly #notReady: number;
  readonly #unreachable: number;

  constructor(options: DefaultTolerationSecondsOptions = {}) {
    this.#notReady = options.notReadyTolerationSeconds ?? DEFAULT_SECONDS;
    this.#unreachable = options.unreachableTolerationSeconds ?? DEFAULT_SECONDS;
  }

  /** Handles CREATE and UPDATE. */
  handles(operation: Operation): boolean {
    return operation === 'CREATE' || operation === 'UPDATE';
  }

  /** Appends the missing tolerations, not-ready first. */
  admit(_ctx: RequestContext, a: Attributes): void {
    if (a.subresource !== '' || a.resource.group !== '' || a.resource.resource !== 'pods') return;
    const spec = a.object?.['spec'];
    if (!isRecord(spec)) return;
    const tolerations: unknown[] = Array.isArray(spec['tolerations']) ? spec['tolerations'] : [];
    const added: Record<string, unknown>[] = [];
    if (!tolerations.some((t) => tolerates(t, TAINT_NODE_NOT_READY))) {
      added.push({ key: TAINT_NODE_NOT_READY, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: this.#notReady });
    }
    if (!tolerations.some((t) => tolerates(t, TAINT_NODE_UNREACHABLE))) {
      added.push({ key: TAINT_NODE_UNREACHABLE, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: this.#unreachable });
    }
    if (added.length > 0) spec['tolerations'] = [...tolerations, ...added];
  }
}
