import t from 'tap';
import { startKubeLite } from '../../src/testing/index.js';

type Obj = Record<string, unknown> & { metadata?: Record<string, unknown>; spec?: Record<string, unknown>; status?: Record<string, unknown> };

t.test('TaintNodesByCondition, DefaultStorageClass, PersistentVolumeClaimResize and DefaultIngressClass through HTTP', async (t) => {
  const kl = await startKubeLite();
  t.teardown(() => kl.stop());
  const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: Obj }> => {
    const res = await fetch(`${kl.url}${path}`, { method, ...(body !== undefined && { body: JSON.stringify(body) }), headers: { 'content-type': 'application/json' } });
    return { status: res.status, body: (await res.json()) as Obj };
  };

  await t.test('a new node gets the not-ready NoSchedule taint; an update does not', async (t) => {
    const node = await call('POST', '/api/v1/nodes', { metadata: { name: 'n1' }, spec: { taints: [{ key: 'dedicated', value: 'db', effect: 'NoExecute' }] } });
    t.equal(node.status, 201);
    t.same(node.body.spec?.['taints'], [
      { key: 'dedicated', value: 'db', effect: 'NoExecute' },
      { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' },
    ]);
    const untainted = { ...node.body, spec: { taints: [] } };
    const updated = await call('PUT', '/api/v1/nodes/n1', untainted);
    t.equal(updated.status, 200);
    t.notOk(updated.body.spec?.['taints'], 'the node lifecycle controller may remove it');
    const dry = await call('POST', '/api/v1/nodes?dryRun=All', { metadata: { name: 'n2' } });
    t.same(dry.body.spec?.['taints'], [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }], 'dry run too');
  });

  const sc = (name: string, annotations: Record<string, string>, extra: Obj = {}) => ({
    apiVersion: 'storage.k8s.io/v1',
    kind: 'StorageClass',
    metadata: { name, annotations },
    provisioner: 'example.com/p',
    ...extra,
  });
  const claim = (name: string, spec: Obj = {}) => ({
    metadata: { name },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...spec },
  });
  const claims = '/api/v1/namespaces/default/persistentvolumeclaims';

  await t.test('claims naming no class get the newest default StorageClass', async (t) => {
    const before = await call('POST', claims, claim('before'));
    t.equal(before.status, 201);
    t.notOk('storageClassName' in (before.body.spec ?? {}), 'no default class yet');
    t.equal((await call('POST', '/apis/storage.k8s.io/v1/storageclasses', sc('standard', { 'storageclass.kubernetes.io/is-default-class': 'true' }, { allowVolumeExpansion: true }))).status, 201);
    t.equal((await call('POST', '/apis/storage.k8s.io/v1/storageclasses', sc('fixed', {}))).status, 201);
    t.equal((await call('POST', claims, claim('defaulted'))).body.spec?.['storageClassName'], 'standard');
    t.equal((await call('POST', claims, claim('none', { storageClassName: '' }))).body.spec?.['storageClassName'], '', 'an empty class is kept');
    t.equal((await call('POST', claims, claim('own', { storageClassName: 'fixed' }))).body.spec?.['storageClassName'], 'fixed');
    const annotated = await call('POST', claims, { ...claim('beta'), metadata: { name: 'beta', annotations: { 'volume.beta.kubernetes.io/storage-class': 'fixed' } } });
    t.notOk('storageClassName' in (annotated.body.spec ?? {}), 'the beta annotation names a class');
  });

  await t.test('a claim grows only bound and of a class allowing expansion', async (t) => {
    const grow = async (name: string, storage: string) => {
      const current = (await call('GET', `${claims}/${name}`)).body;
      const spec = { ...current.spec, resources: { requests: { storage } } };
      return call('PUT', `${claims}/${name}`, { ...current, spec });
    };
    // An unbound claim's spec is immutable: validation answers 422 before this plugin's `Only bound …` could.
    t.equal((await grow('defaulted', '2Gi')).status, 422);
    for (const name of ['defaulted', 'own']) {
      const current = (await call('GET', `${claims}/${name}`)).body;
      const bound = await call('PUT', `${claims}/${name}/status`, { ...current, status: { phase: 'Bound' } });
      t.equal(bound.status, 200, `${name} bound`);
    }
    const grown = await grow('defaulted', '2Gi');
    t.equal(grown.status, 200, 'the default class allows expansion');
    t.same(grown.body.spec?.['resources'], { requests: { storage: '2Gi' } });
    t.match((await grow('own', '2Gi')).body, {
      code: 403,
      reason: 'Forbidden',
      message: 'persistentvolumeclaims "own" is forbidden: only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize',
    });
  });

  await t.test('Ingresses naming no class get the default IngressClass', async (t) => {
    const ingresses = '/apis/networking.k8s.io/v1/namespaces/default/ingresses';
    const ingress = (name: string, spec: Obj = {}, annotations?: Record<string, string>) => ({
      metadata: { name, ...(annotations && { annotations }) },
      spec: { defaultBackend: { service: { name: 'web', port: { number: 80 } } }, ...spec },
    });
    t.notOk('ingressClassName' in ((await call('POST', ingresses, ingress('early'))).body.spec ?? {}), 'no default class yet');
    const ic = { apiVersion: 'networking.k8s.io/v1', kind: 'IngressClass', metadata: { name: 'nginx', annotations: { 'ingressclass.kubernetes.io/is-default-class': 'true' } }, spec: { controller: 'example.com/ingress' } };
    t.equal((await call('POST', '/apis/networking.k8s.io/v1/ingressclasses', ic)).status, 201);
    t.equal((await call('POST', ingresses, ingress('late'))).body.spec?.['ingressClassName'], 'nginx');
    t.notOk('ingressClassName' in ((await call('POST', ingresses, ingress('legacy', {}, { 'kubernetes.io/ingress.class': 'haproxy' }))).body.spec ?? {}), 'the legacy annotation names a class');
    t.equal((await call('POST', ingresses, ingress('own', { ingressClassName: 'other' }))).body.spec?.['ingressClassName'], 'other');
  });
});
