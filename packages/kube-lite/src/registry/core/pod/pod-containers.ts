/**
 * The container lists of a pod spec (pkg/api/pod `VisitContainers` and its `ContainerType` mask): init containers,
 * then containers, then ephemeral containers.
 * @module
 */
import { type JSONRecord, recordsAt } from '../../../object-fields.js';

/** A container list field of a pod spec. */
export type ContainerList = 'initContainers' | 'containers' | 'ephemeralContainers';

/** Every container list, in upstream's visiting order (`AllContainers`). */
export const ALL_CONTAINER_LISTS: readonly ContainerList[] = ['initContainers', 'containers', 'ephemeralContainers'];

/** The containers (object items only) of `spec`'s `lists`, in the order of `lists`; none when `spec` is absent. */
export function podContainers(spec: unknown, lists: readonly ContainerList[] = ALL_CONTAINER_LISTS): JSONRecord[] {
  return lists.flatMap((list) => recordsAt(spec, list));
}
