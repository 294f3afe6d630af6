import t from 'tap';
import { newAttributesRecord, type Operation } from '../../src/admission/interfaces.js';
import { DefaultIngressClass } from '../../src/admission/plugins/default-ingress-class.js';
import { DefaultStorageClass, defaultStorageClass } from '../../src/admission/plugins/default-storage-class.js';
import type { ApiObject } from '../../src/rest/types.js';
import { statusOf } from '../fixtures.js';

const T1 = '2026-01-01T00:00:01Z';
const T2 = '2026-01-01T00:00:02Z';

function sc(name: string, annotations: Record<string, string> = {}, creationTimestamp = T1): ApiObject {
  return { apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: { name, annotations, creationTimestamp }, provisioner: 'p' };
}
const isDefault = { 'storageclass.kubernetes.io/is-default-class': 'true' };
const betaDefault = { 'storageclass.beta.kubernetes.io/is-default-class': 'true' };

function pvc(spec: Record<string, unknown> = {}, annotations?: Record<string, string>): ApiObject {
  return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'claim', ...(annotations && { annotations }) }, spec: { accessModes: ['ReadWriteOnce'], ...spec } };
}

function pvcAttrs(object: ApiObject | undefined, operation: Operation = 'CREATE', subresource = '', resource = 'persistentvolumeclaims') {
  return newAttributesRecord({
    operation,
    kind: { group: '', version: 'v1', kind: 'PersistentVolumeClaim' },
    resource: { group: '', version: 'v1', resource },
    namespace: 'ns',
    name: 'claim',
    object,
    subresource,
  });
}

const classOf = (o: ApiObject) => (o['spec'] as Record<string, unknown>)['storageClassName'];

t.test('DefaultStorageClass: a claim naming no class gets the default; one naming any class keeps it', async (t) => {
  const plugin = new DefaultStorageClass(async () => [sc('slow'), sc('fast', isDefault)]);
  t.ok(plugin.handles('CREATE'));
  t.notOk(plugin.handles('UPDATE'));
  const claim = pvc();
  await plugin.admit({}, pvcAttrs(claim));
  t.equal(classOf(claim), 'fast');
  const empty = pvc({ storageClassName: '' });
  await plugin.admit({}, pvcAttrs(empty));
  t.equal(classOf(empty), '', 'an empty class asks for no class: kept');
  const named = pvc({ storageClassName: 'slow' });
  await plugin.admit({}, pvcAttrs(named));
  t.equal(classOf(named), 'slow');
  const annotated = pvc({}, { 'volume.beta.kubernetes.io/storage-class': '' });
  await plugin.admit({}, pvcAttrs(annotated));
  t.equal(classOf(annotated), undefined, 'the beta annotation, whatever its value, names a class');
  const noSpec: ApiObject = { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'c' } };
  await plugin.admit({}, pvcAttrs(noSpec));
  t.same(noSpec['spec'], { storageClassName: 'fast' });
});

t.test('DefaultStorageClass: no default, other resources, subresources and non-objects are left alone', async (t) => {
  const none = new DefaultStorageClass(async () => [sc('a'), sc('b', { 'storageclass.kubernetes.io/is-default-class': 'True' })]);
  const claim = pvc();
  await none.admit({}, pvcAttrs(claim));
  t.equal(classOf(claim), undefined, 'only the exact value "true" marks a default');
  const plugin = new DefaultStorageClass(async () => [sc('fast', isDefault)]);
  for (const [subresource, resource] of [['status', 'persistentvolumeclaims'], ['', 'pods']]) {
    const other = pvc();
    await plugin.admit({}, pvcAttrs(other, 'CREATE', subresource, resource));
    t.equal(classOf(other), undefined, `${resource}/${subresource}`);
  }
  await plugin.admit({}, pvcAttrs(undefined));
});

t.test('DefaultStorageClass: of several defaults the newest wins, then the first by name', async (t) => {
  t.equal(defaultStorageClass([sc('old', isDefault, T1), sc('new', betaDefault, T2), sc('plain', {}, T2)])?.metadata.name, 'new');
  t.equal(defaultStorageClass([sc('b', isDefault, T2), sc('c', isDefault, T2), sc('a', betaDefault, T2), sc('z', isDefault, T1)])?.metadata.name, 'a');
  t.equal(defaultStorageClass([]), undefined);
});

