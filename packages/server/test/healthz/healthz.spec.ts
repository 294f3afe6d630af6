/**
 * The health handlers (k8s `healthz.InstallPathHandler`): synchronous and asynchronous checks report in the order
 * they are listed, with the same text either way, and a request whose checks are all synchronous is answered before
 * the handler returns (no promise on its path).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import t from 'tap';
import { checkHandler, rootHealthHandler } from '../../src/healthz/healthz.js';
import { type HealthChecker, namedCheck, UniqueChecksMemo, uniqueChecks } from '../../src/healthz/health-checker.js';
import { GenericAPIServer } from '../../src/server/generic-api-server.js';
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

t.test('UniqueChecksMemo: the previous answer while the lists hold the same checks, a new one when any changed', async (t) => {
  const memo = new UniqueChecksMemo();
  const own = [namedCheck('ping', () => undefined), namedCheck('log', () => undefined)];
  const hooks: HealthChecker[] = [];
  const first = memo.of(own, [], hooks);
  t.same(first.map((c) => c.name), ['ping', 'log']);
  t.equal(memo.of(own, [], hooks), first, 'unchanged lists: the same array');
  t.equal(memo.of(own, [], [...hooks]), first, 'a copy of a list with the same checks: the same array');
  hooks.push(namedCheck('poststarthook/a', () => undefined));
  const grown = memo.of(own, [], hooks);
  t.not(grown, first);
  t.same(grown.map((c) => c.name), ['ping', 'log', 'poststarthook/a']);
  const shadow = namedCheck('log', () => undefined);
  hooks[0] = shadow;
  const replaced = memo.of(own, [], hooks);
  t.same(replaced, uniqueChecks([...own, shadow]), 'a check replaced in place: rebuilt; the first of a name kept');
  t.same(memo.of(own, hooks, []), replaced, 'the same checks split differently between the lists: the same answer');
  t.same(memo.of(own), own, 'a list removed: rebuilt');
  t.same(memo.of(), [], 'no lists: no checks');
});

t.test("a server's healthz checks follow hooks added after they were read, its delegate's and its readyz checks", async (t) => {
  const delegate = new GenericAPIServer({ log: () => undefined, healthChecks: [namedCheck('etcd', () => undefined)] });
  const server = new GenericAPIServer({ log: () => undefined, delegate });
  const names = (checks: readonly HealthChecker[]): string[] => checks.map((c) => c.name);
  t.same(names(server.healthzChecks()), ['ping', 'log', 'etcd']);
  t.equal(server.healthzChecks(), server.healthzChecks(), 'unchanged: one array');
  server.addPostStartHook('start-informers', () => undefined);
  delegate.addPostStartHook('start-crds', () => undefined);
  t.same(names(server.healthzChecks()), ['ping', 'log', 'etcd', 'poststarthook/start-crds', 'poststarthook/start-informers']);
  t.same(names(server.readyzChecks()), ['ping', 'log', 'etcd', 'poststarthook/start-crds', 'poststarthook/start-informers', 'shutdown']);
  await server.shutdown();
  await delegate.shutdown();
});

t.test('a failure without a query reports every check, as with ?verbose (the text is only built once a check failed)', async (t) => {
  const list = [namedCheck('a', () => undefined), namedCheck('b', () => later()), namedCheck('c', () => later(new Error('gone'))), namedCheck('d', () => undefined)];
  const s = await serve(rootHealthHandler('healthz', () => list, () => undefined));
  t.teardown(s.close);
  const plain = await fetchText(`${s.url}/healthz`);
  const verbose = await fetchText(`${s.url}/healthz?verbose`);
  t.equal(plain.status, 500);
  t.equal(plain.body, '[+]a ok\n[+]b ok\n[-]c failed: reason withheld\n[+]d ok\nhealthz check failed\n');
  t.equal(verbose.body, plain.body);
  const first = [namedCheck('x', () => { throw new Error('no'); }), namedCheck('y', () => undefined)];
  const s2 = await serve(rootHealthHandler('livez', () => first, () => undefined));
  t.teardown(s2.close);
  t.equal((await fetchText(`${s2.url}/livez`)).body, '[-]x failed: reason withheld\n[+]y ok\nlivez check failed\n');
});

t.test('boot-sequence checks: on healthz, livez and readyz, among the hooks in the order added; refused once hooks ran', async (t) => {
  const server = new GenericAPIServer({ log: () => undefined });
  const names = (checks: readonly HealthChecker[]): string[] => checks.map((c) => c.name);
  let registered = false;
  server.addPostStartHook('autoregistration', () => undefined);
  server.addBootSequenceHealthChecks(
    namedCheck('registration-completion', () => {
      if (!registered) throw new Error('missing');
    }),
  );
  server.addPostStartHook('openapi-controller', () => undefined);
  const expected = ['ping', 'log', 'poststarthook/autoregistration', 'registration-completion', 'poststarthook/openapi-controller'];
  t.same(names(server.healthzChecks()), expected);
  t.same(names(server.livezChecks()), expected);
  t.same(names(server.readyzChecks()), [...expected, 'shutdown']);
  const s = await serve(server.handler.director);
  t.teardown(s.close);
  t.equal((await fetchText(`${s.url}/livez/registration-completion`)).status, 500, 'failing until the step is done');
  registered = true;
  t.equal((await fetchText(`${s.url}/livez/registration-completion`)).status, 200);
  await server.runPostStartHooks({ signal: new AbortController().signal }, () => undefined);
  t.throws(() => server.addBootSequenceHealthChecks(namedCheck('late', () => undefined)), { name: 'HookRegistrationError', message: 'unable to add "late" because PostStartHooks have already been run' });
  await server.shutdown();
});
