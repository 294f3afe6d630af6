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
export { type CaseContext, type Capability, type ConformanceCase, makePod, podKey, type TestPod } from './fixtures.js';
export { cacherConformanceSkips, cacherFactory } from './cacher-harness.js';
export { EventReader, type ReadResult } from './reader.js';
export { conformanceCaseNames, conformanceCases, runStorageConformance } from './suite.js';
