/** Every finding of issue #19, in the order the process-level test runs them (the fresh-process one first). */
import type { Finding } from './finding.js';
import { COPY_FINDINGS, NULL_FINDINGS, UNKNOWN_FIELD_FINDINGS, VALUE_FINDINGS, YAML_FINDINGS } from './findings-decoding.js';
import { HTTP_FINDINGS } from './findings-http.js';

/** The findings, YAML first (`yaml-2000-nested-flow-mappings-twice` needs a fresh process). */
export const FINDINGS: readonly Finding[] = [...YAML_FINDINGS, ...NULL_FINDINGS, ...UNKNOWN_FIELD_FINDINGS, ...VALUE_FINDINGS, ...HTTP_FINDINGS, ...COPY_FINDINGS];
