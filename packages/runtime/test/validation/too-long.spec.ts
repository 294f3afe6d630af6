/**
 * `field.TooLong` and `field.TooLongMaxLength` as k8s.io/apimachinery v0.32 (Kubernetes 1.32) words them: both say
 * `may not be more than N bytes` (`bytes` also for 1) or `value is too long`, never print the value, and keep
 * `<value omitted>` as the bad value. 1.31 said `must have at most N bytes` (TooLong) and `may not be longer than N`
 * (TooLongMaxLength); 1.33 says `1 byte`. See docs/limits.md, "Differences found", item 3.
 */
import t from 'tap';
import { newInvalid } from '../../src/errors/factories.js';
import * as field from '../../src/validation/field/index.js';

const p = field.newPath('spec', 'f');

t.test('tooLong: 1, N, 0 and a negative maximum', async (t) => {
  const table: [number, string][] = [
    [1, 'spec.f: Too long: may not be more than 1 bytes'],
    [63, 'spec.f: Too long: may not be more than 63 bytes'],
    [262144, 'spec.f: Too long: may not be more than 262144 bytes'],
    [0, 'spec.f: Too long: may not be more than 0 bytes'],
    [-1, 'spec.f: Too long: value is too long'],
  ];
  for (const [max, text] of table) {
    const err = field.tooLong(p, 'x'.repeat(300), max);
    t.equal(err.toString(), text, text);
    t.equal(err.type, 'FieldValueTooLong');
    t.equal(err.field, 'spec.f');
    t.equal(err.badValue, '<value omitted>', 'the value is dropped');
  }
  t.equal(field.TOO_LONG_BAD_VALUE, '<value omitted>');
});

t.test('tooLong never prints the value, whatever its type', async (t) => {
  for (const value of ['secret', '', 42, { a: 'b' }, ['x'], null, undefined, field.OMIT_VALUE]) {
    const err = field.tooLong(p, value, 2);
    t.equal(err.errorBody(), 'Too long: may not be more than 2 bytes', JSON.stringify(value) ?? String(value));
    t.equal(err.badValue, '<value omitted>');
  }
});

t.test('tooLongMaxLength is the same error as tooLong (the deprecated alias of 1.32)', async (t) => {
  for (const max of [1, 63, 0, -1, -5]) {
    const alias = field.tooLongMaxLength(p, 'value', max);
    const direct = field.tooLong(p, 'value', max);
    t.same(alias, direct, `max ${max}`);
    t.equal(alias.toString(), direct.toString());
  }
  t.equal(field.tooLongMaxLength(p, 'abc', 2).toString(), 'spec.f: Too long: may not be more than 2 bytes');
  t.equal(field.tooLongMaxLength(undefined, 'abc', -1).toString(), '<nil>: Too long: value is too long');
});

t.test('in an Invalid Status: the aggregate message and the cause', async (t) => {
  const err = newInvalid({ group: '', kind: 'ConfigMap' }, 'big', [field.tooLong(field.newPath('metadata', 'annotations'), '', 262144)]);
  t.equal(err.code, 422);
  t.equal(err.message, 'ConfigMap "big" is invalid: metadata.annotations: Too long: may not be more than 262144 bytes');
  t.same(err.status.details?.causes, [
    { reason: 'FieldValueTooLong', message: 'Too long: may not be more than 262144 bytes', field: 'metadata.annotations' },
  ]);
  const two = newInvalid({ group: 'apps', kind: 'Deployment' }, 'd', [
    field.tooLongMaxLength(field.newPath('spec', 'a'), 'abc', 2),
    field.tooLong(field.newPath('spec', 'b'), 'abcd', 3),
  ]);
  t.equal(
    two.message,
    'Deployment.apps "d" is invalid: [spec.a: Too long: may not be more than 2 bytes, spec.b: Too long: may not be more than 3 bytes]',
  );
});
