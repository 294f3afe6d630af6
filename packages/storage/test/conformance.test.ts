import t from 'tap';
import { conformanceCaseNames, runStorageConformance } from '../src/testing/index.js';
import { mvccFactory } from './fixtures/mvcc-factory.js';

t.ok(conformanceCaseNames.length > 50, `${conformanceCaseNames.length} cases`);
t.equal(new Set(conformanceCaseNames).size, conformanceCaseNames.length, 'case names are unique');

await runStorageConformance(t, mvccFactory);