t.test('DefaultStorageClass: a failed listing is a 403 with its message', async (t) => {
  const plugin = new DefaultStorageClass(() => Promise.reject(new Error('cache not synced')));
  const status = await statusOf(t, plugin.admit({}, pvcAttrs(pvc())));
  t.match(status, { code: 403, reason: 'Forbidden', message: 'persistentvolumeclaims "claim" is forbidden: cache not synced' });
  await plugin.admit({}, pvcAttrs(pvc({ storageClassName: 'x' })));
});

function ic(name: string, isDef: boolean, creationTimestamp = T1): ApiObject {
  const annotations: Record<string, string> = isDef ? { 'ingressclass.kubernetes.io/is-default-class': 'true' } : {};
  return { apiVersion: 'networking.k8s.io/v1', kind: 'IngressClass', metadata: { name, annotations, creationTimestamp }, spec: { controller: 'c' } };
}

function ingress(spec: Record<string, unknown> = {}, annotations?: Record<string, string>): ApiObject {
  return { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', metadata: { name: 'web', ...(annotations && { annotations }) }, spec };
}

function ingressAttrs(object: ApiObject | undefined, subresource = '', group = 'networking.k8s.io') {
  return newAttributesRecord({
    operation: 'CREATE',
    kind: { group: 'networking.k8s.io', version: 'v1', kind: 'Ingress' },
    resource: { group, version: 'v1', resource: 'ingresses' },
    namespace: 'ns',
    name: 'web',
    object,
    subresource,
  });
}

const ingressClassOf = (o: ApiObject) => (o['spec'] as Record<string, unknown>)['ingressClassName'];

t.test('DefaultIngressClass: an Ingress naming no class gets the newest default; a named class or annotation stops it', async (t) => {
  const plugin = new DefaultIngressClass(async () => [ic('nginx', true, T1), ic('haproxy', true, T2), ic('other', false, T2)]);
  t.ok(plugin.handles('CREATE'));
  t.notOk(plugin.handles('UPDATE'));
  const plain = ingress();
  await plugin.admit({}, ingressAttrs(plain));
  t.equal(ingressClassOf(plain), 'haproxy');
  const named = ingress({ ingressClassName: 'nginx' });
  await plugin.admit({}, ingressAttrs(named));
  t.equal(ingressClassOf(named), 'nginx');
  const annotated = ingress({}, { 'kubernetes.io/ingress.class': 'x' });
  await plugin.admit({}, ingressAttrs(annotated));
  t.equal(ingressClassOf(annotated), undefined);
  for (const [subresource, group] of [['status', 'networking.k8s.io'], ['', 'extensions']]) {
    const other = ingress();
    await plugin.admit({}, ingressAttrs(other, subresource, group));
    t.equal(ingressClassOf(other), undefined, `${group} ${subresource}`);
  }
  const tie = new DefaultIngressClass(async () => [ic('b', true), ic('a', true)]);
  const tied = ingress();
  await tie.admit({}, ingressAttrs(tied));
  t.equal(ingressClassOf(tied), 'a', 'the same timestamp: the first by name');
  const none = new DefaultIngressClass(async () => [ic('x', false)]);
  const left = ingress();
  await none.admit({}, ingressAttrs(left));
  t.equal(ingressClassOf(left), undefined);
});

t.test('DefaultIngressClass: a non-object is a 500, a failed listing a 403', async (t) => {
  const plugin = new DefaultIngressClass(() => Promise.reject(new Error('boom')));
  t.match(await statusOf(t, plugin.admit({}, ingressAttrs(undefined))), {
    code: 500,
    reason: 'InternalError',
    message: 'Internal error occurred: Expected Ingress resource, got: networking.k8s.io/v1, Kind=Ingress',
  });
  t.match(await statusOf(t, plugin.admit({}, ingressAttrs(ingress()))), { code: 403, message: 'ingresses.networking.k8s.io "web" is forbidden: boom' });
});
