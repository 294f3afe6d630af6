import t from 'tap';
import { cacherConformanceSkips, cacherFactory, runStorageConformance } from '../src/testing/index.js';
import { mvccFactory } from './fixtures/mvcc-factory.js';

// The Cacher over the reference store, also serving consistent lists from the cache.
await runStorageConformance(t, cacherFactory(mvccFactory, { consistentListFromCache: true }), { skip: cacherConformanceSkips });
