/** metav1.LabelSelector and LabelSelectorRequirement. */
import { type Static, Type } from 'typebox';
import { field, stringList, stringMap, struct } from '../../../schema/define.js';

const META = 'io.k8s.apimachinery.pkg.apis.meta.v1';

/** Schema of metav1.LabelSelectorRequirement. */
export const LabelSelectorRequirementSchema = struct(
  `${META}.LabelSelectorRequirement`,
  'A label selector requirement: a key, an operator and values.',
  {
    key: field(1, Type.String(), 'The label key the selector applies to.', {
      omit: 'never',
      patchStrategy: 'merge',
      patchMergeKey: 'key',
    }),
    operator: field(2, Type.String(), 'In, NotIn, Exists or DoesNotExist.', { omit: 'never' }),
    values: field(3, stringList(), 'Values for In and NotIn; empty for Exists and DoesNotExist.', {
      listType: 'atomic',
    }),
  },
);
/** metav1.LabelSelectorRequirement. */
export type LabelSelectorRequirement = Static<typeof LabelSelectorRequirementSchema>;

/** Schema of metav1.LabelSelector. */
export const LabelSelectorSchema = struct(
  `${META}.LabelSelector`,
  'A label query over a set of resources; the requirements are ANDed, an empty selector matches everything.',
  {
    matchLabels: field(1, stringMap(), 'Map of key=value pairs, each equivalent to an In requirement.'),
    matchExpressions: field(2, Type.Array(LabelSelectorRequirementSchema), 'List of label requirements.', {
      listType: 'atomic',
    }),
  },
  { structType: 'atomic' },
);
/** metav1.LabelSelector. */
export type LabelSelector = Static<typeof LabelSelectorSchema>;
