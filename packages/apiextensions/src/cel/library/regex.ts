/**
 * Kubernetes' CEL regex library (`k8s.io/apiserver/pkg/cel/library/regex.go`): `find(regex)`
 * (Go's `FindString`: the leftmost match or `''`) and `findAll(regex[, limit])` (Go's
 * `FindAllString`) on strings. Patterns compile and run as Go's `regexp` does, on RE2JS (see
 * {@link compileGoRegexp}): linear time, RE2 syntax, compiled patterns cached; an invalid
 * pattern is the evaluation error `Illegal regex: error parsing regexp: …`.
 *
 * @module
 */
import { type CelFunc, CelScalar, celMethod, listType } from '@bufbuild/cel';
import { compileGoRegexp, type GoRegexp, RegexpSyntaxError } from '../../regexp/go-regexp.js';

function compile(pattern: string): GoRegexp {
  const re = compileGoRegexp(pattern);
  if (re instanceof RegexpSyntaxError) throw new Error(`Illegal regex: ${re.message}`);
  return re;
}

/** Go's `int(n)` limit for `FindAllString`: negative is unlimited, and no string has more than `len + 1` matches. */
function limitOf(s: string, limit: bigint): number {
  return limit < 0n || limit > BigInt(s.length) ? -1 : Number(limit);
}

/** The regex functions, as `@bufbuild/cel` methods on strings. */
export const regexLibrary: readonly CelFunc[] = [
  celMethod('find', CelScalar.STRING, [CelScalar.STRING], CelScalar.STRING, function (pattern) {
    return compile(pattern).findString(this);
  }),
  celMethod('findAll', CelScalar.STRING, [CelScalar.STRING], listType(CelScalar.STRING), function (pattern) {
    return compile(pattern).findAllString(this, -1);
  }),
  celMethod('findAll', CelScalar.STRING, [CelScalar.STRING, CelScalar.INT], listType(CelScalar.STRING), function (pattern, limit) {
    return compile(pattern).findAllString(this, limitOf(this, limit));
  }),
];
