/**
 * What a backend gives the conformance suite: a fresh store per case plus optional test hooks.
 * @module
 */
import type { StorageInterface } from '../interfaces.js';
import type { StorageObject } from '../object.js';
import type { ValueTransformer } from '../value-transformer.js';

/** Inputs of a factory call: every case gets its own key prefix and a transformer it controls. */
export interface StorageFactoryOptions {
  /**
   * Unique path prefix for this case (e.g. `/conformance-17/`), used by the backend like etcd's `--etcd-prefix` so
   * cases sharing one server do not collide; the suite itself uses keys such as `/pods/ns/name`.
   */
  prefix: string;
  /** The value transformer the store must apply (the suite swaps its prefix/staleness to test transformer rules). */
  transformer: ValueTransformer;
}

/** A store under test plus optional capabilities the suite uses when present (skipping cases that need them otherwise). */
export interface StorageHarness {
  /** The store under test. */
  store: StorageInterface<StorageObject>;
  /** Compacts the history before revision `rev`, as etcd does: `rev` itself stays readable, older revisions answer 410 Expired. */
  compact?(rev: number): Promise<void>;
  /** Makes TTL'd objects whose time has come expire now (otherwise the suite waits up to 5 s for real expiry). */
  expireTTLs?(): Promise<void>;
  /** Whether the store applies `StorageFactoryOptions.transformer` to stored bytes (transformer cases are skipped otherwise). */
  usesTransformer?: boolean;
  /** Whether the store serves RV "0" reads from a possibly stale cache (relaxes exact-RV expectations). */
  isCache?: boolean;
  /** Releases the store (closes connections, stops timers). */
  destroy(): Promise<void>;
}

/** Creates a fresh harness for one conformance case. */
export type StorageFactory = (options: StorageFactoryOptions) => Promise<StorageHarness>;

/** Named, reasoned skips: `{ "case name": "why it does not apply" }`. */
export type ConformanceSkips = Readonly<Record<string, string>>;

/** Options of the conformance run. */
export interface ConformanceOptions {
  /** Cases to skip, each with its reason (printed by tap). */
  skip?: ConformanceSkips;
}
