/**
 * CronJob schedules checked as robfig/cron v3 `ParseStandard` parses them (what upstream validation calls), with
 * the library's error texts; time zone names as upstream's `validateTimeZone`.
 */
import { newPath } from '@apiserver/runtime';
import t from 'tap';
import { goDurationError } from '../../../src/registry/batch/cronjob/go-duration.js';
import { cronScheduleError } from '../../../src/registry/batch/cronjob/schedule.js';
import { validateTimeZone } from '../../../src/registry/batch/cronjob/time-zone.js';
import { fieldErrorStrings } from '../core/core-fixtures.js';

t.test('valid schedules', async (t) => {
  for (const s of [
    '* * * * *',
    '*/5 * * * *',
    '0 0 1 1 *',
    '0 9-17 * * mon-fri',
    '15,45 */2 1-31/3 JAN,jul ?',
    '0 0 * * 0',
    '5/15 * * * *',
    '0 0 , * *',
    '+5 * * * *',
    '@hourly',
    '@yearly',
    '@annually',
    '@monthly',
    '@weekly',
    '@daily',
    '@midnight',
    '@every 1h30m',
    '@every 1.5s',
    'TZ=UTC 0 0 * * *',
    'CRON_TZ=Europe/Paris @daily',
  ]) {
    t.equal(cronScheduleError(s), undefined, s);
  }
});

t.test('invalid schedules answer the cron library error', async (t) => {
  const cases: [string, string][] = [
    ['', 'empty spec string'],
    ['* * * *', 'expected exactly 5 fields, found 4: [* * * *]'],
    ['0 0 0 * * *', 'expected exactly 5 fields, found 6: [0 0 0 * * *]'],
    ['60 * * * *', 'end of range (60) above maximum (59): 60'],
    ['* 24 * * *', 'end of range (24) above maximum (23): 24'],
    ['* * 0 * *', 'beginning of range (0) below minimum (1): 0'],
    ['* * * 13 *', 'end of range (13) above maximum (12): 13'],
    ['* * * * 7', 'end of range (7) above maximum (6): 7'],
    ['5-1 * * * *', 'beginning of range (5) beyond end of range (1): 5-1'],
    ['1-2-3 * * * *', 'too many hyphens: 1-2-3'],
    ['*/2/3 * * * *', 'too many slashes: */2/3'],
    ['*/0 * * * *', 'step of range should be a positive number: */0'],
    ['x * * * *', 'failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax'],
    ['-1 * * * *', 'failed to parse int from : strconv.Atoi: parsing "": invalid syntax'],
    ['* * * foo *', 'failed to parse int from foo: strconv.Atoi: parsing "foo": invalid syntax'],
    ['99999999999999999999 * * * *', 'failed to parse int from 99999999999999999999: strconv.Atoi: parsing "99999999999999999999": value out of range'],
    ['@fortnightly', 'unrecognized descriptor: @fortnightly'],
    ['@every 5', 'failed to parse duration @every 5: time: missing unit in duration "5"'],
    ['@every 5y', 'failed to parse duration @every 5: time: unknown unit "y" in duration "5y"'.replace('@every 5:', '@every 5y:')],
    ['TZ=Mars/Olympus 0 0 * * *', 'provided bad location Mars/Olympus: unknown time zone Mars/Olympus'],
  ];
  for (const [schedule, want] of cases) t.equal(cronScheduleError(schedule), want, schedule);
});

t.test('Go durations', async (t) => {
  for (const ok of ['0', '1h', '1h30m', '-2.5s', '300ms', '1us', '1µs', '.5h', '1.h']) t.equal(goDurationError(ok), undefined, ok);
  t.equal(goDurationError(''), 'time: invalid duration ""');
  t.equal(goDurationError('h'), 'time: invalid duration "h"');
  t.equal(goDurationError('1h.'), 'time: invalid duration "1h."');
});

t.test('time zones', async (t) => {
  const path = newPath('spec', 'timeZone');
  t.same(fieldErrorStrings(validateTimeZone(undefined, path)), []);
  t.same(fieldErrorStrings(validateTimeZone('Europe/Paris', path)), []);
  t.same(fieldErrorStrings(validateTimeZone('UTC', path)), []);
  t.same(fieldErrorStrings(validateTimeZone('', path)), ['spec.timeZone: Invalid value: "": timeZone must be nil or non-empty string']);
  t.same(fieldErrorStrings(validateTimeZone('Local', path)), [
    'spec.timeZone: Invalid value: "Local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones',
  ]);
  t.same(fieldErrorStrings(validateTimeZone('America/../UTC', path)), ['spec.timeZone: Invalid value: "America/../UTC": unknown time zone America/../UTC']);
  t.same(fieldErrorStrings(validateTimeZone('Averyveryverylongname/X', path)), [
    'spec.timeZone: Invalid value: "Averyveryverylongname/X": unknown time zone Averyveryverylongname/X',
  ]);
  t.same(fieldErrorStrings(validateTimeZone('Mars/Olympus', path)), ['spec.timeZone: Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus']);
});
