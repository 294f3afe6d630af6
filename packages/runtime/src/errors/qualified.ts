/**
 * The group-qualified resource and kind names that error messages print
 * (`schema.GroupResource.String()` / `schema.GroupKind.String()`).
 *
 * @module
 */

/** A resource in an API group (structurally `schema.GroupResource`); group `''` is the core group. */
export interface QualifiedResource {
  /** The API group, `''` for the core group. */
  readonly group: string;
  /** The resource plural, e.g. `deployments`. */
  readonly resource: string;
}

/** A kind in an API group (structurally `schema.GroupKind`). */
export interface QualifiedKind {
  /** The API group, `''` for the core group. */
  readonly group: string;
  /** The kind, e.g. `Deployment`. */
  readonly kind: string;
}

/** Renders `resource` or `resource.group` (`deployments.apps`). */
export function groupResourceString(gr: QualifiedResource): string {
  return gr.group === '' ? gr.resource : `${gr.resource}.${gr.group}`;
}

/** Renders `Kind` or `Kind.group` (`Deployment.apps`). */
export function groupKindString(gk: QualifiedKind): string {
  return gk.group === '' ? gk.kind : `${gk.kind}.${gk.group}`;
}
