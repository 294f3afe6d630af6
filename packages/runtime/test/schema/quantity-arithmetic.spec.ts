import t from 'tap';
import { addQuantities, compareQuantities, formatQuantity, type ParsedQuantity, parseQuantity, quantityMilliValue, quantitySign, subtractQuantities, zeroQuantity } from '../../src/index.js';

const q = (text: string): ParsedQuantity => {
  const parsed = parseQuantity(text);
  if (parsed === undefined) throw new Error(`not a quantity: ${text}`);
  return parsed;
};

t.test('add and subtract keep the first operand format unless it is zero', async (t) => {
  t.equal(formatQuantity(addQuantities(q('100m'), q('200m'))), '300m');
  t.equal(formatQuantity(addQuantities(q('1Gi'), q('512Mi'))), '1536Mi');
  t.equal(formatQuantity(addQuantities(q('0'), q('1Gi'))), '1Gi', 'zero takes the other format');
  t.equal(formatQuantity(addQuantities(zeroQuantity(), q('250m'))), '250m');
  t.equal(formatQuantity(addQuantities(q('1'), q('500m'))), '1500m');
  t.equal(formatQuantity(subtractQuantities(q('1'), q('250m'))), '750m');
  t.equal(formatQuantity(subtractQuantities(q('1Gi'), q('1Gi'))), '0');
  t.equal(formatQuantity(subtractQuantities(q('100m'), q('1'))), '-900m');
});

t.test('compare, sign and milli value are exact', async (t) => {
  t.equal(compareQuantities(q('1'), q('1000m')), 0);
  t.equal(compareQuantities(q('1Ki'), q('1k')), 1);
  t.equal(compareQuantities(q('999m'), q('1')), -1);
  t.equal(compareQuantities(q('1e3'), q('1k')), 0);
  t.equal(quantitySign(q('-1')), -1);
  t.equal(quantitySign(q('0')), 0);
  t.equal(quantitySign(q('1n')), 1);
  t.equal(quantityMilliValue(q('1.5')), 1500n);
  t.equal(quantityMilliValue(q('1n')), 1n, 'rounded up');
  t.equal(quantityMilliValue(q('1Gi')), 1073741824000n);
  t.equal(quantityMilliValue(q('-1n')), -1n, 'away from zero');
});
