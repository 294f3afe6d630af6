/** Go's time.Parse for metav1.Time (RFC 3339) and MicroTime (six fractional digits), with its error texts. */
import t from 'tap';
import { ConfigMapSchema } from '../../src/apis/core/v1/config.js';
import { goNumberProblem } from '../../src/schema/go-numbers.js';
import { goTimeParseError } from '../../src/schema/go-time.js';
import { LeaseSchema } from '../../src/apis/generated/coordination/v1/types.js';

const TIME = '"2006-01-02T15:04:05Z07:00"';
const MICRO = '"2006-01-02T15:04:05.000000Z07:00"';
const cannot = (value: string, layout: string, rest: string, element: string) =>
  `parsing time ${JSON.stringify(value)} as ${layout}: cannot parse ${JSON.stringify(rest)} as ${JSON.stringify(element)}`;

t.test('what Go reads', async (t) => {
  for (const text of ['2024-01-01T00:00:00Z', '2024-01-01T00:00:00.5Z', '2024-01-01T00:00:00,5Z', '2024-01-01T00:00:00.123456789123Z', '2024-01-01T1:00:00Z', '2024-02-29T00:00:00+24:00', '2023-12-31T23:59:59-05:30']) {
    t.equal(goTimeParseError(text, false), undefined, `Time ${text}`);
  }
  for (const text of ['2024-01-01T00:00:00.123456Z', '2024-01-01T00:00:00,000001+01:00']) t.equal(goTimeParseError(text, true), undefined, `MicroTime ${text}`);
});

t.test('where Go stops, and its words', async (t) => {
  const time: [string, string][] = [
    ['yesterday', cannot('yesterday', TIME, 'yesterday', '2006')],
    ['', cannot('', TIME, '', '2006')],
    ['2024-01-01t00:00:00z', cannot('2024-01-01t00:00:00z', TIME, 't00:00:00z', 'T')],
    ['2024-01-01 00:00:00Z', cannot('2024-01-01 00:00:00Z', TIME, ' 00:00:00Z', 'T')],
    ['2024-1-01T00:00:00Z', cannot('2024-1-01T00:00:00Z', TIME, '1-01T00:00:00Z', '01')],
    ['2024-01-01T00:00:00', cannot('2024-01-01T00:00:00', TIME, '', 'Z07:00')],
    ['2024-01-01T00:00:00+0100', cannot('2024-01-01T00:00:00+0100', TIME, '+0100', 'Z07:00')],
    ['2024-13-01T00:00:00Z', 'parsing time "2024-13-01T00:00:00Z": month out of range'],
    ['2024-02-30T00:00:00Z', 'parsing time "2024-02-30T00:00:00Z": day out of range'],
    ['2024-01-01T24:00:00Z', 'parsing time "2024-01-01T24:00:00Z": hour out of range'],
    ['2024-01-01T00:00:60Z', 'parsing time "2024-01-01T00:00:60Z": second out of range'],
    ['2024-01-01T00:00:00+25:00', 'parsing time "2024-01-01T00:00:00+25:00": time zone offset hour out of range'],
    ['2024-01-01T00:00:00Zjunk', 'parsing time "2024-01-01T00:00:00Zjunk": extra text: "junk"'],
    ['é', 'parsing time "\\xc3\\xa9" as "2006-01-02T15:04:05Z07:00": cannot parse "\\xc3\\xa9" as "2006"'],
  ];
  for (const [text, words] of time) t.equal(goTimeParseError(text, false), words, `Time ${JSON.stringify(text)}`);
  const micro: [string, string][] = [
    ['2024-01-01T00:00:00Z', cannot('2024-01-01T00:00:00Z', MICRO, 'Z', '.000000')],
    ['2024-01-01T00:00:00.123Z', cannot('2024-01-01T00:00:00.123Z', MICRO, '.123Z', '.000000')],
    ['2024-01-01T00:00:00.1234567Z', cannot('2024-01-01T00:00:00.1234567Z', MICRO, '7Z', 'Z07:00')],
  ];
  for (const [text, words] of micro) t.equal(goTimeParseError(text, true), words, `MicroTime ${text}`);
});

t.test("the decode check refuses a time Go cannot read in its field's layout", async (t) => {
  t.equal(goNumberProblem(ConfigMapSchema, { metadata: { creationTimestamp: 'yesterday' } }), cannot('yesterday', TIME, 'yesterday', '2006'));
  t.equal(goNumberProblem(ConfigMapSchema, { metadata: { managedFields: [{ time: '2024-01-01T00:00:00.123Z' }] } }), undefined, 'a Time takes a fraction');
  t.equal(
    goNumberProblem(LeaseSchema, { spec: { renewTime: '2024-01-01T00:00:00.123Z' } }),
    cannot('2024-01-01T00:00:00.123Z', MICRO, '.123Z', '.000000'),
    "a MicroTime wants six digits (a JavaScript Date's toISOString has three)",
  );
});
