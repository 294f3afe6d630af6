import { runStorageConformance } from '@apiserver/storage/testing';
import t from 'tap';
import { memoryFactory } from './fixtures/memory-factory.js';

await runStorageConformance(t, memoryFactory);
