import t from 'tap';
import { newPath } from '../../src/validation/field/index.js';
import { IS_NEGATIVE_ERROR_MSG, validateNonnegativeField } from '../../src/validation/nonnegative.js';

const path = newPath('spec', 'replicas');

t.test('absent values and non-negative integers are valid', async (t) => {
  for (const value of [undefined, null, 0, 1, 3, Number.MAX_SAFE_INTEGER]) t.same(validateNonnegativeField(value, path), [], String(value));
});

t.test('a negative value is one Invalid error at the path, worded as apimachinery words it', async (t) => {
  const errs = validateNonnegativeField(-1, path);
  t.equal(errs.length, 1);
  t.equal(errs[0]?.type, 'FieldValueInvalid');
  t.equal(errs[0]?.field, 'spec.replicas');
  t.equal(errs[0]?.detail, 'must be greater than or equal to 0');
  t.equal(errs[0]?.toString(), 'spec.replicas: Invalid value: -1: must be greater than or equal to 0');
  t.equal(IS_NEGATIVE_ERROR_MSG, 'must be greater than or equal to 0');
});

t.test('values an int64 field cannot hold are refused with the same message', async (t) => {
  for (const value of [1.5, '2', true, {}, Number.NaN]) {
    t.equal(validateNonnegativeField(value, path)[0]?.detail, IS_NEGATIVE_ERROR_MSG, String(value));
  }
});
