import t from 'tap';
import { humanDuration, translateTimestampSince } from '../../src/index.js';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

t.test('humanDuration matches apimachinery duration.HumanDuration', async (t) => {
  const cases: Array<[number, string]> = [
    [-2 * S, '<invalid>'],
    [-1500, '0s'],
    [-1 * S, '0s'],
    [0, '0s'],
    [999, '0s'],
    [5 * S, '5s'],
    [119 * S, '119s'],
    [2 * M, '2m'],
    [3 * M + 20 * S, '3m20s'],
    [9 * M + 59 * S, '9m59s'],
    [10 * M, '10m'],
    [179 * M, '179m'],
    [3 * H, '3h'],
    [2 * H + 5 * M, '125m'],
    [3 * H + 5 * M + 0.5 * S, '3h5m'],
    [7 * H + 59 * M, '7h59m'],
    [8 * H, '8h'],
    [47 * H, '47h'],
    [2 * D, '2d'],
    [2 * D + 3 * H, '2d3h'],
    [7 * D + 23 * H, '7d23h'],
    [8 * D, '8d'],
    [729 * D, '729d'],
    [730 * D, '2y'],
    [731 * D, '2y1d'],
    [4 * 365 * D, '4y'],
    [8 * 365 * D, '8y'],
    [20 * 365 * D + 5 * D, '20y'],
    [Number.NaN, '<invalid>'],
  ];
  for (const [ms, want] of cases) t.equal(humanDuration(ms), want, `${ms} ms`);
});

t.test('translateTimestampSince', async (t) => {
  const now = Date.parse('2026-01-01T00:01:00Z');
  t.equal(translateTimestampSince('2026-01-01T00:00:00Z', now), '60s');
  t.equal(translateTimestampSince(undefined, now), '<unknown>');
  t.equal(translateTimestampSince('', now), '<unknown>');
  t.equal(translateTimestampSince('not a time', now), '<unknown>');
  t.equal(translateTimestampSince(5, now), '<unknown>');
  t.match(translateTimestampSince(new Date().toISOString()), /^\d+s$/);
});
