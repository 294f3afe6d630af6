import { parse } from 'yaml';
import t from 'tap';
import { parseFlags, usage } from '../../src/cli/flags.js';
import { kubeconfigYAML } from '../../src/server/kubeconfig.js';
import { defaultKubeLiteOptions, kubeLiteOptionWarnings, validateKubeLiteOptions } from '../../src/server/options.js';
import { resourcePrefixOf } from '../../src/server/resource-prefix.js';

t.test('flags: both spellings, booleans, lists, durations', async (t) => {
  const { options, errors, args } = parseFlags([
    '--port=0',
    '--bind-address',
    '127.0.0.2',
    '--storage-backend=etcd3',
    '--etcd-servers=http://127.0.0.1:2379, http://127.0.0.1:2380',
    '--watch-cache=false',
    '--anonymous-auth',
    '--authorization-mode=AlwaysAllow,AlwaysDeny',
    '--request-timeout=1m30s',
    '--event-ttl=5m',
    '--max-requests-inflight=10',
    '--default-not-ready-toleration-seconds=60',
    '--default-unreachable-toleration-seconds',
    '-1',
    'kubeconfig',
  ]);
  t.same(errors, []);
  t.same(args, ['kubeconfig']);
  t.equal(options.port, 0);
  t.equal(options.bindAddress, '127.0.0.2');
  t.equal(options.storageBackend, 'etcd3');
  t.same(options.etcdServers, ['http://127.0.0.1:2379', 'http://127.0.0.1:2380']);
  t.equal(options.watchCache, false);
  t.equal(options.anonymousAuth, true);
  t.same(options.authorizationModes, ['AlwaysAllow', 'AlwaysDeny']);
  t.equal(options.requestTimeoutMillis, 90_000);
  t.equal(options.eventTTLMillis, 300_000);
  t.equal(options.maxRequestsInflight, 10);
  t.same([options.defaultNotReadyTolerationSeconds, options.defaultUnreachableTolerationSeconds], [60, -1], 'toleration seconds, any int64 as upstream');
  t.same(validateKubeLiteOptions(options), []);
  t.equal(parseFlags(['-h']).help, true);
  t.match(usage(), /--storage-backend\s+memory \(default\) or etcd3/);
});

t.test('logging and profiling flags: -v in all its spellings, --logging-format, --profiling', async (t) => {
  const defaults = parseFlags([]).options;
  t.same([defaults.defaultNotReadyTolerationSeconds, defaults.defaultUnreachableTolerationSeconds], [300, 300], 'toleration seconds default to 300');
  t.same([defaults.verbosity, defaults.loggingFormat, defaults.profiling], [0, 'text', true], "kube-apiserver's defaults");
  for (const argv of [['-v=3'], ['-v', '3'], ['-v3'], ['--v=3'], ['--v', '3']]) {
    const { options, errors } = parseFlags(argv);
    t.same([options.verbosity, errors], [3, []], argv.join(' '));
  }
  const { options, errors } = parseFlags(['--logging-format=json', '--profiling=false']);
  t.same([options.loggingFormat, options.profiling, errors], ['json', false, []]);
  t.same(parseFlags(['-v=loud', '--logging-format=xml', '--profiling=maybe']).errors, [
    'invalid argument "loud" for "-v, --v" flag: strconv.ParseInt: parsing "loud": invalid syntax',
    '--logging-format "xml": Unsupported log format (text, json)',
    'invalid argument "maybe" for "--profiling" flag: parse error',
  ]);
  t.match(usage(), /--logging-format\s+log format: text/);
});

t.test('flags: every bad flag is reported, not just the first', async (t) => {
  const { errors } = parseFlags(['--port=http', '--nope', '--watch-cache=maybe', '--storage-backend=sqlite', '--request-timeout=soon', '--data-dir']);
  t.same(errors, [
    'invalid argument "http" for "--port" flag: parse error',
    'unknown flag: --nope',
    'invalid argument "maybe" for "--watch-cache" flag: parse error',
    '--storage-backend "sqlite" is not supported (memory, etcd3)',
    'time: invalid duration "soon"',
    'flag needs an argument: --data-dir',
  ]);
});

