/**
 * Kubernetes' CEL regex library (`k8s.io/apiserver/pkg/cel/library/regex.go`): `find(regex)`
 * (the first match or `''`) and `findAll(regex[, limit])` on strings. Patterns are checked
 * with RE2 syntax (`@bufbuild/re2`, as `matches()` is) and then run as a JavaScript
 * `RegExp`: leading flag groups (`(?i)`, `(?s)`, `(?m)`) become RegExp flags and `(?P<name>`
 * becomes `(?<name>`; a pattern using other RE2-only syntax is an evaluation error.
 *
 * @module
 */
import { type CelFunc, CelScalar, celMethod, listType } from '@bufbuild/cel';
import { RE2JS } from '@bufbuild/re2';

const LEADING_FLAGS = /^\(\?([ism]+)\)/;
const cache = new Map<string, RegExp>();

/** Translates an RE2 pattern into a global JavaScript RegExp (cached). */
export function re2ToRegExp(pattern: string): RegExp {
  let re = cache.get(pattern);
  if (re !== undefined) return re;
  RE2JS.compile(pattern);
  let source = pattern;
  let flags = 'gu';
  const lead = LEADING_FLAGS.exec(source);
  if (lead !== null) {
    flags += lead[1] ?? '';
    source = source.slice(lead[0].length);
  }
  re = new RegExp(source.replaceAll('(?P<', '(?<'), flags);
  cache.set(pattern, re);
  return re;
}

function findAll(s: string, pattern: string, limit: bigint): string[] {
  if (limit === 0n) return [];
  const out: string[] = [];
  for (const m of s.matchAll(re2ToRegExp(pattern))) {
    out.push(m[0]);
    if (limit > 0n && BigInt(out.length) >= limit) break;
  }
  return out;
}

/** The regex functions, as `@bufbuild/cel` methods on strings. */
export const regexLibrary: readonly CelFunc[] = [
  celMethod('find', CelScalar.STRING, [CelScalar.STRING], CelScalar.STRING, function (pattern) {
    return findAll(this, pattern, 1n)[0] ?? '';
  }),
  celMethod('findAll', CelScalar.STRING, [CelScalar.STRING], listType(CelScalar.STRING), function (pattern) {
    return findAll(this, pattern, -1n);
  }),
  celMethod('findAll', CelScalar.STRING, [CelScalar.STRING, CelScalar.INT], listType(CelScalar.STRING), function (pattern, limit) {
    return findAll(this, pattern, limit);
  }),
];
