/**
 * The functions CRD validation rules can call beyond standard CEL: the cel-go `strings`
 * extension (from `@bufbuild/cel/ext`) and Kubernetes' list, regex, url and ip/cidr libraries,
 * whose opaque types live in {@link opaqueTypeRegistry}.
 *
 * @module
 */
import type { CelFunc } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { ipLibrary } from './ip.js';
import { listsLibrary } from './lists.js';
import { regexLibrary } from './regex.js';
import { urlsLibrary } from './urls.js';

export { opaqueTypeRegistry } from './opaque-types.js';

/** Every extension function registered in the rule environment. */
export const celLibraries: readonly CelFunc[] = [...strings, ...listsLibrary, ...regexLibrary, ...urlsLibrary, ...ipLibrary];
