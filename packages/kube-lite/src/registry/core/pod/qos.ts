/**
 * Pod quality-of-service class (pkg/apis/core/helper/qos `GetPodQOS`), computed on create.
 * @module
 */
import { type JSONRecord, recordAt, recordsAt } from '../../../object-fields.js';

const SUFFIXES: Readonly<Record<string, number>> = {
  n: 1e-9,
  u: 1e-6,
  m: 1e-3,
  '': 1,
  k: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/** The numeric value of a resource quantity (`500m`, `1Gi`, `1e3`, `2`), or undefined when unparsable. */
export function quantityValue(q: unknown): number | undefined {
  if (typeof q === 'number') return q;
  if (typeof q !== 'string') return undefined;
  const m = /^([+-]?(?:\d+\.?\d*|\.\d+))(?:([eE][+-]?\d+)|(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE])?)$/.exec(q.trim());
  if (m === null) return undefined;
  const base = Number(m[1]);
  if (m[2] !== undefined) return base * 10 ** Number(m[2].slice(1));
  return base * (SUFFIXES[m[3] ?? ''] ?? 1);
}

const COMPUTE = ['cpu', 'memory'] as const;

function computeQuantities(list: JSONRecord | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const [name, q] of Object.entries(list ?? {})) {
    const v = quantityValue(q);
    if ((name === 'cpu' || name === 'memory') && v !== undefined && v !== 0) out.set(name, v);
  }
  return out;
}

/**
 * `Guaranteed` when every container has cpu and memory limits with requests equal to them (requests default
 * to limits), `BestEffort` when no container requests or limits any compute resource, else `Burstable`.
 */
export function podQOSClass(spec: JSONRecord): 'Guaranteed' | 'Burstable' | 'BestEffort' {
  const containers = [...recordsAt(spec, 'initContainers'), ...recordsAt(spec, 'containers')];
  let anyResources = false;
  let guaranteed = true;
  for (const c of containers) {
    const resources = recordAt(c, 'resources');
    const limits = computeQuantities(recordAt(resources, 'limits'));
    const requests = computeQuantities(recordAt(resources, 'requests'));
    if (limits.size > 0 || requests.size > 0) anyResources = true;
    for (const r of COMPUTE) if (!limits.has(r)) guaranteed = false;
    for (const [r, v] of requests) if (limits.get(r) !== v) guaranteed = false;
  }
  if (!anyResources) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}
