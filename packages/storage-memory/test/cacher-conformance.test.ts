import { cacherConformanceSkips, cacherFactory, runStorageConformance } from '@apiserver/storage/testing';
import t from 'tap';
import { memoryFactory } from './fixtures/memory-factory.js';

// The production stack of a memory-backed server: the watch cache over this backend.
await runStorageConformance(t, cacherFactory(memoryFactory), { skip: cacherConformanceSkips });
