/**
 * Admission contracts (k8s.io/apiserver/pkg/admission/interfaces.go): attributes of a request and the
 * mutating and validating plugin interfaces.
 * @module
 */
import type { GroupVersionKind, GroupVersionResource } from '@apiserver/runtime';
import type { ApiObject, RequestContext, UserInfo } from '../rest/types.js';

/** The operation being admitted. */
export type Operation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

/** Everything a plugin may look at about one request (`admission.Attributes`). */
export interface Attributes {
  /** The operation. */
  readonly operation: Operation;
  /** Kind of the object. */
  readonly kind: GroupVersionKind;
  /** Resource being accessed. */
  readonly resource: GroupVersionResource;
  /** Subresource ("" when none). */
  readonly subresource: string;
  /** Namespace ("" for cluster-scoped). */
  readonly namespace: string;
  /** Object name ("" when not yet known, e.g. generateName). */
  readonly name: string;
  /** The new object (mutable by mutating plugins); absent for DELETE and CONNECT. */
  readonly object: ApiObject | undefined;
  /** The existing object for UPDATE and DELETE. */
  readonly oldObject: ApiObject | undefined;
  /** The operation options (CreateOptions, UpdateOptions, DeleteOptions…). */
  readonly options: unknown;
  /** Whether the request is a dry run (plugins with side effects must not act). */
  readonly dryRun: boolean;
  /** The requesting user. */
  readonly user: UserInfo | undefined;
}

/** Builds an Attributes record (`admission.NewAttributesRecord`), defaulting the optional parts. */
export function newAttributesRecord(init: Partial<Attributes> & Pick<Attributes, 'operation' | 'kind' | 'resource'>): Attributes {
  return {
    subresource: '',
    namespace: '',
    name: '',
    object: undefined,
    oldObject: undefined,
    options: undefined,
    dryRun: false,
    user: undefined,
    ...init,
  };
}

/** Any admission plugin: says which operations it handles. */
export interface AdmissionInterface {
  /** Whether the plugin wants to see `operation`. */
  handles(operation: Operation): boolean;
  /**
   * The name the plugin is registered under (`NamespaceLifecycle`): the `name` label of
   * `apiserver_admission_controller_admission_duration_seconds`. A chain does not time unnamed plugins one by one.
   */
  readonly name?: string;
}

/** A mutating plugin: may change `attributes.object`; throw to reject. */
export interface MutationInterface extends AdmissionInterface {
  /** Mutates the object; throw a StatusError (usually 403) to reject. */
  admit(ctx: RequestContext, attributes: Attributes): void | Promise<void>;
}

/** A validating plugin: must not change anything; throw to reject. */
export interface ValidationInterface extends AdmissionInterface {
  /** Validates the request; throw a StatusError (usually 403) to reject. */
  validate(ctx: RequestContext, attributes: Attributes): void | Promise<void>;
}

/** Whether a plugin mutates. */
export function isMutationInterface(p: AdmissionInterface): p is MutationInterface {
  return typeof (p as Partial<MutationInterface>).admit === 'function';
}

/** Whether a plugin validates. */
export function isValidationInterface(p: AdmissionInterface): p is ValidationInterface {
  return typeof (p as Partial<ValidationInterface>).validate === 'function';
}
