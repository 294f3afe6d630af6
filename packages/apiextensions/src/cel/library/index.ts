/**
 * The functions CRD validation rules can call beyond standard CEL, as kube-apiserver 1.32's base
 * environment enables them for CRDs: the cel-go `strings` extension (from `@bufbuild/cel/ext`),
 * cel-go's optional values and sets, and Kubernetes' list, regex, url, ip/cidr, quantity and format
 * libraries, whose opaque types live in {@link opaqueTypeRegistry}.
 *
 * @module
 */
import type { CelFunc } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { formatLibrary } from './format.js';
import { ipLibrary } from './ip.js';
import { listsLibrary } from './lists.js';
import { optionalLibrary } from './optional.js';
import { quantityLibrary } from './quantity.js';
import { regexLibrary } from './regex.js';
import { setsLibrary } from './sets.js';
import { urlsLibrary } from './urls.js';

export { opaqueTypeRegistry } from './opaque-types.js';
export { optionalNone, optionalOf } from './optional.js';

/** Every extension function registered in the rule environment. */
export const celLibraries: readonly CelFunc[] = [
  ...strings,
  ...listsLibrary,
  ...regexLibrary,
  ...urlsLibrary,
  ...ipLibrary,
  ...optionalLibrary,
  ...setsLibrary,
  ...quantityLibrary,
  ...formatLibrary,
];
