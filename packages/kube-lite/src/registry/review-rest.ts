/**
 * The shape every review storage shares (pkg/registry/authentication/{selfsubjectreview,tokenreview} and
 * pkg/registry/authorization/*review): cluster-scoped, create-only and never stored, one kind each.
 */
import type { ApiObject, Creater, RequestContext, Scoper, SingularNameProvider, Storage, ValidateObjectFunc } from '@apiserver/registry';

/** A create-only, never-stored, cluster-scoped storage of one review kind; subclasses answer `create`. */
export abstract class ReviewREST implements Storage, Creater, Scoper, SingularNameProvider {
  readonly #apiVersion: string;
  readonly #kind: string;

  /** The review's `apiVersion` (e.g. `authorization.k8s.io/v1`) and kind. */
  protected constructor(apiVersion: string, kind: string) {
    this.#apiVersion = apiVersion;
    this.#kind = kind;
  }

  /** A new empty review. */
  newObject(): ApiObject {
    return { apiVersion: this.#apiVersion, kind: this.#kind, metadata: {} };
  }

  /** Nothing to release. */
  destroy(): void {}

  /** Reviews are cluster-scoped. */
  namespaceScoped(): boolean {
    return false;
  }

  /** The kind in lower case (`selfsubjectaccessreview`, `tokenreview`, …). */
  getSingularName(): string {
    return this.#kind.toLowerCase();
  }

  /** Answers the review. */
  abstract create(ctx: RequestContext, obj: ApiObject, createValidation?: ValidateObjectFunc): Promise<ApiObject>;
}
