/**
 * prom-client's `Registry`, loaded from its own module (`prom-client/lib/registry.js`): the same class the package
 * index exports, without the rest of the index — every metric type, the default metrics, the Pushgateway (which
 * loads node:https) and the cluster aggregator (node:cluster) — which a server only registering its own metrics
 * never uses, and whose loading start-up would pay.
 */
import type { Registry as PromRegistry } from 'prom-client';
import registryClass from 'prom-client/lib/registry.js';

/** prom-client's `Registry` class (identical to `import { Registry } from 'prom-client'`). */
export const Registry: typeof PromRegistry = registryClass;
