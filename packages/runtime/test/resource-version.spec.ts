import t from 'tap';
import { isStatusError } from '../src/errors/status-error.js';
import {
  compareResourceVersions,
  formatResourceVersion,
  isResourceVersionMatch,
  isValidResourceVersion,
  MAX_RESOURCE_VERSION,
  parseResourceVersion,
  ResourceVersionMatch,
} from '../src/resource-version.js';

t.test('parse', async (t) => {
  const table: [string, bigint][] = [
    ['', 0n],
    ['0', 0n],
    ['1', 1n],
    ['007', 7n],
    ['18446744073709551615', MAX_RESOURCE_VERSION],
    ['9007199254740993', 9007199254740993n],
  ];
  for (const [input, want] of table) t.equal(parseResourceVersion(input), want, JSON.stringify(input));
});

t.test('reject non-decimal with the storage message', async (t) => {
  const table: [string, string][] = [
    ['abc', 'invalid resource version: resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax'],
    ['-1', 'invalid resource version: resourceVersion: Invalid value: "-1": strconv.ParseUint: parsing "-1": invalid syntax'],
    ['+1', 'invalid resource version: resourceVersion: Invalid value: "+1": strconv.ParseUint: parsing "+1": invalid syntax'],
    ['1.5', 'invalid resource version: resourceVersion: Invalid value: "1.5": strconv.ParseUint: parsing "1.5": invalid syntax'],
    [' 1', 'invalid resource version: resourceVersion: Invalid value: " 1": strconv.ParseUint: parsing " 1": invalid syntax'],
    ['18446744073709551616', 'invalid resource version: resourceVersion: Invalid value: "18446744073709551616": strconv.ParseUint: parsing "18446744073709551616": value out of range'],
  ];
  for (const [input, message] of table) {
    try {
      parseResourceVersion(input);
      t.fail(`accepted ${input}`);
    } catch (e) {
      t.ok(isStatusError(e) && e.code === 400 && e.reason === 'BadRequest', `${input}: BadRequest`);
      t.equal(e instanceof Error ? e.message : '', message);
    }
    t.notOk(isValidResourceVersion(input));
  }
  t.ok(isValidResourceVersion(''));
  t.ok(isValidResourceVersion('42'));
});

t.test('compare and format', async (t) => {
  t.equal(compareResourceVersions('9', '10'), -1, 'numeric, not lexical');
  t.equal(compareResourceVersions('10', '9'), 1);
  t.equal(compareResourceVersions('', '0'), 0);
  t.equal(compareResourceVersions('18446744073709551615', '18446744073709551614'), 1);
  t.throws(() => compareResourceVersions('x', '1'));
  t.equal(formatResourceVersion(12n), '12');
  t.equal(formatResourceVersion(5), '5');
  t.equal(formatResourceVersion(MAX_RESOURCE_VERSION), '18446744073709551615');
  t.throws(() => formatResourceVersion(-1), RangeError);
  t.throws(() => formatResourceVersion(MAX_RESOURCE_VERSION + 1n), RangeError);
});

t.test('resourceVersionMatch', async (t) => {
  t.equal(ResourceVersionMatch.Exact, 'Exact');
  t.equal(ResourceVersionMatch.NotOlderThan, 'NotOlderThan');
  t.ok(isResourceVersionMatch('Exact'));
  t.ok(isResourceVersionMatch('NotOlderThan'));
  t.notOk(isResourceVersionMatch('exact'));
  t.notOk(isResourceVersionMatch(''));
});
