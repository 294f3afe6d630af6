/**
 * The create warning of jobs and cronjobs (pkg/registry/batch/{job,cronjob} `WarningsOnCreate`): their names end
 * up in pod names and hostnames, where a DNS label is expected.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { isDNS1123Label } from '@apiserver/runtime';

/** One warning when the object's name is not a DNS-1123 label, none otherwise. */
export function podNameWarnings(obj: ApiObject): string[] {
  const msgs = isDNS1123Label(obj.metadata.name ?? '');
  if (msgs.length === 0) return [];
  return [`metadata.name: this is used in Pod names and hostnames, which can result in surprising behavior; a DNS label is recommended: [${msgs.join(' ')}]`];
}
