/**
 * TooLong errors as a client of kube-lite reads them: the whole 422 Status of an HTTP create, worded as Kubernetes
 * 1.32 words `field.TooLong` (`Too long: may not be more than N bytes`, no value shown). The annotation case is the
 * 600,000-byte one of the hostile suite (issue #19), which there checks only the status code.
 */
import t from 'tap';
import { startKubeLite } from '../../../../src/testing/index.js';

const kl = await startKubeLite();
t.teardown(() => kl.stop());
const NS = `${kl.url}/api/v1/namespaces/default`;

async function create(resource: string, body: object): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${NS}/${resource}`, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  return { status: res.status, body: await res.json() };
}

/** The 422 Status upstream sends for one TooLong error at `field` whose message body is `body`. */
function invalidStatus(kind: string, name: string, field: string, body: string): object {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: `${kind} "${name}" is invalid: ${field}: ${body}`,
    reason: 'Invalid',
    details: { name, kind, causes: [{ reason: 'FieldValueTooLong', message: body, field }] },
    code: 422,
  };
}

t.test('annotations of 600,000 bytes (200,000 × 日): metadata.annotations is too long', async (t) => {
  const answer = await create('configmaps', { metadata: { name: 'big-annotations', annotations: { a: '日'.repeat(200_000) } } });
  t.equal(answer.status, 422);
  t.same(answer.body, invalidStatus('ConfigMap', 'big-annotations', 'metadata.annotations', 'Too long: may not be more than 262144 bytes'));
  t.equal((await fetch(`${NS}/configmaps/big-annotations`)).status, 404, 'nothing stored');
});

t.test('ConfigMap data over 1 MiB: the field is `[]`, as upstream names field.NewPath("")', async (t) => {
  const half = 'x'.repeat(512 * 1024 + 1);
  const answer = await create('configmaps', { metadata: { name: 'big-data' }, data: { a: half, b: half } });
  t.equal(answer.status, 422);
  t.same(answer.body, invalidStatus('ConfigMap', 'big-data', '[]', 'Too long: may not be more than 1048576 bytes'));
});

t.test('Secret data over 1 MiB', async (t) => {
  const answer = await create('secrets', { metadata: { name: 'big-secret' }, stringData: { a: 'x'.repeat(1024 * 1024 + 1) } });
  t.equal(answer.status, 422);
  t.same(answer.body, invalidStatus('Secret', 'big-secret', 'data', 'Too long: may not be more than 1048576 bytes'));
});
