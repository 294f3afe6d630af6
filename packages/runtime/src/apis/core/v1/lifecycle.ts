/**
 * The lifecycle of core/v1 kinds (k8s.io/api's hand-written `core/v1/lifecycle.go`): ComponentStatus and its list are
 * deprecated since 1.19, with no replacement and no removal announced.
 * @module
 */
import type { Scheme } from '../../../runtime/scheme.js';

/** Records the deprecated core/v1 kinds in `scheme`. */
export function addCoreV1Lifecycles(scheme: Scheme): Scheme {
  for (const kind of ['ComponentStatus', 'ComponentStatusList']) scheme.setAPILifecycle({ group: '', version: 'v1', kind }, { deprecated: [1, 19] });
  return scheme;
}
