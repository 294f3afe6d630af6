/**
 * What upstream's decoder says of a body whose kind is not the one a request decodes: the body is decoded into the
 * Go type its apiVersion and kind name, then converted into the request's internal type, so a kind the scheme does not
 * hold fails as NotRegistered and a kind of another type fails its conversion. Handlers word either error as
 * `transformDecodeError` does.
 */
import { type GroupVersionKind, NotRegisteredError, type Scheme } from '@apiserver/runtime';

/**
 * Why `scheme` cannot decode a body of kind `body` into the type of `expected`: Go's NotRegistered or unknown-conversion
 * message, or undefined when it can, or when the scheme cannot tell (it records no internal type for `expected`, or
 * holds no kind of the body's group/version, which upstream's scheme may hold).
 */
export function decodeKindProblem(scheme: Scheme, expected: GroupVersionKind, body: GroupVersionKind): string | undefined {
  const target = scheme.goTypeNames(expected)?.internal;
  if (target === undefined || !scheme.recognizesGroupVersion(body)) return undefined;
  const source = scheme.goTypeNames(body);
  if (source === undefined) return new NotRegisteredError(body, scheme.name).message;
  if (source.internal === target) return undefined;
  return `converting (${source.versioned}) to (${target}): unknown conversion`;
}
