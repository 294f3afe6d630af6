/**
 * The health handlers (k8s `healthz.InstallPathHandler`): synchronous and asynchronous checks report in the order
 * they are listed, with the same text either way, and a request whose checks are all synchronous is answered before
 * the handler returns (no promise on its path).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import t from 'tap';
import { checkHandler, rootHealthHandler } from '../../src/healthz/healthz.js';
import { type HealthChecker, namedCheck } from '../../src/healthz/health-checker.js';
import { fetchText, serve } from '../helpers.js';

const later = (fail?: unknown): Promise<void> => new Promise((resolve, reject) => setTimeout(() => (fail === undefined ? resolve() : reject(fail)), 2));

const checks: HealthChecker[] = [
  namedCheck('sync-ok', () => undefined),
  namedCheck('async-ok', () => later()),
  namedCheck('async-failing', () => later(new Error('disk full'))),
  namedCheck('sync-failing', () => {
    throw new Error('no quorum');
  }),
  namedCheck('throws-nothing', () => {
    throw undefined;
  }),
  // biome-ignore lint/suspicious/noThenProperty: a check may answer with any thenable, as `await` accepts one.
  namedCheck('thenable', () => ({ then: (resolve: () => void) => resolve() }) as unknown as Promise<void>),
];

t.test('mixed checks: upstream text, in list order; reasons only in the log', async (t) => {
  const logged: string[] = [];
  const s = await serve(rootHealthHandler('readyz', () => checks, (m) => logged.push(m)));
  t.teardown(s.close);
  const reply = await fetchText(`${s.url}/readyz?verbose&exclude=sync-ok&exclude=nope`);
  t.equal(reply.status, 500);
  t.equal(
    reply.body,
    '[+]sync-ok excluded: ok\n[+]async-ok ok\n[-]async-failing failed: reason withheld\n[-]sync-failing failed: reason withheld\n' +
      '[-]throws-nothing failed: reason withheld\n[+]thenable ok\nwarn: some health checks cannot be excluded: no matches for "nope"\nreadyz check failed\n',
  );
  t.same(logged, [
    'async-failing,sync-failing,throws-nothing check failed: readyz\n[-]async-failing failed: disk full\n[-]sync-failing failed: no quorum\n[-]throws-nothing failed: check failed\n',
  ]);
  const passing = await fetchText(`${s.url}/readyz?exclude=async-failing&exclude=sync-failing&exclude=throws-nothing`);
  t.same([passing.status, passing.body], [200, 'ok']);
});

t.test('one check: synchronous or not, the same answers', async (t) => {
  for (const [check, status, body] of [
    [checks[0], 200, 'ok'],
    [checks[1], 200, 'ok'],
    [checks[2], 500, 'internal server error: disk full\n'],
    [checks[3], 500, 'internal server error: no quorum\n'],
  ] as const) {
    const s = await serve(checkHandler(check as HealthChecker));
    const reply = await fetchText(s.url);
    await s.close();
    t.same([reply.status, reply.body], [status, body], check?.name ?? '');
  }
});

t.test('synchronous checks answer before the handler returns, with no promise', async (t) => {
  let ended = false;
  const response = {
    headersSent: false,
    writableEnded: false,
    writeHead: () => response,
    end: () => {
      ended = true;
    },
  } as unknown as ServerResponse;
  const request = { url: '/healthz' } as IncomingMessage;
  const result = rootHealthHandler('healthz', () => [checks[0] as HealthChecker], () => undefined)(request, response);
  t.equal(result, undefined);
  t.ok(ended);
  ended = false;
  t.equal(checkHandler(checks[0] as HealthChecker)(request, response), undefined);
  t.ok(ended);
});
