/**
 * The functions CRD validation rules can call beyond standard CEL: the cel-go `strings`
 * extension (from `@bufbuild/cel/ext`) and Kubernetes' list and regex libraries.
 *
 * @module
 */
import type { CelFunc } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { listsLibrary } from './lists.js';
import { regexLibrary } from './regex.js';

/** Every extension function registered in the rule environment. */
export const celLibraries: readonly CelFunc[] = [...strings, ...listsLibrary, ...regexLibrary];
