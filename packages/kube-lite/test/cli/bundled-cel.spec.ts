/**
 * The bundled CLI evaluates CEL on first use (scripts/lazy-modules.mjs: @apiserver/apiextensions' cel/ folder and
 * @bufbuild/cel behind stand-ins that load them when an export is first read). The specs of the API run CEL from
 * the sources; this one runs each entry point the bundle reaches it through: CRD validation rules (compiled when the
 * CRD is written, evaluated on a custom resource), a ValidatingAdmissionPolicy (compiled and run by the admission
 * plugin) and a webhook's matchConditions (compiled by the configuration's validation).
 */
import { spawn } from 'node:child_process';
import t from 'tap';
import { KUBE_LITE_BIN, waitFor } from './cli-process.js';

interface Answer {
  readonly status: number;
  readonly body: { readonly message?: string };
}

const CRD = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
    scope: 'Namespaced',
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                properties: { replicas: { type: 'integer' } },
                'x-kubernetes-validations': [{ rule: 'self.replicas <= 10', message: 'at most 10 replicas' }],
              },
            },
          },
        },
      },
    ],
  },
};

const POLICY = {
  apiVersion: 'admissionregistration.k8s.io/v1',
  kind: 'ValidatingAdmissionPolicy',
  metadata: { name: 'no-forbidden-key' },
  spec: {
    failurePolicy: 'Fail',
    matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }] },
    validations: [{ expression: "!has(object.data) || !('forbidden' in object.data)", message: 'no key named forbidden' }],
  },
};

const BINDING = {
  apiVersion: 'admissionregistration.k8s.io/v1',
  kind: 'ValidatingAdmissionPolicyBinding',
  metadata: { name: 'no-forbidden-key' },
  spec: { policyName: 'no-forbidden-key', validationActions: ['Deny'] },
};

const badConditions = {
  apiVersion: 'admissionregistration.k8s.io/v1',
  kind: 'ValidatingWebhookConfiguration',
  metadata: { name: 'bad-conditions' },
  webhooks: [
    {
      name: 'check.example.com',
      clientConfig: { url: 'https://127.0.0.1:1/check' },
      rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }],
      sideEffects: 'None',
      admissionReviewVersions: ['v1'],
      matchConditions: [{ name: 'broken', expression: 'object.metadata.name ==' }],
    },
  ],
};

/** Retries `attempt` every 50 ms until `done` holds for its answer (at most 10 s); returns the last answer. */
async function until(attempt: () => Promise<Answer>, done: (a: Answer) => boolean): Promise<Answer> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await attempt();
    if (done(answer) || Date.now() > deadline) return answer;
    await new Promise((r) => setTimeout(r, 50));
  }
}

t.test('the bundled CLI compiles and runs CEL loaded on first use', async (t) => {
  const child = spawn(process.execPath, [KUBE_LITE_BIN, '--port=0', `--data-dir=${t.testdir()}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  t.teardown(() => {
    child.kill('SIGKILL');
  });
  const out = await waitFor(child, /kubeconfig: .*\n/);
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1] ?? '';
  const post = async (path: string, body: object): Promise<Answer> => {
    const res = await fetch(`${url}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  };

  t.equal((await post('/apis/apiextensions.k8s.io/v1/customresourcedefinitions', CRD)).status, 201, 'a CRD with a validation rule');
  const widget = (replicas: number) => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: `w${replicas}` }, spec: { replicas } });
  const tooMany = await until(
    () => post('/apis/example.com/v1/namespaces/default/widgets', widget(20)),
    (a) => a.status !== 404,
  );
  t.equal(tooMany.status, 422, 'the rule refuses 20 replicas');
  t.match(tooMany.body.message, /spec: Invalid value: "object": at most 10 replicas/);
  t.equal((await post('/apis/example.com/v1/namespaces/default/widgets', widget(5))).status, 201, 'and lets 5 through');

  t.equal((await post('/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies', POLICY)).status, 201);
  t.equal((await post('/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicybindings', BINDING)).status, 201);
  const configMap = (name: string, data: Record<string, string>) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data });
  const denied = await until(
    () => post('/api/v1/namespaces/default/configmaps?dryRun=All', configMap('denied', { forbidden: 'x' })),
    (a) => a.status !== 201,
  );
  t.equal(denied.status, 422, 'the policy denies a config map with the key (reason Invalid, the default)');
  t.match(denied.body.message, /denied request: no key named forbidden$/);
  t.equal((await post('/api/v1/namespaces/default/configmaps', configMap('allowed', { fine: 'x' }))).status, 201, 'and admits one without');

  const rejected = await post('/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations?dryRun=All', badConditions);
  t.equal(rejected.status, 422, 'a match condition that does not compile');
  t.match(rejected.body.message, /webhooks\[0\]\.matchConditions\[0\]\.expression: Invalid value: "object\.metadata\.name ==": compilation failed/);

  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  t.equal(await exited, 0, 'graceful exit');
});
