/**
 * Requests to the resource of a deprecated kind, as upstream's installer serves them (`utilwarning.AddWarningsHandler`
 * around every handler, and the `deprecated` and `removedRelease` arguments of `metrics.InstrumentRouteFunc`): each
 * answer, an error's too, carries the deprecation warning; the request's audit event is annotated
 * `k8s.io/deprecated: "true"` (and `k8s.io/removed-release: <release>` when a removal is announced); and
 * `apiserver_requested_deprecated_apis{group,version,resource,subresource,removed_release}` is set to 1.
 * @module
 */
import type { Gauge } from '@apiserver/storage';
import { requestAuditRecorderOf } from '../audit/request-audit.js';
import type { Handler } from './request-scope.js';

/** The audit annotation of a request to a deprecated kind. */
export const DEPRECATED_ANNOTATION = 'k8s.io/deprecated';
/** The audit annotation naming the release that removes it. */
export const REMOVED_RELEASE_ANNOTATION = 'k8s.io/removed-release';

/** What a deprecated resource's requests carry. */
export interface DeprecatedAPI {
  /** The warning (`v1 ComponentStatus is deprecated in v1.19+`). */
  readonly warning: string;
  /** The release that removes the kind (`1.25`), or ''. */
  readonly removedRelease: string;
  /** The resource's `apiserver_requested_deprecated_apis` series, when metrics are recorded. */
  readonly requested?: Gauge;
}

/** `handler` serving a deprecated kind's resource (see the module). */
export function deprecatedAPIHandler(handler: Handler, api: DeprecatedAPI): Handler {
  return (request) => {
    request.warnings.push(api.warning);
    const audit = requestAuditRecorderOf(request.req);
    audit?.addAnnotation(DEPRECATED_ANNOTATION, 'true');
    if (api.removedRelease !== '') audit?.addAnnotation(REMOVED_RELEASE_ANNOTATION, api.removedRelease);
    api.requested?.set(1);
    return handler(request);
  };
}
