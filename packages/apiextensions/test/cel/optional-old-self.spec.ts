import t from 'tap';
import { CELValidator, type CustomResourceDefinition, newStructural, validateCustomResourceDefinition } from '../../src/index.js';

const rule = { rule: '!oldSelf.hasValue() || self >= oldSelf.value()', message: 'may not decrease', optionalOldSelf: true };
const validator = CELValidator.forSchema(
  newStructural({
    type: 'object',
    properties: {
      size: { type: 'integer', 'x-kubernetes-validations': [rule] },
      name: { type: 'string', 'x-kubernetes-validations': [{ rule: "oldSelf.orValue('') == '' ? self.startsWith('new-') : self == oldSelf.value()", optionalOldSelf: true }] },
      plain: { type: 'integer', 'x-kubernetes-validations': [{ rule: 'self >= oldSelf', message: 'plain may not decrease' }] },
    },
  }),
) as CELValidator;
const errs = (obj: unknown, old?: unknown) => validator.validate(undefined, obj, old).map(String);

t.test('on create the rule runs with oldSelf = optional.none()', async (t) => {
  t.same(errs({ size: 1, name: 'new-a', plain: 1 }), []);
  t.same(errs({ size: 1, name: 'a' }), ['name: Invalid value: "string": failed rule: oldSelf.orValue(\'\') == \'\' ? self.startsWith(\'new-\') : self == oldSelf.value()']);
});

t.test('on update oldSelf holds the old value', async (t) => {
  t.same(errs({ size: 2, name: 'new-a', plain: 2 }, { size: 1, name: 'new-a', plain: 1 }), []);
  t.same(errs({ size: 1, name: 'new-b', plain: 0 }, { size: 2, name: 'new-a', plain: 1 }), [
    'size: Invalid value: "integer": may not decrease',
    'name: Invalid value: "string": failed rule: oldSelf.orValue(\'\') == \'\' ? self.startsWith(\'new-\') : self == oldSelf.value()',
    'plain: Invalid value: "integer": plain may not decrease',
  ]);
  t.same(errs({ size: 1, name: 'new-a' }, { name: 'new-a' }), [], 'a field absent before is optional.none()');
});

function crd(validations: unknown[]): CustomResourceDefinition {
  const schema = { openAPIV3Schema: { type: 'object', properties: { spec: { type: 'integer', 'x-kubernetes-validations': validations } } } };
  return {
    metadata: { name: 'widgets.example.com' },
    spec: { group: 'example.com', scope: 'Namespaced', names: { plural: 'widgets', kind: 'Widget' }, versions: [{ name: 'v1', served: true, storage: true, schema }] },
  } as CustomResourceDefinition;
}

t.test('CRD validation: optionalOldSelf only on rules that read oldSelf', async (t) => {
  t.same(validateCustomResourceDefinition(crd([{ rule: 'oldSelf.hasValue()', optionalOldSelf: true }])).map(String), []);
  t.same(validateCustomResourceDefinition(crd([{ rule: 'self > 0', optionalOldSelf: false }])).map(String), [
    'spec.validation.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].optionalOldSelf: Invalid value: false: may not be set if oldSelf is not used in rule',
  ]);
});
