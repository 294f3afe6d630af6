/**
 * The `AlwaysPullImages` admission plugin (plugin/pkg/admission/alwayspullimages): every container of a
 * new or image-changing pod gets `imagePullPolicy: Always`; validation rejects any other policy.
 * @module
 */
import { fieldNotSupported, newPath, type FieldPath } from '@apiserver/runtime';
import type { ApiObject, RequestContext } from '../../rest/types.js';
import { newAdmissionForbidden } from '../forbidden.js';
import type { Attributes, MutationInterface, Operation, ValidationInterface } from '../interfaces.js';
import { isRecord } from '../../quota/json-record.js';

const CONTAINER_LISTS = ['initContainers', 'containers', 'ephemeralContainers'] as const;


/** Calls `fn` for every container of a pod spec with its field path (`pods.VisitContainersWithPath`). */
export function visitContainers(pod: ApiObject | undefined, fn: (container: Record<string, unknown>, path: FieldPath) => void): void {
  const spec = pod?.['spec'];
  if (!isRecord(spec)) return;
  for (const list of CONTAINER_LISTS) {
    const containers = spec[list];
    if (!Array.isArray(containers)) continue;
    containers.forEach((c: unknown, i) => {
      if (isRecord(c)) fn(c, newPath('spec', list).index(i));
    });
  }
}

function images(pod: ApiObject | undefined): Set<unknown> {
  const out = new Set<unknown>();
  visitContainers(pod, (c) => out.add(c['image']));
  return out;
}

function shouldIgnore(a: Attributes): boolean {
  if (a.subresource !== '' || a.resource.group !== '' || a.resource.resource !== 'pods') return true;
  if (a.operation !== 'UPDATE') return false;
  const old = images(a.oldObject);
  return [...images(a.object)].every((img) => old.has(img));
}

/** Forces `imagePullPolicy: Always` on pods (CREATE and image-changing UPDATE, not subresources). */
export class AlwaysPullImages implements MutationInterface, ValidationInterface {
  /** The plugin's registered name. */
  readonly name = 'AlwaysPullImages';
  /** Handles CREATE and UPDATE. */
  handles(operation: Operation): boolean {
    return operation === 'CREATE' || operation === 'UPDATE';
  }

  /** Sets `imagePullPolicy: Always` on every container. */
  admit(_ctx: RequestContext, a: Attributes): void {
    if (shouldIgnore(a)) return;
    visitContainers(a.object, (c) => {
      c['imagePullPolicy'] = 'Always';
    });
  }

  /** Rejects (403) containers whose policy is not Always; several failures aggregate as `[a, b]`. */
  validate(_ctx: RequestContext, a: Attributes): void {
    if (shouldIgnore(a)) return;
    const errs: Error[] = [];
    visitContainers(a.object, (c, path) => {
      if (c['imagePullPolicy'] !== 'Always') {
        const fe = fieldNotSupported(path.child('imagePullPolicy'), c['imagePullPolicy'] ?? '', ['Always']);
        errs.push(newAdmissionForbidden(a, fe.toString()));
      }
    });
    const [first] = errs;
    if (first === undefined) return;
    if (errs.length === 1) throw first;
    throw new Error(`[${errs.map((e) => e.message).join(', ')}]`);
  }
}
