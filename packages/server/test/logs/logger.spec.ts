/** The klog text and component-base JSON formats, verbosity gating, and the values' rendering. */
import t from 'tap';
import { CallbackLogger } from '../../src/logs/callback-logger.js';
import { Duration, formatGoDuration } from '../../src/logs/go-duration.js';
import { goQuote } from '@apiserver/runtime';
import { KlogLogger, type LoggingFormat } from '../../src/logs/klog-logger.js';
import { isVerbositySetter } from '../../src/logs/logger.js';
import { kObj, kRef } from '../../src/logs/object-ref.js';

// 2026-11-29 16:20:00.123456 local time, as a fractional epoch millisecond.
const AT = new Date(2026, 10, 29, 16, 20, 0, 123).getTime() + 0.456;

function capture(format: LoggingFormat, verbosity = 0): { logger: KlogLogger; lines: string[] } {
  const lines: string[] = [];
  const logger = new KlogLogger({ format, verbosity, now: () => AT, pid: 12345, write: (l) => lines.push(l) });
  return { logger, lines };
}

t.test('text: klog header, quoted message, pairs', async (t) => {
  const { logger, lines } = capture('text');
  logger.info('Pod status updated', 'pod', kObj({ metadata: { name: 'nginx-1', namespace: 'default' } }), 'status', 'ready', 'restarts', 3, 'ok', true);
  t.equal(lines.length, 1);
  const line = lines[0] ?? '';
  t.match(line, /^I1129 16:20:00\.123456 {3}12345 logger\.spec\.ts:\d+\] /, 'severity, date, time to µs, pid in 7 columns, caller');
  t.equal(line.slice(line.indexOf('] ') + 2), '"Pod status updated" pod="default/nginx-1" status="ready" restarts=3 ok=true\n');
});

t.test('text: errors first as err, stringers and durations quoted, nil and missing values', async (t) => {
  const { logger, lines } = capture('text');
  logger.error(new Error('etcd "down"'), 'Failed', 'node', kRef('', 'node-a'), 'latency', new Duration(1_500_000n), 'x', null, 'dangling');
  const body = (lines[0] ?? '').slice((lines[0] ?? '').indexOf('] ') + 2);
  t.match(lines[0] ?? '', /^E1129 /);
  t.equal(body, '"Failed" err="etcd \\"down\\"" node="node-a" latency="1.5ms" x=<nil> dangling="(MISSING)"\n');
  logger.error(undefined, 'no error');
  t.equal((lines[1] ?? '').slice((lines[1] ?? '').indexOf('] ') + 2), '"no error"\n');
});

t.test('text: multi-line values as klog blocks; unstructured lines as they are', async (t) => {
  const { logger, lines } = capture('text');
  logger.info('dump', 'output', 'line 1\nline 2');
  t.equal((lines[0] ?? '').slice((lines[0] ?? '').indexOf('] ') + 2), '"dump" output=<\n\tline 1\n\tline 2\n >\n');
  logger.print('warning', 'Skipping API v1 because it has no resources.');
  t.match(lines[1] ?? '', /^W1129 .*\] Skipping API v1 because it has no resources\.\n$/);
});

t.test('verbosity gates v(n) lines, changes at runtime', async (t) => {
  const { logger, lines } = capture('text', 2);
  t.equal(logger.v(2).enabled, true);
  t.equal(logger.v(3).enabled, false);
  logger.v(3).info('hidden');
  logger.v(2).info('shown');
  t.equal(lines.length, 1);
  t.ok(isVerbositySetter(logger));
  logger.setVerbosity(3);
  t.equal(logger.v(3).enabled, true, 'the same Verbose object follows the change');
  logger.v(3).print('now shown');
  t.equal(lines.length, 2);
  t.equal(isVerbositySetter(new CallbackLogger(() => undefined)), false);
});

t.test('json: component-base keys and order', async (t) => {
  const { logger, lines } = capture('json', 4);
  logger.info('Pod status updated', 'pod', kObj({ metadata: { name: 'nginx-1', namespace: 'default' } }), 'status', 'ready');
  logger.v(4).info('deep', 'latency', new Duration(2_000_000_000n));
  logger.error(new Error('timeout'), 'Failed to update pod status', 'attempt', 2);
  logger.info('cluster-scoped', 'node', kRef('', 'node-a'), 'big', 10n);
  const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  t.equal(parsed.length, 4);
  t.same(Object.keys(parsed[0] ?? {}), ['ts', 'caller', 'msg', 'v', 'pod', 'status']);
  t.equal(parsed[0]?.ts, AT, 'ts is fractional milliseconds since the epoch');
  t.match(parsed[0]?.caller, /^logs\/logger\.spec\.ts:\d+$/, 'caller: last folder, file and line');
  t.same(parsed[0]?.pod, { name: 'nginx-1', namespace: 'default' });
  t.equal(parsed[0]?.v, 0);
  t.equal(parsed[1]?.v, 4);
  t.equal(parsed[1]?.latency, '2s');
  t.same(Object.keys(parsed[2] ?? {}), ['ts', 'caller', 'msg', 'attempt', 'err'], 'error lines: no v, err after the pairs (zapr)');
  t.equal(parsed[2]?.err, 'timeout');
  t.same(parsed[3]?.node, { name: 'node-a' });
  t.equal(parsed[3]?.big, 10);
  t.ok(lines.every((l) => l.endsWith('}\n') && !l.slice(0, -1).includes('\n')), 'one line each');
});

t.test('CallbackLogger hands the text body without header', async (t) => {
  const got: string[] = [];
  const logger = new CallbackLogger((m) => got.push(m));
  logger.print('error', 'plain text');
  logger.info('structured', 'k', 'v');
  logger.error(new Error('boom'), 'failed');
  logger.v(1).info('hidden');
  t.same(got, ['plain text', '"structured" k="v"', '"failed" err="boom"']);
});

t.test("Go's strconv.Quote and Duration.String", async (t) => {
  t.equal(goQuote('plain'), '"plain"');
  t.equal(goQuote('tab\there "q" \\ bell\u0007 del\u007f'), '"tab\\there \\"q\\" \\\\ bell\\a del\\x7f"');
  t.equal(goQuote('héllo ✓'), '"héllo ✓"', 'printable unicode kept');
  t.equal(goQuote('\u00a0\u2028'), '"\\u00a0\\u2028"', 'non-printable unicode escaped');
  const cases: [bigint, string][] = [
    [0n, '0s'],
    [850n, '850ns'],
    [1500n, '1.5µs'],
    [1_234_567n, '1.234567ms'],
    [1_500_000_000n, '1.5s'],
    [60_000_000_000n, '1m0s'],
    [3_723_500_000_000n, '1h2m3.5s'],
    [-2_000_000n, '-2ms'],
  ];
  for (const [nanos, text] of cases) t.equal(formatGoDuration(nanos), text, text);
});
