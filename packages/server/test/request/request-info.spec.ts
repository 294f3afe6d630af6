import t from 'tap';
import { DurationParseError, parseGoDuration } from '../../src/request/go-duration.js';
import { RequestInfoError, RequestInfoFactory } from '../../src/request/request-info.js';

const factory = new RequestInfoFactory();

// method, url, verb, prefix, group, version, namespace, resource, subresource, name, parts
const cases: ReadonlyArray<readonly [string, string, string, string, string, string, string, string, string, string, string[]]> = [
  ['GET', '/api/v1/namespaces', 'list', 'api', '', 'v1', '', 'namespaces', '', '', ['namespaces']],
  ['GET', '/api/v1/namespaces/other', 'get', 'api', '', 'v1', 'other', 'namespaces', '', 'other', ['namespaces', 'other']],
  ['GET', '/api/v1/namespaces/other/pods', 'list', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
  ['GET', '/api/v1/namespaces/other/pods/foo', 'get', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods', 'foo']],
  ['HEAD', '/api/v1/namespaces/other/pods/foo', 'get', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods', 'foo']],
  ['GET', '/api/v1/pods', 'list', 'api', '', 'v1', '', 'pods', '', '', ['pods']],
  ['HEAD', '/api/v1/pods', 'list', 'api', '', 'v1', '', 'pods', '', '', ['pods']],
  // special verbs
  ['GET', '/api/v1/proxy/namespaces/other/pods/foo', 'proxy', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods', 'foo']],
  [
    'GET',
    '/api/v1/proxy/namespaces/other/pods/foo/subpath/not/a/subresource',
    'proxy', 'api', '', 'v1', 'other', 'pods', '', 'foo',
    ['pods', 'foo', 'subpath', 'not', 'a', 'subresource'],
  ],
  ['GET', '/api/v1/watch/pods', 'watch', 'api', '', 'v1', '', 'pods', '', '', ['pods']],
  ['GET', '/api/v1/pods?watch=true', 'watch', 'api', '', 'v1', '', 'pods', '', '', ['pods']],
  ['GET', '/api/v1/pods?watch=false', 'list', 'api', '', 'v1', '', 'pods', '', '', ['pods']],
  ['GET', '/api/v1/watch/namespaces/other/pods', 'watch', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
  ['GET', '/api/v1/namespaces/other/pods?watch=1', 'watch', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
  ['GET', '/api/v1/namespaces/other/pods?watch=0', 'list', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
  ['GET', '/api/v1/namespaces/other/pods?watch=yes', 'watch', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
  // subresource identification
  ['GET', '/api/v1/namespaces/other/pods/foo/status', 'get', 'api', '', 'v1', 'other', 'pods', 'status', 'foo', ['pods', 'foo', 'status']],
  [
    'GET', '/api/v1/namespaces/other/pods/foo/proxy/subpath', 'get', 'api', '', 'v1', 'other', 'pods', 'proxy', 'foo',
    ['pods', 'foo', 'proxy', 'subpath'],
  ],
  ['PUT', '/api/v1/namespaces/other/finalize', 'update', 'api', '', 'v1', 'other', 'namespaces', 'finalize', 'other', ['namespaces', 'other', 'finalize']],
  ['PUT', '/api/v1/namespaces/other/status', 'update', 'api', '', 'v1', 'other', 'namespaces', 'status', 'other', ['namespaces', 'other', 'status']],
  // verb identification
  ['PATCH', '/api/v1/namespaces/other/pods/foo', 'patch', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods', 'foo']],
  ['DELETE', '/api/v1/namespaces/other/pods/foo', 'delete', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods', 'foo']],
  ['POST', '/api/v1/namespaces/other/pods', 'create', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
  ['OPTIONS', '/api/v1/namespaces/other/pods', '', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
  // deletecollection verb identification
  ['DELETE', '/api/v1/nodes', 'deletecollection', 'api', '', 'v1', '', 'nodes', '', '', ['nodes']],
  ['DELETE', '/api/v1/namespaces', 'deletecollection', 'api', '', 'v1', '', 'namespaces', '', '', ['namespaces']],
  ['DELETE', '/api/v1/namespaces/other/pods', 'deletecollection', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
  ['DELETE', '/apis/extensions/v1/namespaces/other/pods', 'deletecollection', 'apis', 'extensions', 'v1', 'other', 'pods', '', '', ['pods']],
  // api group identification
  ['POST', '/apis/extensions/v1/namespaces/other/pods', 'create', 'apis', 'extensions', 'v1', 'other', 'pods', '', '', ['pods']],
  // api version identification
  ['POST', '/apis/extensions/v1beta3/namespaces/other/pods', 'create', 'apis', 'extensions', 'v1beta3', 'other', 'pods', '', '', ['pods']],
  // field selector names the object
  ['GET', '/api/v1/namespaces/other/pods?fieldSelector=metadata.name%3Dfoo', 'list', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods']],
  ['GET', '/api/v1/namespaces/other/pods?fieldSelector=metadata.name%3D%3Dfoo', 'list', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods']],
  ['GET', '/api/v1/namespaces/other/pods?watch=true&fieldSelector=metadata.name%3Dfoo', 'watch', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods']],
  ['GET', '/api/v1/namespaces/other/pods?fieldSelector=metadata.name%3Dfoo%2Fbar', 'list', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
  ['GET', '/api/v1/namespaces/other/pods?fieldSelector=spec.nodeName%3Dn1', 'list', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
  // the selector is parsed as fields.ParseSelector parses it: escapes undone, no trimming, an invalid one names nothing
  ['GET', '/api/v1/namespaces/other/pods?fieldSelector=metadata.name%3Da%5C%2Cb', 'list', 'api', '', 'v1', 'other', 'pods', '', 'a,b', ['pods']],
  ['GET', '/api/v1/namespaces/other/pods?fieldSelector=status.phase%21%3DRunning%2Cmetadata.name%3D%3Dfoo', 'list', 'api', '', 'v1', 'other', 'pods', '', 'foo', ['pods']],
  ['GET', '/api/v1/namespaces/other/pods?fieldSelector=%20metadata.name%3Dfoo', 'list', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
  ['GET', '/api/v1/namespaces/other/pods?fieldSelector=metadata.name%3Da%3Db', 'list', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
  ['GET', '/api/v1/namespaces/other/pods?fieldSelector=metadata.name%21%3Dfoo', 'list', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
  ['DELETE', '/api/v1/namespaces/other/pods?fieldSelector=metadata.name%3Dfoo', 'deletecollection', 'api', '', 'v1', 'other', 'pods', '', '', ['pods']],
];

t.test('resource requests (upstream TestGetAPIRequestInfo)', async (t) => {
  for (const [method, url, verb, apiPrefix, apiGroup, apiVersion, namespace, resource, subresource, name, parts] of cases) {
    // The raw selectors are checked by authorization/selectors.spec.ts.
    const { path: _path, fieldSelector: _fieldSelector, labelSelector: _labelSelector, ...info } = factory.resolve(method, url);
    t.same(
      info,
      { isResourceRequest: true, verb, apiPrefix, apiGroup, apiVersion, namespace, resource, subresource, name, parts },
      `${method} ${url}`,
    );
  }
});

t.test('non-resource requests (upstream TestGetNonAPIRequestInfo)', async (t) => {
  const table: ReadonlyArray<readonly [string, boolean]> = [
    ['/api/version/resource', true],
    ['/apis/group/version/resource/name/subresource', true],
    ['/api/version/resource/name/subresource', true],
    ['/apis/batch/v1/job', true],
    ['/apis/batch/v1/job/foo', true],
    ['/apis/batch/v1/job/foo/scale', true],
    ['/not-api/version/resource', false],
    ['/apis/extensions/v1beta1', false],
    ['/apis/extensions/v1beta1/', false],
    ['/api/version', false],
    ['/api', false],
    ['/', false],
    ['', false],
    ['/apis/version/resource', false],
    ['/badprefix/version/resource', false],
  ];
  for (const [url, expected] of table) t.equal(factory.resolve('GET', url).isResourceRequest, expected, url);
  const healthz = factory.resolve('POST', '/healthz/ping?verbose');
  t.same([healthz.verb, healthz.path, healthz.resource], ['post', '/healthz/ping', '']);
  t.equal(factory.newRequestInfo({ method: undefined, url: undefined }).verb, 'get');
});

t.test('unreadable paths and custom prefixes', async (t) => {
  t.throws(() => factory.resolve('GET', '/api/v1/watch'), new RequestInfoError('unable to determine kind and namespace from url, /api/v1/watch'));
  t.equal(factory.resolve('GET', '/api/v1/namespaces/a%2Fb/pods').namespace, 'a');
  t.equal(factory.resolve('GET', '/api/v1/namespaces/%E0%A4%A/pods').namespace, '%E0%A4%A');
  const custom = new RequestInfoFactory({ apiPrefixes: ['api', 'apis', 'custom'], grouplessAPIPrefixes: ['api', 'custom'] });
  const info = custom.resolve('GET', '/custom/v2/things/x');
  t.same([info.apiPrefix, info.apiGroup, info.apiVersion, info.resource, info.name], ['custom', '', 'v2', 'things', 'x']);
});

t.test('newRequestInfo remembers frozen results per method and URL', async (t) => {
  const own = new RequestInfoFactory();
  const get = own.newRequestInfo({ method: 'GET', url: '/api/v1/namespaces/a/pods/p' });
  t.equal(own.newRequestInfo({ method: 'GET', url: '/api/v1/namespaces/a/pods/p' }), get, 'the same method and URL share one');
  t.ok(Object.isFrozen(get) && Object.isFrozen(get.parts));
  t.same(get, own.resolve('GET', '/api/v1/namespaces/a/pods/p'));
  const del = own.newRequestInfo({ method: 'DELETE', url: '/api/v1/namespaces/a/pods/p' });
  t.equal(del.verb, 'delete', 'another method, another info');
  t.equal(own.newRequestInfo({ method: 'GET', url: '/api/v1/namespaces/a/pods/p?x=1' }).verb, 'get');
  t.not(own.newRequestInfo({ method: 'GET', url: '/api/v1/namespaces/a/pods/p?x=1' }), get, 'another URL, another info');
  const long = `/api/v1/namespaces/a/pods?labelSelector=${'a'.repeat(2000)}`;
  t.not(own.newRequestInfo({ method: 'GET', url: long }), own.newRequestInfo({ method: 'GET', url: long }), 'long URLs are not remembered');
  for (let i = 0; i < 5000; i++) own.newRequestInfo({ method: 'GET', url: `/api/v1/namespaces/n${i}/pods` });
  t.not(own.newRequestInfo({ method: 'GET', url: '/api/v1/namespaces/a/pods/p' }), get, 'forgotten once too many were remembered');
  t.throws(() => own.newRequestInfo({ method: 'GET', url: '/api/v1/watch' }), RequestInfoError);
});

t.test('Go durations', async (t) => {
  const good: ReadonlyArray<readonly [string, number]> = [
    ['0', 0],
    ['5s', 5000],
    ['+5s', 5000],
    ['-1.5h', -5_400_000],
    ['2h45m', 9_900_000],
    ['300ms', 300],
    ['1.5us', 0.0015],
    ['10µs', 0.01],
    ['1000ns', 0.001],
    ['.5s', 500],
    ['1m0s', 60_000],
  ];
  for (const [text, ms] of good) t.equal(parseGoDuration(text), ms, text);
  const bad: ReadonlyArray<readonly [string, string]> = [
    ['', 'time: invalid duration ""'],
    ['abc', 'time: invalid duration "abc"'],
    ['5', 'time: missing unit in duration "5"'],
    ['5x', 'time: unknown unit "x" in duration "5x"'],
    ['-', 'time: invalid duration "-"'],
    ['.s', 'time: invalid duration ".s"'],
  ];
  for (const [text, message] of bad) t.throws(() => parseGoDuration(text), new DurationParseError(message), text);
});

t.test('a field selector of 80,000 spaces is read in one pass (issue #19: a backtracking pattern took 12.7 s on it)', async (t) => {
  const spaces = '%20'.repeat(80_000);
  const info = factory.resolve('GET', `/api/v1/namespaces/other/configmaps?fieldSelector=metadata.name%3Da${spaces}a`);
  t.equal(info.verb, 'list');
  t.equal(info.name, `a${' '.repeat(80_000)}a`, 'the value as upstream keeps it (no trimming), a valid path segment name');
  const unnamed = factory.resolve('GET', `/api/v1/namespaces/other/configmaps?fieldSelector=${spaces}metadata.name${spaces}%3Da`);
  t.equal(unnamed.name, '', 'a field with spaces is another field');
});
