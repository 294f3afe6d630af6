/**
 * Issue #19, property-based: fast-check requests over content types × verbs × resources (built-ins and a custom
 * resource of a CRD created here) × query parameters and headers against kube-lite in-process. Property: every
 * answer is a 2xx or a 4xx `v1` Status, never a 5xx, a stack trace or no answer; afterwards the fixtures dump
 * unchanged (every write is `dryRun=All`). Seeds come from `seeds.ts` (`HOSTILE_SEED=random` explores); a failure
 * reports fast-check's shrunk counterexample.
 */
import type { Agent } from 'node:http';
import { startKubeLite } from '@apiserver/kube-lite/testing';
import fc from 'fast-check';
import t from 'tap';
import { parse } from 'yaml';
import { problemOf, statusOf } from './answer-checks.js';
import { dumpDiff, settledDump } from './dump.js';
import { FIXTURE_NAMESPACE, PROTOBUF, YAML } from './hostile-input.js';
import { type Answer, keepAliveAgent, type Probe, send } from './http-probe.js';
import { RESOURCES, requests, WIDGET_CRD } from './property-arbitraries.js';
import { seedsToRun } from './seeds.js';
import { itemPath, nameOf, type Template } from './templates.js';

/** Runs per property and seed (4 properties × 3 seeds × this many requests). */
const RUNS = 120;
/** Bound of one property's run, shrinking included. */
const TIME_LIMIT_MILLIS = 30_000;
// ~50 s when every property holds; shrinking several failures takes longer (125 s before the issue #19 fixes).
t.setTimeout(12 * TIME_LIMIT_MILLIS);

async function expect201(url: string, agent: Agent, path: string, body: object): Promise<void> {
  const answer = await send(url, { method: 'POST', path, body: JSON.stringify(body) }, agent);
  if (answer.status !== 201) throw new Error(`set-up POST ${path}: ${answer.status} ${answer.body.slice(0, 300)}`);
}

/** Creates the CRD (waits until its resource is served), the namespace and one fixture per resource. */
async function setUp(url: string, agent: Agent): Promise<Map<Template, Buffer>> {
  await expect201(url, agent, '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', WIDGET_CRD);
  for (let i = 0; (await send(url, { method: 'GET', path: '/apis/hostile.example.com/v1/widgets' }, agent)).status !== 200; i++) {
    if (i > 100) throw new Error('the Widget CRD was never served');
    await new Promise((r) => setTimeout(r, 50));
  }
  await expect201(url, agent, '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: FIXTURE_NAMESPACE } });
  const protobuf = new Map<Template, Buffer>();
  for (const template of RESOURCES) {
    await expect201(url, agent, template.collection(FIXTURE_NAMESPACE), template.object);
    const got = await rawGet(url, itemPath(template, FIXTURE_NAMESPACE, nameOf(template)));
    if (got !== undefined) protobuf.set(template, got);
  }
  return protobuf;
}

/** The protobuf encoding of an object (undefined when the resource has none, as custom resources). */
async function rawGet(url: string, path: string): Promise<Buffer | undefined> {
  const res = await fetch(`${url}${path}`, { headers: { accept: PROTOBUF } });
  const body = Buffer.from(await res.arrayBuffer());
  return res.status === 200 && res.headers.get('content-type') === PROTOBUF ? body : undefined;
}

/**
 * Upstream's one 500 for user input: a server-side apply whose patch has a field the schema does not declare
 * (structuredmerge.go returns a plain error; kubernetes/kubernetes#122480 and #139253, open). Allowed as upstream
 * (in any format: JSON, pretty JSON, YAML).
 */
const UPSTREAM_APPLY_500 = /failed to create typed patch object[\s\S]*field not declared in schema/;

/**
 * Why an answer breaks the property ("" when fine): the rule of the hostile suite, with the error `Status` in the
 * negotiated format (a YAML or protobuf Accept gets its Status as YAML or in the protobuf envelope, as upstream).
 */
function answerProblem(answer: Answer, probe: Probe): string {
  if (answer.status === 500 && probe.headers?.['content-type'] === 'application/apply-patch+yaml' && UPSTREAM_APPLY_500.test(answer.body)) return '';
  const type = String(answer.headers['content-type'] ?? '');
  if (answer.error !== undefined || answer.status < 400 || answer.status >= 500) return problemOf(answer, { alsoAllowed: [200, 201, 202] });
  if (type.startsWith(PROTOBUF)) return answer.body.startsWith('k8s\0') && answer.body.includes('\x06Status') ? '' : `${answer.status} without a protobuf Status: ${answer.body.slice(0, 100)}`;
  if (!type.startsWith(YAML)) return problemOf(answer, {});
  let decoded: unknown;
  try {
    decoded = parse(answer.body);
  } catch {
    return `${answer.status} with a YAML body that does not parse: ${answer.body.slice(0, 200)}`;
  }
  return statusOf(JSON.stringify(decoded))?.code === answer.status ? '' : `${answer.status} without a YAML v1 Status of that code: ${answer.body.slice(0, 200)}`;
}

function describe(probe: Probe): string {
  const body = probe.body === undefined ? '' : ` ${probe.headers?.['content-type'] ?? ''} ${JSON.stringify(probe.body.toString().slice(0, 400))}`;
  return `${probe.method} ${probe.path}${body}`;
}

/** The shrunk counterexample's problem and request, and how to replay it. */
function failureReport(details: fc.RunDetails<[Probe]>): string {
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  return `${error}\n  (shrunk ${details.numShrinks} times; replay with fc.check seed ${details.seed}, path "${details.counterexamplePath}")`;
}

t.test('property: any request over content types × verbs × resources × parameters gets a 2xx or a 4xx Status', async (t) => {
  const { source, seeds } = seedsToRun();
  const kl = await startKubeLite();
  const agent = keepAliveAgent();
  t.teardown(async () => {
    agent.destroy();
    await kl.stop();
  });
  const protobuf = await setUp(kl.url, agent);
  const before = await settledDump(kl.url, agent);
  for (const family of ['writes', 'patches', 'protobuf', 'reads'] as const) {
    for (const { seed, name } of seeds) {
      const property = fc.asyncProperty(requests(family, (tpl) => protobuf.get(tpl)), async (probe) => {
        const problem = answerProblem(await send(kl.url, probe, agent), probe);
        if (problem !== '') throw new Error(`${problem.slice(0, 400)}\n  request: ${describe(probe)}`);
      });
      const details = await fc.check(property, { seed, numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MILLIS });
      const message = details.failed ? failureReport(details) : '';
      t.equal(message, '', `${family}, ${source} seed ${seed} (${name}): ${details.numRuns} runs${details.interrupted ? ' (interrupted by the time limit)' : ''}`);
    }
  }
  t.equal((await send(kl.url, { method: 'GET', path: '/readyz' }, agent)).status, 200, 'the server still answers');
  t.same(dumpDiff(before, await settledDump(kl.url, agent)), [], 'the stored data is unchanged');
});
