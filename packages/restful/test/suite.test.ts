/** This folder's `*.spec.ts` files and those of its sub-folders without a suite, run in one test process (see `importSpecs` in @apiserver/testing). */
import { importSpecs, SPEC_TIMEOUT_MILLIS, specFiles } from '@apiserver/testing';
import t from 'tap';

t.setTimeout(SPEC_TIMEOUT_MILLIS * specFiles(import.meta.url).length);
await importSpecs(import.meta.url);
