/** metav1.FieldSelectorRequirement. */
import { type Static, Type } from 'typebox';
import { field, stringList, struct } from '../../../schema/define.js';

/** Schema of meta/v1 FieldSelectorRequirement. */
export const FieldSelectorRequirementSchema = struct('io.k8s.apimachinery.pkg.apis.meta.v1.FieldSelectorRequirement', 'One field selector requirement.', {
  key: field(1, Type.String(), 'The field selector key.', { omit: 'never' }),
  operator: field(2, Type.String(), 'In, NotIn, Exists or DoesNotExist.', { omit: 'never' }),
  values: field(3, stringList(), 'The values of In and NotIn.', { listType: 'atomic' }),
});
/** metav1.FieldSelectorRequirement. */
export type FieldSelectorRequirement = Static<typeof FieldSelectorRequirementSchema>;
