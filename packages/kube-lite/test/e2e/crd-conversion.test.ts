/**
 * A two-version CRD converted by a real HTTPS conversion webhook behind a Service reference (issue 22, item 3):
 * v1 is stored (`spec.cronSpec`), v2 served (`spec.schedule`); objects created in either version are read in both
 * through kubectl, client-node and plain HTTP (get, list — one review per list —, watch); a webhook that answers
 * wrongly or is down gives kube-apiserver's errors.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { findKubectl } from '@apiserver/testing';
import t from 'tap';
import { correctAnswer, startConversionWebhook } from './conversion/conversion-webhook.js';
import { field, Kubectl, startEnv } from './harness.js';

const GROUP = 'stable.example.com';
const schemaWith = (prop: string) => ({
  openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { [prop]: { type: 'string' } } } } },
});
const crd = (caBundle: string) => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: `crontabs.${GROUP}` },
  spec: {
    group: GROUP,
    scope: 'Namespaced',
    names: { plural: 'crontabs', singular: 'crontab', kind: 'CronTab' },
    versions: [
      { name: 'v1', served: true, storage: true, schema: schemaWith('cronSpec') },
      { name: 'v2', served: true, storage: false, schema: schemaWith('schedule') },
    ],
    conversion: {
      strategy: 'Webhook',
      webhook: { conversionReviewVersions: ['v1'], clientConfig: { caBundle, service: { namespace: 'ns', name: 'conv', path: '/convert' } } },
    },
  },
});

const found = await findKubectl();

t.test('CRD conversion webhook through kubectl, client-node and HTTP', { skip: 'reason' in found ? found.reason : false }, async (t) => {
  if (!('binary' in found)) return;
  const hook = await startConversionWebhook(t);
  let webhookPort = hook.port;
  const resolved: string[] = [];
  const env = await startEnv(t, 'memory', {
    conversionWebhookTimeoutMillis: 5000,
    webhookServiceResolver: (namespace, name, port) => {
      resolved.push(`${namespace}/${name}:${port}`);
      return new URL(`https://127.0.0.1:${webhookPort}`);
    },
  });
  const kubectl = new Kubectl(found.binary, env);
  const ns = `${env.url}/apis/${GROUP}`;
  const post = (version: string, body: unknown) =>
    fetch(`${ns}/${version}/namespaces/default/crontabs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  const crdFile = path.join(env.workDir, 'crd.json');
  await writeFile(crdFile, JSON.stringify(crd(hook.caBundle)));
  t.match(await kubectl.ok(t, ['apply', '-f', crdFile]), /crontabs.stable.example.com created/);
  const stored = (await (await fetch(`${env.url}/apis/apiextensions.k8s.io/v1/customresourcedefinitions/crontabs.${GROUP}`)).json()) as unknown;
  t.equal(field(stored, 'spec', 'conversion', 'webhook', 'clientConfig', 'service', 'port'), 443, 'the service port defaults to 443');
  for (let i = 0; i < 100 && (await fetch(`${ns}/v2/namespaces/default/crontabs`)).status !== 200; i++) await new Promise((r) => setTimeout(r, 50));

  const aFile = path.join(env.workDir, 'a.json');
  await writeFile(aFile, JSON.stringify({ apiVersion: `${GROUP}/v1`, kind: 'CronTab', metadata: { name: 'a', labels: { app: 'cron' } }, spec: { cronSpec: '*/1 * * * *' } }));
  t.match(await kubectl.ok(t, ['apply', '-f', aFile]), /crontab.stable.example.com\/a created/);
  t.equal(hook.reviews.length, 0, 'no conversion when the request, storage and answer versions are equal');

  const created = await post('v2', { apiVersion: `${GROUP}/v2`, kind: 'CronTab', metadata: { name: 'b' }, spec: { schedule: '*/2 * * * *' } });
  t.equal(created.status, 201);
  t.same(field(await created.json(), 'spec'), { schedule: '*/2 * * * *' }, 'created in v2, answered in v2');
  t.same(hook.reviews.map((r) => r.request.desiredAPIVersion), [`${GROUP}/v1`, `${GROUP}/v2`], 'converted to the storage version and back');
  t.same(resolved[0], 'ns/conv:443', 'the Service is resolved through the resolver');

  const v1b = await kubectl.getJson(t, [`crontabs.v1.${GROUP}`, 'b']);
  t.equal(v1b.apiVersion, `${GROUP}/v1`);
  t.same(v1b.spec, { cronSpec: '*/2 * * * *' }, 'b is stored in v1');
  const before = hook.reviews.length;
  const list = await kubectl.getJson(t, [`crontabs.v2.${GROUP}`]);
  const items = (list.items ?? []) as Record<string, unknown>[];
  t.same(items.map((i) => [field(i, 'metadata', 'name'), i.apiVersion, i.spec]), [
    ['a', `${GROUP}/v2`, { schedule: '*/1 * * * *' }],
    ['b', `${GROUP}/v2`, { schedule: '*/2 * * * *' }],
  ]);
  t.equal(hook.reviews.length, before + 1, 'a list is converted in one review');
  t.equal(hook.reviews.at(-1)?.request.objects.length, 2);
  t.equal(field(items[0], 'metadata', 'labels', 'app'), 'cron', 'metadata kept');

  const kc = new k8s.KubeConfig();
  kc.loadFromFile(env.kubeconfigPath);
  const custom = kc.makeApiClient(k8s.CustomObjectsApi);
  const base = { group: GROUP, namespace: 'default', plural: 'crontabs' };
  t.same(field(await custom.getNamespacedCustomObject({ ...base, version: 'v2', name: 'a' }), 'spec'), { schedule: '*/1 * * * *' });
  const patched = await custom.patchNamespacedCustomObject(
    { ...base, version: 'v2', name: 'a', body: { spec: { schedule: '0 * * * *' } } },
    k8s.setHeaderOptions('Content-Type', k8s.PatchStrategy.MergePatch),
  );
  t.same(field(patched, 'spec'), { schedule: '0 * * * *' }, 'a merge patch in v2');
  const v1List = await custom.listNamespacedCustomObject({ ...base, version: 'v1' });
  t.same(((v1List as { items: unknown[] }).items ?? []).map((i) => field(i, 'spec')), [{ cronSpec: '0 * * * *' }, { cronSpec: '*/2 * * * *' }]);

  const rv = field(await (await fetch(`${ns}/v1/namespaces/default/crontabs`)).json(), 'metadata', 'resourceVersion');
  const watch = await fetch(`${ns}/v2/namespaces/default/crontabs?watch=1&resourceVersion=${String(rv)}`);
  const reader = watch.body?.getReader();
  await post('v1', { apiVersion: `${GROUP}/v1`, kind: 'CronTab', metadata: { name: 'c' }, spec: { cronSpec: '5 * * * *' } });
  const chunk = await reader?.read();
  await reader?.cancel();
  const event = JSON.parse(new TextDecoder().decode(chunk?.value).split('\n')[0] ?? '{}') as unknown;
  t.equal(field(event, 'type'), 'ADDED');
  t.same(field(event, 'object', 'spec'), { schedule: '5 * * * *' }, 'a watch event in the watched version');

  hook.answer = (review) => {
    const answer = correctAnswer(review);
    answer.response.uid = 'not-the-uid';
    return answer;
  };
  await kubectl.fails(t, ['get', `crontabs.v2.${GROUP}`, 'a'], /Error from server: conversion webhook for stable.example.com\/v1, Kind=CronTab failed: expected response.uid="[0-9a-f-]+", got "not-the-uid"/);
  hook.answer = (review) => {
    const answer = correctAnswer(review);
    const first = answer.response.convertedObjects[0] as unknown as { metadata: Record<string, unknown> };
    first.metadata = { ...first.metadata, name: 'renamed' };
    return answer;
  };
  const renamed = await fetch(`${ns}/v2/namespaces/default/crontabs/a`);
  t.equal(renamed.status, 500);
  t.equal(field(await renamed.json(), 'message'), `conversion webhook for ${GROUP}/v1, Kind=CronTab returned invalid object: must have the same name: a != renamed`);
  hook.answer = undefined;

  webhookPort = 9;
  await kubectl.fails(t, ['get', `crontabs.v2.${GROUP}`], /conversion webhook for stable.example.com\/v1, Kind=CronTabList failed: Post "https:\/\/127.0.0.1:9\/convert\?timeout=5s": dial tcp 127.0.0.1:9: connect: connection refused/);
  const refused = await post('v2', { apiVersion: `${GROUP}/v2`, kind: 'CronTab', metadata: { name: 'd' }, spec: { schedule: '1 * * * *' } });
  t.equal(refused.status, 500);
  t.match(field(await refused.json(), 'message'), /^conversion webhook for stable.example.com\/v2, Kind=CronTab failed: Post .*connection refused$/);
  const v1Read = await fetch(`${ns}/v1/namespaces/default/crontabs/a`);
  t.equal(v1Read.status, 200, 'the storage version is read without the webhook');
});
