// How scripts/tap-count.mjs counts a package's TAP and names its failures.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import { countTap } from '../tap-count.mjs';

const tap = (text) => countTap(Readable.from([text]));

test('leaf assertions are counted and each failure is named with its diagnostic', async () => {
  const result = await tap(
    [
      'TAP version 14',
      '# Subtest: file.test.ts',
      '    # Subtest: group',
      '        ok 1 - fine',
      '        not ok 2 - broken',
      '          ---',
      '          found: 1',
      '          wanted: 2',
      '          ...',
      '        ok 3 - later # TODO not yet',
      '        1..3',
      '    not ok 1 - group',
      '    1..1',
      'not ok 1 - file.test.ts',
      '1..1',
      '',
    ].join('\n'),
  );
  assert.deepEqual({ pass: result.pass, fail: result.fail, skip: result.skip }, { pass: 1, fail: 1, skip: 1 });
  assert.equal(result.failures.length, 1);
  assert.match(result.failures[0], /broken/);
  assert.match(result.failures[0], /"wanted":2/);
});

test('a file that failed with no failing leaf is one failure, named', async () => {
  const result = await tap(['TAP version 14', '# Subtest: crash.test.ts', '    1..0', 'not ok 1 - crash.test.ts # time=1ms', '1..1', ''].join('\n'));
  assert.equal(result.fail, 1);
  assert.match(result.failures[0], /crash\.test\.ts/);
});
