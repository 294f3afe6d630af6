/** Group, version, kind and resource identifiers, with Kubernetes' string forms. */

/** An API group and version; the legacy core group is the empty string. */
export interface GroupVersion {
  /** API group, `""` for the core group. */
  readonly group: string;
  /** API version, e.g. `v1`. */
  readonly version: string;
}

/** A group, version and kind. */
export interface GroupVersionKind extends GroupVersion {
  /** Kind, e.g. `ConfigMap`. */
  readonly kind: string;
}

/** A group, version and resource. */
export interface GroupVersionResource extends GroupVersion {
  /** Plural resource name, e.g. `configmaps`. */
  readonly resource: string;
}

/** A group and kind, without version. */
export interface GroupKind {
  /** API group. */
  readonly group: string;
  /** Kind. */
  readonly kind: string;
}

/** A group and resource, without version. */
export interface GroupResource {
  /** API group. */
  readonly group: string;
  /** Plural resource name. */
  readonly resource: string;
}

/** Thrown when a group/version string has more than one slash. */
export class GroupVersionParseError extends Error {
  constructor(input: string) {
    super(`unexpected GroupVersion string: ${input}`);
    this.name = 'GroupVersionParseError';
  }
}

/** Parses `v1`, `apps/v1` or `""` into a GroupVersion (Go: `schema.ParseGroupVersion`). */
export function parseGroupVersion(apiVersion: string): GroupVersion {
  if (apiVersion === '' || apiVersion === '/') return { group: '', version: '' };
  const parts = apiVersion.split('/');
  if (parts.length === 1) return { group: '', version: apiVersion };
  if (parts.length === 2) return { group: parts[0] ?? '', version: parts[1] ?? '' };
  throw new GroupVersionParseError(apiVersion);
}

/** Formats a GroupVersion as `version` (core group) or `group/version`. */
export function formatGroupVersion(gv: GroupVersion): string {
  if (gv.group === '' && gv.version === '') return '';
  return gv.group === '' ? gv.version : `${gv.group}/${gv.version}`;
}

/** Builds a GroupVersionKind from an object's `apiVersion` and `kind`. */
export function gvkFromAPIVersionAndKind(apiVersion: string, kind: string): GroupVersionKind {
  return { ...parseGroupVersion(apiVersion), kind };
}

/** Returns the `apiVersion` and `kind` an object of this GroupVersionKind carries. */
export function toAPIVersionAndKind(gvk: GroupVersionKind): { apiVersion: string; kind: string } {
  return { apiVersion: formatGroupVersion(gvk), kind: gvk.kind };
}

/** Formats a GroupVersionKind as Go's `String()` does: `group/version, Kind=kind`. */
export function formatGroupVersionKind(gvk: GroupVersionKind): string {
  return `${gvk.group}/${gvk.version}, Kind=${gvk.kind}`;
}

/** Formats a GroupVersionResource as Go's `String()` does: `group/version, Resource=resource`. */
export function formatGroupVersionResource(gvr: GroupVersionResource): string {
  return `${gvr.group}/${gvr.version}, Resource=${gvr.resource}`;
}

/** Formats a GroupResource as `resource` or `resource.group` (as used in error messages). */
export function formatGroupResource(gr: GroupResource): string {
  return gr.group === '' ? gr.resource : `${gr.resource}.${gr.group}`;
}

/** Parses `resource`, `resource.group` (the first dot splits) into a GroupResource. */
export function parseGroupResource(s: string): GroupResource {
  const i = s.indexOf('.');
  return i < 0 ? { group: '', resource: s } : { group: s.slice(i + 1), resource: s.slice(0, i) };
}

/** A stable map key for a GroupVersionKind. */
export function gvkKey(gvk: GroupVersionKind): string {
  return `${gvk.group}/${gvk.version}/${gvk.kind}`;
}
