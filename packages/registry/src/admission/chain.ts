/**
 * An ordered chain of admission plugins (`admission.chainAdmissionHandler`): `admit` runs every mutating
 * plugin that handles the operation, `validate` every validating one, in order; the first error stops.
 * @module
 */
import type { RequestContext } from '../rest/types.js';
import {
  type AdmissionInterface,
  type Attributes,
  isMutationInterface,
  isValidationInterface,
  type MutationInterface,
  type Operation,
  type ValidationInterface,
} from './interfaces.js';

/** Runs plugins in order; is itself a mutating and validating plugin. */
export class AdmissionChain implements MutationInterface, ValidationInterface {
  readonly #plugins: readonly AdmissionInterface[];

  /** Creates a chain of `plugins` (order matters). */
  constructor(plugins: readonly AdmissionInterface[]) {
    this.#plugins = [...plugins];
  }

  /** True if any plugin handles `operation`. */
  handles(operation: Operation): boolean {
    return this.#plugins.some((p) => p.handles(operation));
  }

  /** Runs the mutating plugins that handle the operation. */
  async admit(ctx: RequestContext, attributes: Attributes): Promise<void> {
    for (const p of this.#plugins) {
      if (isMutationInterface(p) && p.handles(attributes.operation)) await p.admit(ctx, attributes);
    }
  }

  /** Runs the validating plugins that handle the operation. */
  async validate(ctx: RequestContext, attributes: Attributes): Promise<void> {
    for (const p of this.#plugins) {
      if (isValidationInterface(p) && p.handles(attributes.operation)) await p.validate(ctx, attributes);
    }
  }
}
