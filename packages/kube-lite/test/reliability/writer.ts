/** A background writer: sequential merge patches over a set of ConfigMaps, each attempt recorded in a ledger. */
import { call, dataOf, resourceVersionOf, TransportError } from './http.js';
import type { WriteLedger } from './ledger.js';

/** A running writer; `stop()` resolves once its last request settled. */
export interface BackgroundWriter {
  stop(): Promise<void>;
  /** Answer statuses (or `transport`) that were not 2xx, with counts. */
  readonly failures: Map<string, number>;
}

/** Creates (POST) or updates (merge PATCH) `name` to `value` through `base`; the outcome goes to `ledger`. */
export async function writeConfigMap(
  base: string,
  namespace: string,
  name: string,
  value: string,
  create: boolean,
  ledger: WriteLedger,
  timeoutMillis = 10_000,
): Promise<string> {
  const handle = ledger.attempt(name, value);
  const collection = `/api/v1/namespaces/${namespace}/configmaps`;
  try {
    const res = create
      ? await call(base, 'POST', collection, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { v: value } }, { timeoutMillis })
      : await call(base, 'PATCH', `${collection}/${name}`, { data: { v: value } }, { contentType: 'application/merge-patch+json', timeoutMillis });
    if ((res.status === 200 || res.status === 201) && dataOf(res.body, 'v') === value) {
      handle.ack(resourceVersionOf(res.body));
      return String(res.status);
    }
    handle.fail();
    return String(res.status);
  } catch (err) {
    if (!(err instanceof TransportError)) throw err;
    handle.fail();
    return 'transport';
  }
}

/** Starts updating `names` round-robin, one request at a time, pausing `pauseMillis` between requests. */
export function startWriter(base: string, namespace: string, names: readonly string[], ledger: WriteLedger, pauseMillis = 20): BackgroundWriter {
  let stopped = false;
  const failures = new Map<string, number>();
  const loop = (async () => {
    for (let i = 0; !stopped; i++) {
      const name = names[i % names.length] ?? '';
      const status = await writeConfigMap(base, namespace, name, `w${i}`, false, ledger);
      if (status !== '200') failures.set(status, (failures.get(status) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, pauseMillis));
    }
  })();
  return {
    failures,
    stop: async () => {
      stopped = true;
      await loop;
    },
  };
}
