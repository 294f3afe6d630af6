/**
 * The REST storage of flunders and fischers (k8s.io/sample-apiserver `pkg/registry/wardle`): generic stores whose
 * strategies validate object names; flunders are defaulted on every write and checked with `ValidateFlunder` on
 * create (upstream validates nothing more on update).
 */
import { type ApiObject, GenericStrategy, type GenericStrategyOptions, type RequestContext, Store } from '@apiserver/registry';
import type { MemoryBackend } from '@apiserver/storage-memory';
import { validateFlunder } from '../apis/validation.js';
import { defaultFlunder, WARDLE_V1ALPHA1 } from '../apis/wardle.js';

/** What differs between the two resources. */
interface ResourceInfo {
  readonly resource: string;
  readonly kind: string;
  readonly shortNames: string[];
  readonly strategy: GenericStrategy;
}

/** The flunder strategy: generic, with flunders defaulted on every write and validated on create. */
class FlunderStrategy extends GenericStrategy {
  /** Namespaced; updates need a resourceVersion, as upstream's `AllowUnconditionalUpdate` is false. */
  constructor() {
    const options: GenericStrategyOptions = { namespaceScoped: true, allowUnconditionalUpdate: false, validate: (_ctx, obj) => validateFlunder(obj) };
    super(options);
  }

  /** Defaults the flunder, then prepares it as the generic strategy does. */
  override prepareForCreate(ctx: RequestContext, obj: ApiObject): void {
    defaultFlunder(obj);
    super.prepareForCreate(ctx, obj);
  }

  /** Defaults the flunder, then prepares it as the generic strategy does. */
  override prepareForUpdate(ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    defaultFlunder(obj);
    super.prepareForUpdate(ctx, obj, old);
  }
}

function newStore(backend: MemoryBackend, r: ResourceInfo): Store {
  const apiVersion = `${WARDLE_V1ALPHA1.group}/${WARDLE_V1ALPHA1.version}`;
  const strategy = r.strategy;
  return new Store({
    newObject: () => ({ apiVersion, kind: r.kind, metadata: {} }),
    newList: () => ({ apiVersion, kind: `${r.kind}List`, metadata: {}, items: [] }),
    defaultQualifiedResource: { group: WARDLE_V1ALPHA1.group, resource: r.resource },
    singularQualifiedResource: { group: WARDLE_V1ALPHA1.group, resource: r.kind.toLowerCase() },
    storage: backend.storage<ApiObject>(),
    resourcePrefix: `/${WARDLE_V1ALPHA1.group}/${r.resource}`,
    strategies: { create: strategy, update: strategy, delete: strategy },
    shortNames: r.shortNames,
  });
}

/** Flunders: namespaced, short name `fl`, validated on create. */
export function newFlunderStore(backend: MemoryBackend): Store {
  return newStore(backend, {
    resource: 'flunders',
    kind: 'Flunder',
    shortNames: ['fl'],
    strategy: new FlunderStrategy(),
  });
}

/** Fischers: cluster-scoped. */
export function newFischerStore(backend: MemoryBackend): Store {
  return newStore(backend, {
    resource: 'fischers',
    kind: 'Fischer',
    shortNames: [],
    strategy: new GenericStrategy({ namespaceScoped: false, allowUnconditionalUpdate: false }),
  });
}
