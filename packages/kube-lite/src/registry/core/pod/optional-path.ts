/**
 * Paths under an optional prefix, as Go's methods on a nil `*field.Path` make them: a pod's warnings start at `spec`
 * and `metadata`, a pod template's under the template's own path.
 * @module
 */
import { type FieldPath, newPath } from '@apiserver/runtime';

/** `prefix.child(names)`, or a root path of `names` when there is no prefix. */
export function under(prefix: FieldPath | undefined, name: string, ...more: string[]): FieldPath {
  return prefix === undefined ? newPath(name, ...more) : prefix.child(name, ...more);
}
