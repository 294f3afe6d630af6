/**
 * The pod side of the `Priority` admission plugin (plugin/pkg/admission/priority, on by default in kube-apiserver): a
 * new pod's `priorityClassName` is resolved into `spec.priority` and `spec.preemptionPolicy` (no name: the global
 * default class, or priority 0 and `PreemptLowerPriority` when there is none), and an update keeps what creation set.
 * The PriorityClass side (one global default) belongs to the server serving PriorityClasses.
 * @module
 */
import { newBadRequest, StatusError } from '@apiserver/runtime';
import type { ApiObject, RequestContext } from '../../rest/types.js';
import { newAdmissionForbidden } from '../forbidden.js';
import type { Attributes, MutationInterface, Operation } from '../interfaces.js';
import { isRecord, type JSONRecord } from '../../quota/json-record.js';

/** The priority of a pod when no class names one and none is the global default (`DefaultPriorityWhenNoDefaultClassExists`). */
export const DEFAULT_PRIORITY_WHEN_NO_DEFAULT_CLASS_EXISTS = 0;
/** The preemption policy of such a pod (`v1.PreemptLowerPriority`). */
export const PREEMPT_LOWER_PRIORITY = 'PreemptLowerPriority';

/** How {@link PriorityAdmission} reads PriorityClasses (upstream: an informer's lister). */
export interface PriorityClassLookups {
  /** The PriorityClass named `name`; resolves `undefined` when there is none. */
  readonly getPriorityClass: (name: string) => Promise<ApiObject | undefined>;
  /** Every PriorityClass. */
  readonly listPriorityClasses: () => Promise<readonly ApiObject[]>;
}



function classValue(pc: ApiObject): number {
  return typeof pc['value'] === 'number' ? pc['value'] : 0;
}

/**
 * `getDefaultPriorityClass`: the class marked `globalDefault`, the one with the lowest value when a race let several be
 * (the first of those in `classes` order on a tie); undefined when there is none.
 */
export function defaultPriorityClass(classes: readonly ApiObject[]): ApiObject | undefined {
  let found: ApiObject | undefined;
  for (const pc of classes) {
    if (pc['globalDefault'] === true && (found === undefined || classValue(found) > classValue(pc))) found = pc;
  }
  return found;
}

/** What a pod's class resolves to: the name stored back ("" = none), its value and preemption policy. */
interface Resolved {
  readonly name: string;
  readonly priority: number;
  readonly preemptionPolicy: unknown;
}

function present(v: unknown): boolean {
  return v !== undefined && v !== null;
}

/** Resolves `priorityClassName` into `spec.priority` and `spec.preemptionPolicy` on CREATE; keeps both on UPDATE. */
export class PriorityAdmission implements MutationInterface {
  /** The plugin's registered name. */
  readonly name = 'Priority';
  readonly #lookups: PriorityClassLookups;

  /** Creates the plugin over the PriorityClass lookups. */
  constructor(lookups: PriorityClassLookups) {
    this.#lookups = lookups;
  }

  /** Handles CREATE, UPDATE and DELETE (as upstream's handler; only pod CREATE and UPDATE do anything). */
  handles(operation: Operation): boolean {
    return operation === 'CREATE' || operation === 'UPDATE' || operation === 'DELETE';
  }

  /** Admits pods proper (not subresources) of the core group. */
  async admit(_ctx: RequestContext, a: Attributes): Promise<void> {
    if (a.subresource !== '' || a.resource.group !== '' || a.resource.resource !== 'pods') return;
    if (a.operation === 'UPDATE') keepOnUpdate(a);
    else if (a.operation === 'CREATE') await this.#admitCreate(a);
  }

  async #admitCreate(a: Attributes): Promise<void> {
    const spec = podSpec(a.object);
    const className = typeof spec['priorityClassName'] === 'string' ? spec['priorityClassName'] : '';
    const resolved = className === '' ? await this.#defaultPriority() : await this.#named(a, className);
    if (resolved.name === '') delete spec['priorityClassName'];
    else spec['priorityClassName'] = resolved.name;
    if (present(spec['priority']) && spec['priority'] !== resolved.priority) {
      const given = String(spec['priority']);
      throw newAdmissionForbidden(
        a,
        `the integer value of priority (${given}) must not be provided in pod spec; priority admission controller computed ${resolved.priority} from the given PriorityClass name`,
      );
    }
    spec['priority'] = resolved.priority;
    if (!present(resolved.preemptionPolicy)) return;
    if (present(spec['preemptionPolicy']) && spec['preemptionPolicy'] !== resolved.preemptionPolicy) {
      const given = String(spec['preemptionPolicy']);
      const computed = String(resolved.preemptionPolicy);
      throw newAdmissionForbidden(
        a,
        `the string value of PreemptionPolicy (${given}) must not be provided in pod spec; priority admission controller computed ${computed} from the given PriorityClass name`,
      );
    }
    spec['preemptionPolicy'] = resolved.preemptionPolicy;
  }

  /** `getDefaultPriority`: the global default class, else no name, priority 0 and PreemptLowerPriority. */
  async #defaultPriority(): Promise<Resolved> {
    let classes: readonly ApiObject[];
    try {
      classes = await this.#lookups.listPriorityClasses();
    } catch (err) {
      throw lookupError(err, 'failed to get default priority class');
    }
    const pc = defaultPriorityClass(classes);
    if (pc === undefined) return { name: '', priority: DEFAULT_PRIORITY_WHEN_NO_DEFAULT_CLASS_EXISTS, preemptionPolicy: PREEMPT_LOWER_PRIORITY };
    return { name: pc.metadata.name ?? '', priority: classValue(pc), preemptionPolicy: pc['preemptionPolicy'] };
  }

  /** The class `name`; 403 when it does not exist. */
  async #named(a: Attributes, name: string): Promise<Resolved> {
    let pc: ApiObject | undefined;
    try {
      pc = await this.#lookups.getPriorityClass(name);
    } catch (err) {
      throw lookupError(err, `failed to get PriorityClass with name ${name}`);
    }
    if (pc === undefined) throw newAdmissionForbidden(a, `no PriorityClass with name ${name} was found`);
    return { name, priority: classValue(pc), preemptionPolicy: pc['preemptionPolicy'] };
  }
}

/** The pod's spec (made when absent: Go's zero-value struct); 400 when the object is not a pod. */
function podSpec(pod: ApiObject | undefined): JSONRecord {
  if (!isRecord(pod)) throw newBadRequest('resource was marked with kind Pod but was unable to be converted');
  if (!isRecord(pod['spec'])) pod['spec'] = {};
  return pod['spec'] as JSONRecord;
}

/** An update that omits priority or preemptionPolicy keeps the old pod's (validation refuses any other change). */
function keepOnUpdate(a: Attributes): void {
  const spec = podSpec(a.object);
  if (!isRecord(a.oldObject)) throw newBadRequest('resource was marked with kind Pod but was unable to be converted');
  const old = isRecord(a.oldObject['spec']) ? a.oldObject['spec'] : {};
  for (const field of ['priority', 'preemptionPolicy']) {
    if (!present(spec[field]) && present(old[field])) spec[field] = old[field];
  }
}

/**
 * A failed lookup: an API status (a storage outage's ServerTimeout) is kept, as the write would fail with it; anything
 * else is upstream's wrapped error, a 500.
 */
function lookupError(err: unknown, what: string): Error {
  if (err instanceof StatusError) return err;
  return new Error(`${what}: ${err instanceof Error ? err.message : String(err)}`);
}
