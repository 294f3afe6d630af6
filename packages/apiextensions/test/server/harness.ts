/**
 * Test harness (not a test file): an apiextensions server alone or behind a GenericAPIServer serving
 * core/v1 configmaps, on memory or etcd3 storage, listening on 127.0.0.1, and a small JSON client.
 */
import type { AdmissionInterface, ApiObject } from '@apiserver/registry';
import { GenericStrategy, Store } from '@apiserver/registry';
import { GenericAPIServer } from '@apiserver/server';
import type { StorageInterface } from '@apiserver/storage';
import { MemoryBackend } from '@apiserver/storage-memory';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import { startEtcd } from '@apiserver/testing';
import type { Test } from 'tap';
import { type APIExtensionsServer, createAPIExtensionsServer, type RESTOptionsGetter } from '../../src/index.js';

/** Storage backends the suites run on. */
export type Backend = 'memory' | 'etcd3';

/** A running chain. */
export interface Env {
  readonly url: string;
  readonly extensions: APIExtensionsServer;
  readonly front: GenericAPIServer;
}

async function getterFor(t: Test, backend: Backend): Promise<RESTOptionsGetter> {
  let newStorage: () => StorageInterface;
  if (backend === 'memory') {
    const memory = new MemoryBackend();
    t.teardown(() => memory.close());
    newStorage = () => memory.storage({ pathPrefix: '/registry' });
  } else {
    const etcd = await startEtcd();
    const { Etcd3Backend } = await import('@apiserver/storage-etcd3');
    const client = new Etcd3Backend({ hosts: [etcd.endpoint], prefix: '/registry' });
    t.teardown(async () => {
      await client.close();
      await etcd.stop();
    });
    newStorage = () => client.newStorage();
  }
  return {
    getRESTOptions: (r) => ({
      resourcePrefix: r.group === '' ? `/${r.resource}` : `/${r.group}/${r.resource}`,
      storage: newStorage() as unknown as StorageInterface<ApiObject>,
    }),
  };
}

/** Starts GenericAPIServer(core/v1 configmaps) → apiextensions (with `admission`, if given) → 404, listening; stopped at teardown. */
export async function startChain(t: Test, backend: Backend = 'memory', admission?: AdmissionInterface): Promise<Env> {
  const getter = await getterFor(t, backend);
  const log = (): void => undefined;
  const extensions = createAPIExtensionsServer({ restOptionsGetter: getter, genericConfig: { log }, ...(admission !== undefined && { admission }) });
  const front = new GenericAPIServer({ delegate: extensions.genericAPIServer, log });
  const strategy = new GenericStrategy({ namespaceScoped: true });
  const { storage, resourcePrefix } = getter.getRESTOptions({ group: '', resource: 'configmaps' });
  const configmaps = new Store({
    newObject: () => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: {} }),
    newList: () => ({ apiVersion: 'v1', kind: 'ConfigMapList', metadata: {}, items: [] }),
    defaultQualifiedResource: { group: '', resource: 'configmaps' },
    singularQualifiedResource: { group: '', resource: 'configmap' },
    storage,
    resourcePrefix,
    strategies: { create: strategy, update: strategy, delete: strategy },
  });
  front.installLegacyAPIGroup('/api', {
    prioritizedVersions: [{ group: '', version: 'v1' }],
    versionedResourcesStorageMap: { v1: { configmaps } },
    scheme: newBuiltinScheme(),
  });
  const [url] = await front.listen({ bindAddress: '127.0.0.1', port: 0 });
  t.teardown(() => front.shutdown());
  if (url === undefined) throw new Error('no listener');
  await waitFor(async () => (await fetch(`${url}/readyz`)).status === 200);
  return { url, extensions, front };
}

/** Polls `check` every 50 ms for up to `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One HTTP call with a JSON body; returns status, headers and parsed JSON (or text). */
export async function call(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  contentType = 'application/json',
  accept?: string,
  // biome-ignore lint/suspicious/noExplicitAny: parsed JSON bodies are read field by field in assertions
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': contentType }), ...(accept === undefined ? {} : { Accept: accept }) },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** The CronTab CRD of the Kubernetes docs, with status and scale subresources and printer columns. */
export function cronTabCRD(scope: 'Namespaced' | 'Cluster' = 'Namespaced'): Record<string, unknown> {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'crontabs.stable.example.com' },
    spec: {
      group: 'stable.example.com',
      scope,
      names: { plural: 'crontabs', singular: 'crontab', kind: 'CronTab', shortNames: ['ct'], categories: ['all'] },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.labelSelector' } },
          additionalPrinterColumns: [
            { name: 'Spec', type: 'string', jsonPath: '.spec.cronSpec', description: 'The cron spec' },
            { name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' },
          ],
          schema: {
            openAPIV3Schema: {
              type: 'object',
              description: 'A CronTab runs a command on a schedule.',
              properties: {
                spec: {
                  type: 'object',
                  description: 'The desired schedule.',
                  required: ['cronSpec'],
                  properties: {
                    cronSpec: { type: 'string', pattern: '^(\\d+|\\*)(/\\d+)?(\\s+(\\d+|\\*)(/\\d+)?){4}$', description: 'The cron expression.' },
                    image: { type: 'string' },
                    replicas: { type: 'integer', minimum: 1, maximum: 10, default: 1 },
                    mode: { type: 'string', enum: ['fast', 'slow'] },
                    extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
                  },
                },
                status: { type: 'object', properties: { replicas: { type: 'integer' }, labelSelector: { type: 'string' } } },
              },
            },
          },
        },
      ],
    },
  };
}

/** Writes a kubeconfig for `url` (plain HTTP) into `dir`; returns its path. */
export async function writeKubeconfig(dir: string, url: string): Promise<string> {
  const { writeFile } = await import('node:fs/promises');
  const file = `${dir}/kubeconfig`;
  const yaml = [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    `- name: test\n  cluster:\n    server: ${url}\n    insecure-skip-tls-verify: true`,
    'users:',
    '- name: test\n  user: {}',
    'contexts:',
    '- name: test\n  context:\n    cluster: test\n    user: test\n    namespace: default',
    'current-context: test',
    '',
  ].join('\n');
  await writeFile(file, yaml, { mode: 0o600 });
  return file;
}