t.test("kube-apiserver's command lines: --secure-port alone serves HTTPS only, --etcd-servers alone means etcd3", async (t) => {
  const envtest = parseFlags(['--secure-port=6443', '--etcd-servers=http://127.0.0.1:2379', '--allow-privileged=true', '--advertise-address=10.1.2.3']);
  t.same(envtest.errors, []);
  t.equal(envtest.options.port, -1, 'no plain HTTP port: kube-apiserver has none');
  t.equal(envtest.options.storageBackend, 'etcd3');
  t.equal(envtest.options.advertiseAddress, '10.1.2.3');
  t.same(validateKubeLiteOptions(envtest.options), []);
  const both = parseFlags(['--secure-port=6443', '--port=8081', '--etcd-servers=http://127.0.0.1:2379', '--storage-backend=memory']);
  t.equal(both.options.port, 8081, 'an explicit --port is kept');
  t.equal(both.options.storageBackend, 'memory', 'an explicit --storage-backend is kept');
  t.same(validateKubeLiteOptions(both.options), [], 'so envtest, which always names its etcd, can keep objects in memory');
  t.same(kubeLiteOptionWarnings(both.options), ['--etcd-servers is not used with --storage-backend=memory: objects are kept in memory'], 'warned at start');
  t.same(kubeLiteOptionWarnings(envtest.options), []);
  t.equal(parseFlags([]).options.port, 8080, 'no --secure-port: the plain port defaults to 8080');
  t.same(parseFlags(['--allow-privileged=false']).errors, ['--allow-privileged=false is not supported: kube-lite always allows privileged containers']);
  t.same(parseFlags(['--allow-privileged']).errors, [], 'a bare boolean flag is true');
  t.same(validateKubeLiteOptions({ ...defaultKubeLiteOptions(), advertiseAddress: 'kube.example' }), ['--advertise-address "kube.example" is not a valid IP address']);
});

t.test('validation: every invalid value at once, in kube-apiserver words', async (t) => {
  const o = {
    ...defaultKubeLiteOptions(),
    port: 70000,
    securePort: -1,
    bindAddress: 'localhost',
    tlsCertFile: '/x.crt',
    clientCAFile: '/ca.crt',
    storageBackend: 'etcd3' as const,
    dataDir: '/tmp/x',
    etcdServers: ['ftp://x'],
    etcdPrefix: 'registry',
    maxRequestsInflight: -1,
    requestTimeoutMillis: 0,
    eventTTLMillis: 10,
    authorizationModes: ['Webhook', 'AlwaysAllow', 'AlwaysAllow'],
    serviceClusterIPRange: '10.0.0.0/33',
    serviceNodePortRange: '32767-30000',
  };
  t.same(validateKubeLiteOptions(o), [
    '--port 70000 must be between 0 and 65535, inclusive (-1 disables)',
    '--bind-address "localhost" is not a valid IP address',
    '--tls-cert-file and --tls-private-key-file must be given together',
    '--client-ca-file needs --secure-port',
    '--data-dir applies to --storage-backend=memory only (etcd keeps its own data)',
    '--etcd-servers "ftp://x" is not an http(s) URL',
    '--etcd-prefix "registry" must start with "/"',
    '--max-requests-inflight can not be negative value',
    '--request-timeout should be a positive value',
    '--event-ttl must be at least 1s',
    'authorization-mode "Webhook" is not a valid mode (supported: AlwaysAllow, AlwaysDeny, RBAC)',
    'authorization-mode "AlwaysAllow" has mode specified more than once',
    '--service-cluster-ip-range "10.0.0.0/33" is not a valid CIDR',
    '--service-node-port-range "32767-30000" is not a valid port range (e.g. 30000-32767)',
  ]);
  t.same(validateKubeLiteOptions({ ...defaultKubeLiteOptions(), port: -1, authorizationModes: [], storageBackend: 'etcd3' }), [
    '--port and --secure-port are both disabled: nothing to serve on',
    '--etcd-servers must be specified with --storage-backend=etcd3',
    'at least one authorization-mode must be passed',
  ]);
  t.same(validateKubeLiteOptions({ ...defaultKubeLiteOptions(), etcdServers: ['http://127.0.0.1:2379'], serviceClusterIPRange: 'fd00::/108' }), []);
});

t.test('kubeconfig: http clusters skip TLS verification; https ones carry the CA; tokens', async (t) => {
  const plain = parse(kubeconfigYAML({ server: 'http://127.0.0.1:8080' }));
  t.same(plain, {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'kube-lite', cluster: { server: 'http://127.0.0.1:8080', 'insecure-skip-tls-verify': true } }],
    users: [{ name: 'kube-lite', user: {} }],
    contexts: [{ name: 'kube-lite', context: { cluster: 'kube-lite', user: 'kube-lite', namespace: 'default' } }],
    'current-context': 'kube-lite',
  });
  const secure = parse(kubeconfigYAML({ server: 'https://127.0.0.1:6443', certificateAuthorityPEM: 'PEM', token: 'abc', name: 'x', namespace: 'ns' }));
  t.same(secure.clusters[0].cluster, { server: 'https://127.0.0.1:6443', 'certificate-authority-data': Buffer.from('PEM').toString('base64') });
  t.same(secure.users[0].user, { token: 'abc' });
  t.equal(secure.contexts[0].context.namespace, 'ns');
});

t.test('resource prefixes follow the storage factory, special cases included', async (t) => {
  t.equal(resourcePrefixOf({ group: '', resource: 'configmaps' }), '/configmaps');
  t.equal(resourcePrefixOf({ group: '', resource: 'nodes' }), '/minions');
  t.equal(resourcePrefixOf({ group: '', resource: 'services' }), '/services/specs');
  t.equal(resourcePrefixOf({ group: 'apps', resource: 'deployments' }), '/deployments');
  t.equal(resourcePrefixOf({ group: 'coordination.k8s.io', resource: 'leases' }), '/leases');
});
