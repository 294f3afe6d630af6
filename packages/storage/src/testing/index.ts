/**
 * The storage conformance suite entry point (`@apiserver/storage/testing`).
 * @module
 */
export type {
  ConformanceOptions,
  ConformanceSkips,
  StorageFactory,
  StorageFactoryOptions,
  StorageHarness,
} from './harness.js';
