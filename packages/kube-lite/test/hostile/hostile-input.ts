/**
 * What one generated input of the hostile suite is, and the namespaces and media types the generators share.
 * Writes go to namespace {@link ABSENT} (it does not exist: anything that decodes gets 404) or to the fixtures in
 * {@link FIXTURE_NAMESPACE} with a stale resourceVersion or `dryRun=All`, so that no input can change stored data.
 */
import type { Probe } from './http-probe.js';

/** One generated input. */
export interface HostileInput {
  /** The category reported in the counts. */
  readonly category: string;
  /** The request. */
  readonly probe: Probe;
  /** Statuses accepted besides a 4xx Status (e.g. 200 for a dry-run patch that happens to be valid). */
  readonly alsoAllowed?: readonly number[];
  /** The one status the answer must have (e.g. 413 for a body over the limit). */
  readonly requiredStatus?: number;
}

/** Namespace of the fixtures. */
export const FIXTURE_NAMESPACE = 'hostile';
/** A namespace that does not exist. */
export const ABSENT = 'absent';
/** Kubernetes' protobuf media type. */
export const PROTOBUF = 'application/vnd.kubernetes.protobuf';
/** YAML. */
export const YAML = 'application/yaml';
/** JSON merge patch (RFC 7386). */
export const MERGE_PATCH = 'application/merge-patch+json';
