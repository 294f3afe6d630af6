/**
 * The csinode strategy (pkg/registry/storage/csinode/strategy.go): cluster-scoped, named like nodes (DNS
 * subdomains), validation; no status and no generation.
 * @module
 */
import { GenericStrategy } from '@apiserver/registry';
import { storageV1 } from '@apiserver/runtime/apis';
import { validateCSINode, validateCSINodeUpdate } from './validation.js';

/** Create and update behaviour of CSI nodes. */
export class CSINodeStrategy extends GenericStrategy {
  /** A cluster-scoped strategy with CSI node validation. */
  constructor() {
    super({
      namespaceScoped: false,
      allowUnconditionalUpdate: false,
      schema: storageV1.CSINodeSchema,
      validate: (_ctx, obj) => validateCSINode(obj),
      validateUpdate: (_ctx, obj, old) => validateCSINodeUpdate(obj, old),
    });
  }
}
