/**
 * Issue #19's heavy-but-valid requests: bodies under the 3 MiB limit whose processing froze the event loop for
 * seconds (a strategic merge of 10 000 / 20 000 new finalizers, 800 JSON-patch copies of a 10 000-key map, a YAML
 * map of 24 000 keys), and JSON bodies close to the limit (an update with 100 000 finalizers, 2.0 MiB; a create of
 * a ConfigMap of 160 000 keys, 2.8 MiB, whose values stay under the 1 MiB data limit; a YAML map of 175 000 keys,
 * 3.0 MiB). Writes are `dryRun=All` on an object of the caller's namespace, so nothing is stored.
 */
import { MERGE_PATCH, YAML } from './hostile-input.js';
import type { Probe } from './http-probe.js';

/** One heavy request. */
export interface HeavyRequest {
  /** The case name (issue #19). */
  readonly name: string;
  /** The request. */
  readonly probe: Probe;
  /**
   * How long the request may take before it counts as a freeze, when longer than the test's own bound: a body near
   * the 3 MiB limit is slow work even when it is linear and leaves the event loop free.
   */
  readonly timeoutMillis?: number;
}

/** The ConfigMap every heavy patch targets (created by the caller in its namespace). */
export const HEAVY_TARGET = 'heavy-target';

const JSON_PATCH = 'application/json-patch+json';
const STRATEGIC = 'application/strategic-merge-patch+json';

function finalizers(n: number): string {
  return JSON.stringify({ metadata: { finalizers: Array.from({ length: n }, (_, i) => `example.com/f${i}`) } });
}

function copiesOfMap(keys: number, copies: number): string {
  const map = Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, `v${i}`]));
  const ops: object[] = [{ op: 'add', path: '/data', value: map }];
  for (let i = 0; i < copies; i++) ops.push({ op: 'copy', from: '/data', path: '/metadata/annotations' });
  return JSON.stringify(ops);
}

/** A ConfigMap of `keys` small entries: `k<i>: v<i>` (the values of 160 000 keys total 1 008 890 bytes, under 1 MiB). */
function configMapOfKeys(name: string, keys: number): string {
  const data = Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, `v${i}`]));
  return JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data });
}

/** The target ConfigMap of namespace `ns` with `n` finalizers. */
function targetWithFinalizers(ns: string, n: number): string {
  const finalizers = Array.from({ length: n }, (_, i) => `example.com/f${i}`);
  return JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: HEAVY_TARGET, namespace: ns, finalizers }, data: { a: 'b' } });
}

function yamlMap(keys: number): string {
  const lines = Array.from({ length: keys }, (_, i) => `  k${i}: v${i}`);
  return `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: yaml-map\ndata:\n${lines.join('\n')}\n`;
}

/** One heavy request of {@link HEAVY_REQUESTS}, whose body is built only when asked for (they total ~10 MB). */
export interface HeavyRequestTemplate {
  /** The case name (issue #19). */
  readonly name: string;
  /** The request against namespace `ns` (which holds the ConfigMap {@link HEAVY_TARGET}). */
  probe(ns: string): Probe;
  /** See {@link HeavyRequest.timeoutMillis}. */
  readonly timeoutMillis?: number;
}

const targetPath = (ns: string): string => `/api/v1/namespaces/${ns}/configmaps/${HEAVY_TARGET}?dryRun=All`;
const createPath = (ns: string): string => `/api/v1/namespaces/${ns}/configmaps?dryRun=All`;

/** The heavy requests, each built on demand (a test of one case builds that case's body only). */
export const HEAVY_REQUESTS: readonly HeavyRequestTemplate[] = [
  { name: 'strategic merge of 10 000 new finalizers', probe: (ns) => ({ method: 'PATCH', path: targetPath(ns), body: finalizers(10_000), headers: { 'content-type': STRATEGIC } }) },
  { name: 'strategic merge of 20 000 new finalizers', probe: (ns) => ({ method: 'PATCH', path: targetPath(ns), body: finalizers(20_000), headers: { 'content-type': STRATEGIC } }) },
  { name: 'merge patch of 20 000 new finalizers', probe: (ns) => ({ method: 'PATCH', path: targetPath(ns), body: finalizers(20_000), headers: { 'content-type': MERGE_PATCH } }) },
  { name: '800 json-patch copies of a 10 000-key map', probe: (ns) => ({ method: 'PATCH', path: targetPath(ns), body: copiesOfMap(10_000, 800), headers: { 'content-type': JSON_PATCH } }) },
  { name: 'update with 100 000 finalizers', probe: (ns) => ({ method: 'PUT', path: targetPath(ns), body: targetWithFinalizers(ns, 100_000) }) },
  { name: 'create of a ConfigMap of 160 000 keys', probe: (ns) => ({ method: 'POST', path: createPath(ns), body: configMapOfKeys('many-keys', 160_000) }) },
  { name: 'YAML map of 24 000 keys', probe: (ns) => ({ method: 'POST', path: createPath(ns), body: yamlMap(24_000), headers: { 'content-type': YAML } }) },
  // 3 102 844 bytes, the largest body of this shape within the 3 MiB limit (in steps of 5 000 keys), refused with
  // a 422 (ConfigMap data over 1 MiB) after the whole pipeline: 9–12 s at load 5 on the 2-core machine, over 20 s
  // at load 9 (the conversion in the YAML decoding thread, then seconds of validation and managed fields), and over
  // 60 s in a clean-clone `npm test` on 2026-12-02 (cc117, the machine in a slow state). The bound only tells a hang
  // from slowness; that the event loop never froze is what the /readyz polls (each within 5 s) check.
  {
    name: 'YAML map of 175 000 keys',
    probe: (ns) => ({ method: 'POST', path: createPath(ns), body: yamlMap(175_000), headers: { 'content-type': YAML } }),
    timeoutMillis: 180_000,
  },
];

/** Every heavy request against namespace `ns` (which holds the ConfigMap {@link HEAVY_TARGET}), bodies built. */
export function heavyRequests(ns: string): HeavyRequest[] {
  return HEAVY_REQUESTS.map(({ name, probe, timeoutMillis }) => (timeoutMillis === undefined ? { name, probe: probe(ns) } : { name, probe: probe(ns), timeoutMillis }));
}
