/**
 * The cluster authentication trust controller merges this server's CAs and header settings into the existing
 * kube-system/extension-apiserver-authentication ConfigMap (another API server's values stay), as kube-apiserver's
 * clusterauthenticationtrust controller does.
 */
import type { ApiObject, RequestContext, UpdatedObjectInfo } from '@apiserver/registry';
import { newNotFound } from '@apiserver/runtime';
import { extensionAPIServerAuthenticationData, generateCACertKey, parseCertificateBundle } from '@apiserver/server';
import t from 'tap';
import { combineCertificateBundles, combinedClusterAuthenticationInfo, EXPIRED_CERTIFICATE_SLACK_MS } from '../../../src/controllers/bootstrap/cluster-authentication-info.js';
import { ClusterAuthenticationTrustController } from '../../../src/controllers/bootstrap/cluster-authentication-trust.js';

const ours = generateCACertKey('front-proxy-ca');
const theirs = generateCACertKey('other-front-proxy-ca');
const ourClients = generateCACertKey('client-ca');
const theirClients = generateCACertKey('other-client-ca');
const info = {
  clientCA: ourClients.cert,
  requestHeader: { clientCA: ours.cert, allowedNames: ['front-proxy-client'], usernameHeaders: ['X-Remote-User'], groupHeaders: ['X-Remote-Group'], extraHeaderPrefixes: ['X-Remote-Extra-'] },
};

/** One ConfigMap held in memory, with the calls made. */
function configMaps(initial: Record<string, string> | undefined) {
  let current: ApiObject | undefined = initial === undefined ? undefined : { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'extension-apiserver-authentication', namespace: 'kube-system', resourceVersion: '1' }, data: initial };
  const calls: string[] = [];
  const store = {
    newObject: (): ApiObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: {} }),
    async get(_ctx: RequestContext, _name: string): Promise<ApiObject> {
      calls.push('get');
      if (current === undefined) throw newNotFound({ group: '', resource: 'configmaps' }, 'extension-apiserver-authentication');
      return current;
    },
    async create(_ctx: RequestContext, obj: ApiObject): Promise<ApiObject> {
      calls.push('create');
      current = obj;
      return obj;
    },
    async update(ctx: RequestContext, _name: string, objInfo: UpdatedObjectInfo): Promise<{ object: ApiObject; created: boolean }> {
      calls.push('update');
      current = await objInfo.updatedObject(ctx, current);
      return { object: current, created: false };
    },
  };
  return { store, calls, data: () => (current?.data ?? {}) as Record<string, string> };
}

t.test('merging: existing values first, ours added, duplicates once; CAs of both', async (t) => {
  const existing = extensionAPIServerAuthenticationData({
    clientCA: theirClients.cert,
    requestHeader: { clientCA: theirs.cert, allowedNames: ['aggregator'], usernameHeaders: ['X-Remote-User'], uidHeaders: ['X-Remote-Uid'], groupHeaders: ['X-Other-Group'], extraHeaderPrefixes: [] },
  });
  const cm = configMaps(existing);
  const controller = new ClusterAuthenticationTrustController({ configMaps: cm.store as never, ensureNamespace: async () => undefined, info });
  await controller.sync();
  const data = cm.data();
  t.equal(data['requestheader-allowed-names'], '["aggregator","front-proxy-client"]');
  t.equal(data['requestheader-username-headers'], '["X-Remote-User"]', 'a header both have, once');
  t.equal(data['requestheader-group-headers'], '["X-Other-Group","X-Remote-Group"]');
  t.equal(data['requestheader-extra-headers-prefix'], '["X-Remote-Extra-"]');
  t.equal(data['requestheader-uid-headers'], '["X-Remote-Uid"]', "another server's UID headers are kept");
  t.equal(data['requestheader-client-ca-file'], theirs.cert + ours.cert, 'both front-proxy CAs, existing first');
  t.equal(data['client-ca-file'], theirClients.cert + ourClients.cert);
  t.same(cm.calls, ['get', 'update']);
  await controller.sync();
  t.same(cm.calls, ['get', 'update', 'get'], 'already merged: nothing written');
});

t.test('a missing ConfigMap is created with ours; an unreadable one fails the sync', async (t) => {
  const cm = configMaps(undefined);
  await new ClusterAuthenticationTrustController({ configMaps: cm.store as never, ensureNamespace: async () => undefined, info }).sync();
  t.same(cm.data(), extensionAPIServerAuthenticationData(info));
  t.same(cm.calls, ['get', 'create']);
  const bad = configMaps({ 'requestheader-client-ca-file': ours.cert, 'requestheader-group-headers': 'X-Remote-Group' });
  await t.rejects(new ClusterAuthenticationTrustController({ configMaps: bad.store as never, ensureNamespace: async () => undefined, info }).sync(), /requestheader-group-headers/);
  t.same(bad.calls, ['get']);
});

t.test('CA bundles: duplicates dropped, expired more than five minutes dropped', async (t) => {
  const shortLived = generateCACertKey('short', 1);
  const notAfter = Date.parse(parseCertificateBundle(shortLived.cert)[0]?.validTo ?? '');
  t.equal(combineCertificateBundles(ours.cert + shortLived.cert, ours.cert, notAfter + EXPIRED_CERTIFICATE_SLACK_MS - 60_000), ours.cert + shortLived.cert, 'within the slack: kept');
  t.equal(combineCertificateBundles(ours.cert + shortLived.cert, ours.cert, notAfter + EXPIRED_CERTIFICATE_SLACK_MS + 60_000), ours.cert, 'past it: dropped');
  t.equal(combineCertificateBundles('', '', Date.now()), '');
  t.same(combinedClusterAuthenticationInfo({}, {}), {}, 'nothing on either side: nothing');
  t.throws(() => combineCertificateBundles('not a pem', ours.cert, Date.now()), /valid RSA or ECDSA certificates/);
});
