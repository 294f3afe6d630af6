/** Defaulting of discovery.k8s.io/v1 kinds, as upstream's `pkg/apis/discovery/v1/defaults.go`. */
import type { KubeObject } from '../../../runtime/scheme.js';
import { isRecord } from '../../../serializer/go-json.js';

/** discovery/v1 SetDefaults_EndpointPort for every port of a slice: a nil name becomes `""`, a nil protocol TCP. */
export function defaultEndpointSlice(obj: KubeObject): void {
  if (!Array.isArray(obj.ports)) return;
  for (const port of obj.ports) {
    if (!isRecord(port)) continue;
    port.name ??= '';
    port.protocol ??= 'TCP';
  }
}
