/**
 * The `NamespaceLifecycle` admission plugin (plugin/pkg/admission/namespace/lifecycle): no new objects in
 * a missing or terminating namespace, immortal namespaces cannot be deleted.
 * @module
 */
import { newForbidden, newInternalError, newNotFound, StatusError } from '@apiserver/runtime';
import type { ApiObject, RequestContext } from '../../rest/types.js';
import { newAdmissionForbidden } from '../forbidden.js';
import type { Attributes, MutationInterface, Operation } from '../interfaces.js';

/** Looks a namespace up by name; resolves `undefined` when it does not exist. */
export type NamespaceLookup = (name: string) => Promise<ApiObject | undefined>;

/** Namespaces that can never be deleted by default: default, kube-system, kube-public. */
export const DEFAULT_IMMORTAL_NAMESPACES: readonly string[] = ['default', 'kube-system', 'kube-public'];

/** Status cause type added when creating in a terminating namespace (`v1.NamespaceTerminatingCause`). */
export const NAMESPACE_TERMINATING_CAUSE = 'NamespaceTerminating';

function isNamespaceKind(a: Attributes): boolean {
  return a.kind.group === '' && a.kind.kind === 'Namespace';
}

function phaseOf(ns: ApiObject): unknown {
  const status = ns['status'];
  return typeof status === 'object' && status !== null ? (status as Record<string, unknown>)['phase'] : undefined;
}

function terminatingError(a: Attributes): StatusError {
  const err = newAdmissionForbidden(a, `unable to create new content in namespace ${a.namespace} because it is being terminated`);
  const cause = { reason: NAMESPACE_TERMINATING_CAUSE, message: `namespace ${a.namespace} is being terminated`, field: 'metadata.namespace' };
  return new StatusError({ ...err.status, details: { ...err.status.details, causes: [...(err.status.details?.causes ?? []), cause] } });
}

/**
 * Rejects creates in missing (404) or terminating (403) namespaces and deletes of immortal namespaces.
 * Upstream registers it as a mutating plugin (`Admit`) although it never mutates, so it runs in the
 * handler before the store; it is one here too.
 */
export class NamespaceLifecycle implements MutationInterface {
  /** The plugin's registered name. */
  readonly name = 'NamespaceLifecycle';
  readonly #lookup: NamespaceLookup;
  readonly #immortal: ReadonlySet<string>;

  /** Creates the plugin with a namespace lookup and the immortal namespaces. */
  constructor(lookup: NamespaceLookup, immortalNamespaces: readonly string[] = DEFAULT_IMMORTAL_NAMESPACES) {
    this.#lookup = lookup;
    this.#immortal = new Set(immortalNamespaces);
  }

  /** Handles CREATE, UPDATE and DELETE. */
  handles(operation: Operation): boolean {
    return operation === 'CREATE' || operation === 'UPDATE' || operation === 'DELETE';
  }

  /** Applies the namespace lifecycle rules (never changes the object). */
  async admit(_ctx: RequestContext, a: Attributes): Promise<void> {
    if (a.operation === 'DELETE' && isNamespaceKind(a) && this.#immortal.has(a.name)) {
      throw newForbidden({ group: a.resource.group, resource: a.resource.resource }, a.name, 'this namespace may not be deleted');
    }
    if (a.namespace === '' || isNamespaceKind(a) || a.operation === 'DELETE') return;
    let ns: ApiObject | undefined;
    try {
      ns = await this.#lookup(a.namespace);
    } catch (err) {
      // A lookup that already failed with an API status (ServerTimeout while storage is unreachable) keeps it:
      // upstream usually answers from its informer cache and the write then fails in storage with that status.
      if (err instanceof StatusError) throw err;
      throw newInternalError(err instanceof Error ? err : String(err));
    }
    if (ns === undefined) throw newNotFound({ group: '', resource: 'namespaces' }, a.namespace);
    if (a.operation === 'CREATE' && phaseOf(ns) === 'Terminating') throw terminatingError(a);
  }
}
