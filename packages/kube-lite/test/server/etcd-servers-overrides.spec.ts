import t from 'tap';
import { parseFlags } from '../../src/cli/flags.js';
import { ETCD_SERVERS_OVERRIDES_FORMAT_ERROR, parseEtcdServersOverrides } from '../../src/server/etcd-servers-overrides.js';
import { defaultKubeLiteOptions, validateKubeLiteOptions } from '../../src/server/options.js';

t.test('valid overrides: core and named groups, semicolon-separated servers', async (t) => {
  const { overrides, errors } = parseEtcdServersOverrides(['/events#http://127.0.0.1:2380', 'apps/deployments#http://a:2379;https://b:2379']);
  t.same(errors, []);
  t.same(overrides, [
    { resource: { group: '', resource: 'events' }, servers: ['http://127.0.0.1:2380'] },
    { resource: { group: 'apps', resource: 'deployments' }, servers: ['http://a:2379', 'https://b:2379'] },
  ]);
});

t.test('malformed entries get upstream EtcdOptions.Validate message, every one', async (t) => {
  t.equal(ETCD_SERVERS_OVERRIDES_FORMAT_ERROR, '--etcd-servers-overrides invalid, must be of format: group/resource#servers, where servers are URLs, semicolon separated');
  const { overrides, errors } = parseEtcdServersOverrides([
    '/events/http://127.0.0.1:4002', // upstream's own test case: no '#'
    'events#http://127.0.0.1:4002', // no '/'
    'a/b/c#http://127.0.0.1:4002',
    '/events#http://x:1#y',
    '/events#127.0.0.1:2379',
    '/events#',
    '/pods#http://ok:2379',
  ]);
  t.same(errors, [
    ETCD_SERVERS_OVERRIDES_FORMAT_ERROR,
    ETCD_SERVERS_OVERRIDES_FORMAT_ERROR,
    ETCD_SERVERS_OVERRIDES_FORMAT_ERROR,
    ETCD_SERVERS_OVERRIDES_FORMAT_ERROR,
    '--etcd-servers-overrides "/events#127.0.0.1:2379": "127.0.0.1:2379" is not an http(s) URL',
    '--etcd-servers-overrides "/events#": "" is not an http(s) URL',
  ]);
  t.same(overrides.map((o) => o.resource.resource), ['pods']);
});

t.test('--etcd-servers-overrides: comma list, repeatable, etcd3 only, all errors at once', async (t) => {
  const etcd = parseFlags([
    '--storage-backend=etcd3',
    '--etcd-servers=http://127.0.0.1:2379',
    '--etcd-servers-overrides=/events#http://127.0.0.1:2380;http://127.0.0.1:2381,apps/deployments#http://127.0.0.1:2382',
    '--etcd-servers-overrides',
    '/leases#http://127.0.0.1:2383',
  ]);
  t.same(etcd.errors, []);
  t.same(etcd.options.etcdServersOverrides, ['/events#http://127.0.0.1:2380;http://127.0.0.1:2381', 'apps/deployments#http://127.0.0.1:2382', '/leases#http://127.0.0.1:2383']);
  t.same(validateKubeLiteOptions(etcd.options), []);
  t.same(defaultKubeLiteOptions().etcdServersOverrides, []);
  const memory = parseFlags(['--etcd-servers-overrides=/events#http://127.0.0.1:2380,bad', '--watch-cache-sizes=pods']);
  t.same(validateKubeLiteOptions(memory.options), [
    'invalid value of watch cache size: pods',
    ETCD_SERVERS_OVERRIDES_FORMAT_ERROR,
    '--etcd-servers-overrides applies to --storage-backend=etcd3 only',
  ]);
});
