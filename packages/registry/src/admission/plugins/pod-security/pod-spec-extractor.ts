/**
 * Which resources carry a pod spec and where (`admission.DefaultPodSpecExtractor`): pods, and the pod template of
 * replication controllers, pod templates, replica sets, deployments, stateful sets, daemon sets, jobs and cron jobs.
 * @module
 */
import { isRecord, type JSONRecord } from '../../../quota/json-record.js';
import type { ApiObject } from '../../../rest/types.js';

/** A pod's metadata and spec, or a template's. */
export interface PodMetaAndSpec {
  /** The metadata (a template's own). */
  readonly metadata: JSONRecord;
  /** The spec. */
  readonly spec: JSONRecord;
}

/** `group/resource` → the path of its pod template ([] for a pod itself). */
const POD_SPEC_RESOURCES: ReadonlyMap<string, readonly string[]> = new Map([
  ['/pods', []],
  ['/replicationcontrollers', ['spec', 'template']],
  ['/podtemplates', ['template']],
  ['apps/replicasets', ['spec', 'template']],
  ['apps/deployments', ['spec', 'template']],
  ['apps/statefulsets', ['spec', 'template']],
  ['apps/daemonsets', ['spec', 'template']],
  ['batch/jobs', ['spec', 'template']],
  ['batch/cronjobs', ['spec', 'jobTemplate', 'spec', 'template']],
]);

/** Whether objects of this group and resource may carry a pod spec. */
export function hasPodSpec(group: string, resource: string): boolean {
  return POD_SPEC_RESOURCES.has(`${group}/${resource}`);
}

/**
 * The pod metadata and spec of an object of this resource; undefined when a template that is optional is absent
 * (a template present without metadata or spec reads as empty ones, as Go's zero values).
 */
export function extractPodSpec(group: string, resource: string, obj: ApiObject): PodMetaAndSpec | undefined {
  const path = POD_SPEC_RESOURCES.get(`${group}/${resource}`);
  if (path === undefined) throw new Error(`unexpected object type: ${obj.apiVersion ?? ''}, Kind=${obj.kind ?? ''}`);
  let node: unknown = obj;
  for (const key of path) node = isRecord(node) ? node[key] : undefined;
  // Only a replication controller's template is a pointer; elsewhere an absent struct is its zero value.
  if (!isRecord(node)) return resource === 'replicationcontrollers' ? undefined : { metadata: {}, spec: {} };
  const metadata = node['metadata'];
  const spec = node['spec'];
  return { metadata: isRecord(metadata) ? metadata : {}, spec: isRecord(spec) ? spec : {} };
}
