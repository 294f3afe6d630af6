/**
 * The node strategies (pkg/registry/node/strategy.go): cluster-scoped, DNS-subdomain names, every field
 * (status included) settable on create, status kept on spec updates; the status strategy keeps the spec.
 * @module
 */
import { type ApiObject, GenericStrategy, type RequestContext } from '@apiserver/registry';
import { validateNode, validateNodeUpdate } from './validation.js';

/** The main node strategy. */
export class NodeStrategy extends GenericStrategy {
  /** Creates the strategy. */
  constructor() {
    super({
      namespaceScoped: false,
      validate: (_ctx, obj) => validateNode(obj),
      validateUpdate: (_ctx, obj, old) => validateNodeUpdate(obj, old),
    });
  }

  /** Nodes may be created with a status (the kubelet registers itself that way). */
  override prepareForCreate(): void {}

  /** Keeps the stored status. */
  override prepareForUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    if (old.status === undefined) delete obj.status;
    else obj.status = structuredClone(old.status);
  }
}

/** The `nodes/status` strategy: keeps the stored spec (metadata is the request's). */
export class NodeStatusStrategy extends NodeStrategy {
  /** Upstream's `GetResetFields`: a write through `/status` cannot own the spec. */
  getResetFields(): Record<string, readonly string[]> {
    return { v1: ['spec'] };
  }

  /** Keeps the stored spec. */
  override prepareForUpdate(_ctx: RequestContext, obj: ApiObject, old: ApiObject): void {
    if (old.spec === undefined) delete obj.spec;
    else obj.spec = structuredClone(old.spec);
  }
}
