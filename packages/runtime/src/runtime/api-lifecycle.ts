/**
 * The lifecycle of an API kind (apimachinery's `deprecation` package over the `APILifecycleDeprecated`,
 * `APILifecycleRemoved` and `APILifecycleReplacement` methods of the Go types): the release a kind is deprecated in,
 * the one it is removed in and what replaces it. The API server warns every request to a deprecated kind's resource
 * (`v1 ComponentStatus is deprecated in v1.19+`).
 * @module
 */
import { formatGroupVersion, type GroupVersionKind } from './group-version.js';

/** A release, `[major, minor]`. */
export type Release = readonly [major: number, minor: number];

/** When a kind is deprecated and removed, and what replaces it. */
export interface APILifecycle {
  /** The release that deprecated it. */
  readonly deprecated: Release;
  /** The release that removes it, if announced. */
  readonly removed?: Release;
  /** The kind to use instead, if any. */
  readonly replacement?: GroupVersionKind;
}

/** `1.25`, or '' when no removal is announced (upstream's `RemovedRelease`). */
export function removedRelease(l: APILifecycle): string {
  return l.removed === undefined ? '' : `${l.removed[0]}.${l.removed[1]}`;
}

/**
 * The warning of a request to a deprecated kind (upstream's `WarningMessage`):
 * `<group/version> <Kind> is deprecated in v<major>.<minor>+[; use <group/version> <Kind>][, unavailable in v<release>+]`.
 */
export function deprecationWarning(gvk: GroupVersionKind, l: APILifecycle): string {
  let warning = `${formatGroupVersion(gvk)} ${gvk.kind} is deprecated in v${l.deprecated[0]}.${l.deprecated[1]}+`;
  if (l.replacement !== undefined) warning += `; use ${formatGroupVersion(l.replacement)} ${l.replacement.kind}`;
  if (l.removed !== undefined) warning += `, unavailable in v${removedRelease(l)}+`;
  return warning;
}
