/**
 * How the class-defaulting admission plugins choose among the classes marked default (`GetDefaultClass` of
 * pkg/volume/util and of the DefaultIngressClass plugin, as of 1.32): when a race left several marked, the newest by
 * creationTimestamp wins, and among those created in the same second the first by name.
 * @module
 */
import type { ApiObject } from '../../rest/types.js';

/** A class's creationTimestamp in milliseconds; absent or unparsable counts as Go's zero time (the oldest). */
function createdAt(c: ApiObject): number {
  const ms = Date.parse(c.metadata.creationTimestamp ?? '');
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** Whether the annotation `key` of `c` is exactly "true". */
export function annotationIsTrue(c: ApiObject, key: string): boolean {
  return c.metadata.annotations?.[key] === 'true';
}

/** The newest class `isDefault` accepts (ties broken by ascending name); undefined when it accepts none. */
export function newestDefaultClass(classes: readonly ApiObject[], isDefault: (c: ApiObject) => boolean): ApiObject | undefined {
  let found: ApiObject | undefined;
  for (const c of classes) {
    if (!isDefault(c)) continue;
    if (found === undefined) {
      found = c;
      continue;
    }
    const [a, b] = [createdAt(c), createdAt(found)];
    if (a > b || (a === b && (c.metadata.name ?? '') < (found.metadata.name ?? ''))) found = c;
  }
  return found;
}
