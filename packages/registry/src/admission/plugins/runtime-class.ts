/**
 * The `RuntimeClass` admission plugin (plugin/pkg/admission/runtimeclass, on by default in kube-apiserver): a new pod
 * naming a RuntimeClass gets the class's `overhead.podFixed` as `spec.overhead` and its `scheduling` node selector and
 * tolerations merged into its own; a pod naming no class, or a class without overhead, may not set an overhead.
 * @module
 */
import { newBadRequest, quantitiesEqual } from '@apiserver/runtime';
import type { ApiObject, RequestContext } from '../../rest/types.js';
import { newAdmissionForbidden } from '../forbidden.js';
import type { Attributes, MutationInterface, Operation, ValidationInterface } from '../interfaces.js';
import { mergeTolerations } from './merge-tolerations.js';
import { isRecord, type JSONRecord } from '../../quota/json-record.js';

/** Looks a RuntimeClass up by name; resolves `undefined` when it does not exist. */
export type RuntimeClassLookup = (name: string) => Promise<ApiObject | undefined>;



function present(v: unknown): boolean {
  return v !== undefined && v !== null;
}

/** `Semantic.DeepEqual` of two resource lists: absent and empty alike, the same names, quantities equal by value. */
function resourceListsEqual(a: unknown, b: unknown): boolean {
  const x = isRecord(a) ? a : {};
  const y = isRecord(b) ? b : {};
  const names = Object.keys(x);
  if (names.length !== Object.keys(y).length) return false;
  return names.every((n) => Object.hasOwn(y, n) && quantitiesEqual(x[n], y[n]));
}

function podFixedOf(rc: ApiObject): unknown {
  const overhead = rc['overhead'];
  return isRecord(overhead) ? overhead['podFixed'] : undefined;
}

const MISMATCH = "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead";

/** Sets or checks a new pod's overhead and scheduling from its RuntimeClass (CREATE of pods proper only). */
export class RuntimeClassAdmission implements MutationInterface, ValidationInterface {
  /** The plugin's registered name. */
  readonly name = 'RuntimeClass';
  readonly #lookup: RuntimeClassLookup;

  /** Creates the plugin over a RuntimeClass lookup. */
  constructor(lookup: RuntimeClassLookup) {
    this.#lookup = lookup;
  }

  /** Handles CREATE only. */
  handles(operation: Operation): boolean {
    return operation === 'CREATE';
  }

  /** `setOverhead` then `setScheduling`. */
  async admit(_ctx: RequestContext, a: Attributes): Promise<void> {
    if (shouldIgnore(a)) return;
    const { spec, runtimeClass } = await this.#prepareObjects(a);
    if (runtimeClass === undefined) return;
    setOverhead(a, spec, runtimeClass);
    setScheduling(a, spec, runtimeClass);
  }

  /** `validateOverhead`: the pod's overhead is the class's, or absent when the class defines none. */
  async validate(_ctx: RequestContext, a: Attributes): Promise<void> {
    if (shouldIgnore(a)) return;
    const { spec, runtimeClass } = await this.#prepareObjects(a);
    if (runtimeClass !== undefined && present(runtimeClass['overhead'])) {
      if (!resourceListsEqual(podFixedOf(runtimeClass), spec['overhead'])) throw newAdmissionForbidden(a, MISMATCH);
    } else if (present(spec['overhead'])) {
      throw newAdmissionForbidden(a, 'pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead');
    }
  }

  /** The pod's spec and its RuntimeClass (undefined when it names none); 403 when the class does not exist. */
  async #prepareObjects(a: Attributes): Promise<{ spec: JSONRecord; runtimeClass: ApiObject | undefined }> {
    const pod = a.object;
    if (!isRecord(pod)) throw newBadRequest('Resource was marked with kind Pod but was unable to be converted');
    // A pod without a spec names no class: nothing is written to the detached empty spec.
    const spec = isRecord(pod['spec']) ? pod['spec'] : {};
    const name = spec['runtimeClassName'];
    if (!present(name)) return { spec, runtimeClass: undefined };
    // Upstream's live lookup goes through a client, which refuses an empty name before asking.
    if (name === '') throw new Error('resource name may not be empty');
    // A failed lookup fails the request with its own error, as upstream returns the client's.
    const runtimeClass = await this.#lookup(String(name));
    if (runtimeClass === undefined) throw newAdmissionForbidden(a, `pod rejected: RuntimeClass ${JSON.stringify(String(name))} not found`);
    return { spec, runtimeClass };
  }
}

/** Subresources and anything but core pods are not this plugin's. */
function shouldIgnore(a: Attributes): boolean {
  return a.subresource !== '' || a.resource.group !== '' || a.resource.resource !== 'pods';
}

/** The class's podFixed overhead becomes the pod's; a different overhead the pod already sets is a 403. */
function setOverhead(a: Attributes, spec: JSONRecord, rc: ApiObject): void {
  if (!present(rc['overhead'])) return;
  const podFixed = podFixedOf(rc);
  if (present(spec['overhead']) && !resourceListsEqual(podFixed, spec['overhead'])) throw newAdmissionForbidden(a, MISMATCH);
  if (isRecord(podFixed) && Object.keys(podFixed).length > 0) spec['overhead'] = structuredClone(podFixed);
  else delete spec['overhead'];
}

/** The class's node selector is added to the pod's (a different value for one of its keys is a 403); tolerations merge. */
function setScheduling(a: Attributes, spec: JSONRecord, rc: ApiObject): void {
  const scheduling = rc['scheduling'];
  if (!isRecord(scheduling)) return;
  const classSelector = isRecord(scheduling['nodeSelector']) ? scheduling['nodeSelector'] : undefined;
  let selector = isRecord(spec['nodeSelector']) ? spec['nodeSelector'] : undefined;
  if (selector === undefined) selector = classSelector === undefined ? undefined : { ...classSelector };
  else {
    for (const [key, value] of Object.entries(classSelector ?? {})) {
      if (Object.hasOwn(selector, key) && selector[key] !== value) {
        const own = String(selector[key]);
        throw newAdmissionForbidden(a, `conflict: runtimeClass.scheduling.nodeSelector[${key}] = ${String(value)}; pod.spec.nodeSelector[${key}] = ${own}`);
      }
      selector[key] = value;
    }
  }
  const own = Array.isArray(spec['tolerations']) ? spec['tolerations'] : [];
  const added = Array.isArray(scheduling['tolerations']) ? scheduling['tolerations'] : [];
  const tolerations = mergeTolerations(own, structuredClone(added));
  if (selector === undefined || Object.keys(selector).length === 0) delete spec['nodeSelector'];
  else spec['nodeSelector'] = selector;
  if (tolerations.length === 0) delete spec['tolerations'];
  else spec['tolerations'] = tolerations;
}
