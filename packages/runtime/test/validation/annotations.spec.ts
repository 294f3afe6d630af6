import t from 'tap';
import { annotationsSize, TOTAL_ANNOTATION_SIZE_LIMIT_B, validateAnnotationsSize } from '../../src/validation/annotations.js';
import { newPath } from '../../src/validation/field/index.js';

const path = newPath('metadata', 'annotations');

t.test('annotation size counts UTF-8 bytes as Go len() does (600 KB of 日 was accepted)', async (t) => {
  t.equal(annotationsSize({ a: '日' }), 4);
  t.equal(annotationsSize({ 'é': 'x', b: 1 }), 4, 'two bytes for é, one for x and b, none for a non-string value');
  const big = { a: '日'.repeat(100_000) };
  t.equal(big.a.length, 100_000, 'far below the limit in UTF-16 units');
  const errs = validateAnnotationsSize(big, path);
  t.equal(errs.length, 1);
  t.equal(errs[0]?.toString(), 'metadata.annotations: Too long: may not be more than 262144 bytes');
});

t.test('exactly the limit is valid, one byte more is not', async (t) => {
  t.equal(TOTAL_ANNOTATION_SIZE_LIMIT_B, 262144);
  const at = { k: 'x'.repeat(TOTAL_ANNOTATION_SIZE_LIMIT_B - 1) };
  t.same(validateAnnotationsSize(at, path), []);
  t.equal(validateAnnotationsSize({ ...at, l: '' }, path).length, 1);
});
