/**
 * The system priority classes (pkg/apis/scheduling/v1 `SystemPriorityClasses`, `IsKnownSystemPriorityClass`):
 * `system-node-critical` and `system-cluster-critical`, the only classes that may use the `system-` prefix and
 * values above the user maximum.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';

/** Names starting with this are reserved for the system classes (`SystemPriorityClassPrefix`). */
export const SYSTEM_PRIORITY_CLASS_PREFIX = 'system-';
/** The highest value a user-defined class may have (`HighestUserDefinablePriority`). */
export const HIGHEST_USER_DEFINABLE_PRIORITY = 1_000_000_000;

/** A system class as upstream defines it. */
export interface SystemPriorityClass {
  /** The class name. */
  readonly name: string;
  /** Its value. */
  readonly value: number;
  /** Its description. */
  readonly description: string;
}

/** `SystemPriorityClasses()`, in upstream's order. */
export const SYSTEM_PRIORITY_CLASSES: readonly SystemPriorityClass[] = [
  { name: 'system-node-critical', value: 2_000_001_000, description: 'Used for system critical pods that must not be moved from their current node.' },
  { name: 'system-cluster-critical', value: 2_000_000_000, description: 'Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.' },
];

/** `IsKnownSystemPriorityClass`: undefined when `name` is a system class with this value and no globalDefault, else why not. */
export function systemPriorityClassError(name: string, value: unknown, globalDefault: boolean): string | undefined {
  const known = SYSTEM_PRIORITY_CLASSES.find((c) => c.name === name);
  if (known === undefined) return `${name} is not a known system priority class`;
  if (known.value !== value) return `value of ${name} PriorityClass must be ${known.value}`;
  if (globalDefault) return `globalDefault of ${name} PriorityClass must be false`;
  return undefined;
}

/** The PriorityClass object of a system class, as the bootstrap hook creates it. */
export function systemPriorityClassObject(c: SystemPriorityClass): ApiObject {
  return { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: c.name }, value: c.value, description: c.description };
}
