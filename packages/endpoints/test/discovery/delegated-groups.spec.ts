/** DiscoveryManager's delegated groups: a delegate's `/apis` groups follow this server's own, without repeats. */
import { WebService } from '@apiserver/restful';
import { CodecFactory } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import t from 'tap';
import { type APIGroupsDiscovery, DiscoveryManager } from '../../src/index.js';

const codecs = new CodecFactory(newBuiltinScheme());
const group = (name: string) => ({
  name,
  versions: [{ groupVersion: `${name}/v1`, version: 'v1' }],
  preferredVersion: { groupVersion: `${name}/v1`, version: 'v1' },
});
const item = (name: string) => ({ metadata: { name }, versions: [{ version: 'v1', resources: [], freshness: 'Current' }] });

t.test('delegated groups are appended to /apis, legacy and aggregated', async (t) => {
  let delegated: APIGroupsDiscovery | undefined = { groups: [group('stable.example.com')], aggregated: [item('stable.example.com')] };
  const manager = new DiscoveryManager({ codecs, delegated: () => delegated });
  t.same(manager.apiGroups(), [group('stable.example.com')], 'a manager without own groups lists the delegate’s');
  t.same(manager.aggregatedGroups().items, [item('stable.example.com')]);
  t.same(manager.apiGroupsDiscovery(), { groups: [group('stable.example.com')], aggregated: [item('stable.example.com')] });

  delegated = undefined;
  t.same(manager.apiGroups(), [], 'a delegate may have nothing to add');
  t.same(manager.aggregatedGroups().items, []);
});

t.test('own groups come first and shadow a delegate group of the same name', async (t) => {
  const delegated: APIGroupsDiscovery = {
    groups: [group('apps'), group('stable.example.com')],
    aggregated: [item('apps'), item('stable.example.com')],
  };
  const manager = new DiscoveryManager({ codecs, delegated: () => delegated });
  manager.add({
    groupVersion: { group: 'apps', version: 'v1' },
    webService: new WebService().path('/apis/apps/v1'),
    resources: [],
    apiResources: [],
  });
  t.same(manager.apiGroups().map((g) => g.name), ['apps', 'stable.example.com']);
  t.same(manager.apiGroups()[0]?.versions, [], 'the own apps group (no resources here), not the delegate’s');
  t.same(manager.aggregatedGroups().items.map((g) => g.metadata?.name), ['apps', 'stable.example.com']);
});
