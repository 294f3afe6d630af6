/**
 * Issue #19: a CRD's OpenAPI `pattern` runs on RE2, as kube-apiserver runs it on Go's `regexp`. A pattern that
 * backtracks catastrophically in JavaScript (`^(a+)+$` against 40 × `a` + `!`) is answered with upstream's 422 while
 * `/readyz` keeps answering, and a pattern RE2 cannot compile (JavaScript's lookahead) is refused at CRD write.
 */
import t from 'tap';
import { startKubeLite } from '../../src/testing/index.js';

const CRDS = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
const COLLECTION = '/apis/re.example.com/v1/namespaces/default/tokens';

function crd(pattern: string) {
  const spec = { type: 'object', properties: { value: { type: 'string', pattern } } };
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'tokens.re.example.com' },
    spec: {
      group: 're.example.com',
      scope: 'Namespaced',
      names: { plural: 'tokens', singular: 'token', kind: 'Token' },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec } } } }],
    },
  };
}

const token = (name: string, value: string) => ({ apiVersion: 're.example.com/v1', kind: 'Token', metadata: { name }, spec: { value } });

t.test("a CRD pattern runs on RE2: a catastrophic pattern answers 422, /readyz answers meanwhile", async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${kl.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(20_000) });
    return { status: res.status, body: (await res.json()) as { message?: string; reason?: string } };
  };

  const refused = await send('POST', CRDS, crd('^(?=a)'));
  t.equal(refused.status, 422, 'JavaScript-only syntax is refused at CRD write');
  t.equal(
    refused.body.message,
    'CustomResourceDefinition.apiextensions.k8s.io "tokens.re.example.com" is invalid: ' +
      'spec.validation.openAPIV3Schema.properties[spec].properties[value].pattern: Invalid value: "^(?=a)": ' +
      "must be a valid regular expression, but isn't: error parsing regexp: invalid or unsupported Perl syntax: `(?=`",
  );

  t.equal((await send('POST', CRDS, crd('^(a+)+$'))).status, 201);
  let probe = 404;
  for (let i = 0; i < 200 && probe === 404; i++) {
    probe = (await fetch(`${kl.url}${COLLECTION}`)).status;
    if (probe === 404) await new Promise((r) => setTimeout(r, 25));
  }
  t.equal(probe, 200, 'the custom resources are served');

  const value = `${'a'.repeat(40)}!`;
  const [created, readyz] = await Promise.all([
    send('POST', COLLECTION, token('t1', value)),
    fetch(`${kl.url}/readyz`, { signal: AbortSignal.timeout(20_000) }).then((r) => r.status),
  ]);
  t.equal(readyz, 200, '/readyz answers while the value is validated');
  t.equal(created.status, 422);
  t.equal(created.body.reason, 'Invalid');
  t.equal(
    created.body.message,
    `Token.re.example.com "t1" is invalid: spec.value: Invalid value: "${value}": spec.value in body should match '^(a+)+$'`,
  );
  t.equal((await send('POST', COLLECTION, token('t2', 'a'.repeat(100_000)))).status, 201, 'a long matching value is stored');
});
