import t from 'tap';
import { canonicalQuantity, decodeAsGo, parseQuantity, QuantitySchema, quantitiesEqual } from '../../src/index.js';
import { Type } from 'typebox';

t.test('canonical form as Quantity.String() writes it', async (t) => {
  const cases: Array<[string | number, string]> = [
    ['0.5', '500m'],
    ['1000m', '1'],
    ['1', '1'],
    ['1.5', '1500m'],
    ['0.1', '100m'],
    ['100m', '100m'],
    ['2000000000n', '2'],
    ['1k', '1k'],
    ['1000k', '1M'],
    ['1000000', '1M'],
    ['10G', '10G'],
    ['1e3', '1e3'],
    ['1E3', '1e3'],
    ['1.5e3', '1500'],
    ['12e-1', '1200e-3'],
    ['1024Mi', '1Gi'],
    ['1536Mi', '1536Mi'],
    ['1.5Gi', '1536Mi'],
    ['0.5Gi', '512Mi'],
    ['1Ki', '1Ki'],
    ['1.5Ki', '1536'],
    ['0.5Ki', '512'],
    ['1.1Ki', '1126400m'],
    ['1023', '1023'],
    ['0', '0'],
    ['0Mi', '0'],
    ['-1', '-1'],
    ['-0.5', '-500m'],
    ['+1', '1'],
    ['0.1n', '1n'],
    ['1.5n', '2n'],
    [' 2 ', '2'],
    [1, '1'],
    [0.5, '500m'],
    [1000, '1k'],
  ];
  for (const [input, want] of cases) t.equal(canonicalQuantity(input), want, JSON.stringify(input));
  for (const bad of ['abc', '1.2.3', '', '.', '1Kb', '1 Gi', '1e', 'Mi']) t.equal(canonicalQuantity(bad), undefined, `${JSON.stringify(bad)} is no quantity`);
  t.equal(canonicalQuantity(true), undefined);
});

t.test('parse keeps the format the suffix chose', async (t) => {
  t.equal(parseQuantity('1Gi')?.format, 'BinarySI');
  t.equal(parseQuantity('0.5Ki')?.format, 'BinarySI', '512: binary, printed as decimal below 1024');
  t.equal(parseQuantity('0.0001Ki')?.format, 'DecimalSI', 'a binary quantity below one is decimal');
  t.equal(parseQuantity('1e3')?.format, 'DecimalExponent');
  t.equal(parseQuantity('1M')?.format, 'DecimalSI');
  t.equal(parseQuantity('100000000Ei')?.digits, 2n ** 63n - 1n, 'binary quantities are capped at 2^63-1');
  t.ok(quantitiesEqual('0.1n', '1n'), 'comparison sees the rounded value');
});

t.test('decoding: numbers and non-canonical text become canonical strings; other text stays for validation', async (t) => {
  const Resources = Type.Object({ limits: Type.Optional(Type.Record(Type.String(), QuantitySchema)) });
  t.same(decodeAsGo(Resources, { limits: { cpu: 1, memory: '1024Mi', storage: 0.5, bad: 'lots' } }), {
    limits: { cpu: '1', memory: '1Gi', storage: '500m', bad: 'lots' },
  });
});

t.test("Go's parse errors", async (t) => {
  const { quantityError, QUANTITY_FORMAT_ERROR } = await import('../../src/index.js');
  t.equal(quantityError('1Gi'), undefined);
  t.equal(quantityError('lots'), QUANTITY_FORMAT_ERROR);
  t.equal(quantityError('1Kb'), QUANTITY_FORMAT_ERROR);
  t.equal(quantityError('1.2.3'), "unable to parse quantity's numeric part");
  t.equal(quantityError('1kk'), "unable to parse quantity's suffix");
});
