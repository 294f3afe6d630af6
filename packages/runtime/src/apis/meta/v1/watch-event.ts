/** metav1.WatchEvent: one event of a watch stream. */
import { type Static, Type } from 'typebox';
import { field, kindStruct, requiredField } from '../../../schema/define.js';
import { RawExtensionSchema } from '../../../schema/special-types.js';
import { ListMetaSchema } from './object-meta.js';

/** Schema of metav1.WatchEvent. */
export const WatchEventSchema = kindStruct(
  'io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent',
  { group: 'meta.k8s.io', version: 'v1', kind: 'WatchEvent' },
  'One event of a watch stream.',
  {
    type: requiredField(1, Type.String(), 'ADDED, MODIFIED, DELETED, BOOKMARK or ERROR.'),
    object: requiredField(2, RawExtensionSchema, 'The object (or a Status for ERROR events).'),
  },
);
/** metav1.WatchEvent. */
export type WatchEvent = Static<typeof WatchEventSchema>;

/** The types of watch events. */
export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

/** Schema of metav1.List: a list of arbitrary objects (what `kind: List` manifests decode to). */
export const ListSchema = kindStruct(
  'io.k8s.apimachinery.pkg.apis.meta.v1.List',
  { group: '', version: 'v1', kind: 'List' },
  'A list of objects of any kind.',
  {
    metadata: field(1, ListMetaSchema, 'Standard list metadata.'),
    items: requiredField(2, Type.Array(RawExtensionSchema), 'The objects.'),
  },
);
/** metav1.List. */
export type List = Static<typeof ListSchema>;
