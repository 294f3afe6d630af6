import t from 'tap';
import {
  refreshAfterSuggestionFailure,
  APIObjectVersioner,
  bytesEqual,
  canonicalJSON,
  checkPreconditions,
  compareResourceVersion,
  convertToWatchEvent,
  createJSONCodec,
  decodeContinue,
  defaultClusterScopedAttrs,
  defaultNamespaceScopedAttrs,
  encodeContinue,
  errorToStatus,
  hasPathPrefix,
  identityTransformer,
  InternalError,
  InvalidError,
  isBadRequest,
  isConflict,
  isCorruptObject,
  isExist,
  isExpired,
  isInternalError,
  isInvalidError,
  isInvalidKeyError,
  isInvalidObj,
  isNotFound,
  isPredicateEmpty,
  isRequestTimeout,
  isStorageError,
  isTooLargeResourceVersion,
  isTooManyRequests,
  isUnreachable,
  isValidPathSegmentName,
  jsonCodec,
  matchesSingle,
  matchesSingleNamespace,
  namespaceKeyFunc,
  newBookmarkObject,
  newCorruptObjError,
  newKeyExistsError,
  newKeyNotFoundError,
  newResourceExpiredError,
  newResourceVersionConflictsError,
  newTimeoutError,
  newTooLargeResourceVersionError,
  newTooManyRequestsError,
  newUnreachableError,
  noNamespaceKeyFunc,
  normalizePathPrefix,
  PrefixTransformer,
  predicateMatches,
  prepareContinueToken,
  prepareKey,
  resolveListRevision,
  SetSelector,
  type StorageObject,
  StorageError,
  simpleUpdate,
  validateMinimumResourceVersion,
  versioner,
  WatchQueue,
  isInitialEventsEndBookmark,
  errorEvent,
} from '../src/index.js';

const v1 = 'eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6Nywic3RhcnQiOiJucy9iXHUwMDAwIn0';
const vMinus1 = 'eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6LTEsInN0YXJ0IjoibnMvYlx1MDAwMCJ9';
const b64 = (s: string): string => Buffer.from(s).toString('base64url');

t.test('continue tokens', async (t) => {
  t.equal(encodeContinue('/registry/pods/ns/b\x00', '/registry/pods/', 7), v1, 'vector rv 7');
  t.equal(encodeContinue('/registry/pods/ns/b\x00', '/registry/pods/', -1), vMinus1, 'vector rv -1');
  t.same(decodeContinue(v1, '/registry/pods/'), { key: '/registry/pods/ns/b\x00', rv: 7 });
  t.same(decodeContinue(vMinus1, '/p/'), { key: '/p/ns/b\x00', rv: -1 }, 'start is relative to the prefix');
  t.equal(
    Buffer.from(encodeContinue('/p/a<b>&c', '/p/', 1), 'base64url').toString(),
    '{"v":"meta.k8s.io/v1","rv":1,"start":"a\\u003cb\\u003e\\u0026c"}',
    'HTML characters escaped like Go',
  );
  t.throws(() => encodeContinue('/other/x', '/p/', 1), InternalError, 'key outside the prefix');
  // Upstream's messages (storage.DecodeContinue, errors wrapped by the etcd3 store's "invalid continue token: ").
  const bad: [string, string, string | RegExp][] = [
    ['not base64', 'ab!!', 'continue key is not valid: illegal base64 data at input byte 2'],
    ['padding is not base64url', `${b64('{"v":1}')}=`, /illegal base64 data at input byte 10$/],
    ['a character left over', 'abcde', 'continue key is not valid: illegal base64 data at input byte 4'],
    ['a character left over before a line break', 'a\n', 'continue key is not valid: illegal base64 data at input byte 1'],
    ['not JSON', b64('{'), /^continue key is not valid: ./],
    ['not an object', b64('[1]'), 'continue key is not valid: json: cannot unmarshal array into Go value of type storage.continueToken'],
    ['a string', b64('"x"'), 'continue key is not valid: json: cannot unmarshal string into Go value of type storage.continueToken'],
    ['null', b64('null'), 'continue key is not valid: server does not recognize this encoded version '],
    ['wrong version', b64('{"v":"v2","rv":1,"start":"a"}'), 'continue key is not valid: server does not recognize this encoded version v2'],
    ['rv a string', b64('{"v":"meta.k8s.io/v1","rv":"1","start":"a"}'), 'continue key is not valid: json: cannot unmarshal string into Go struct field continueToken.rv of type int64'],
    ['rv a fraction', b64('{"v":"meta.k8s.io/v1","rv":1.5,"start":"a"}'), 'continue key is not valid: json: cannot unmarshal number 1.5 into Go struct field continueToken.rv of type int64'],
    ['start an object', b64('{"v":"meta.k8s.io/v1","rv":1,"start":{}}'), 'continue key is not valid: json: cannot unmarshal object into Go struct field continueToken.start of type string'],
    ['rv 0', b64('{"v":"meta.k8s.io/v1","rv":0,"start":"a"}'), 'continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)'],
    ['no rv', b64('{"v":"meta.k8s.io/v1","start":"a"}'), 'continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)'],
    ['empty start', b64('{"v":"meta.k8s.io/v1","rv":1,"start":""}'), 'continue key is not valid: encoded start key empty (version meta.k8s.io/v1)'],
    ['traversal', b64('{"v":"meta.k8s.io/v1","rv":1,"start":"../secrets/x"}'), 'continue key is not valid: ../secrets/x'],
    ['double slash', b64('{"v":"meta.k8s.io/v1","rv":1,"start":"a//b"}'), 'continue key is not valid: a//b'],
    ['dot segment', b64('{"v":"meta.k8s.io/v1","rv":1,"start":"a/./b"}'), 'continue key is not valid: a/./b'],
  ];
  for (const [name, token, msg] of bad) {
    try {
      decodeContinue(token, '/p/');
      t.fail(`${name}: accepted`);
    } catch (err) {
      t.ok(isBadRequest(err), `${name}: BadRequest`);
      const message = err instanceof Error ? err.message : '';
      if (typeof msg === 'string') t.equal(message, `invalid continue token: ${msg}`, name);
      else t.match(message.replace(/^invalid continue token: /, ''), msg, name);
    }
  }
  // Accepted as upstream accepts them: a leading slash, keys in any case, unknown keys, line breaks in the token.
  t.same(decodeContinue(b64('{"v":"meta.k8s.io/v1","rv":3,"start":"/a"}'), '/p/'), { key: '/p/a', rv: 3 });
  t.same(decodeContinue(b64('{"V":"meta.k8s.io/v1","RV":3,"Start":"a","x":1}'), '/p/'), { key: '/p/a', rv: 3 });
  const token = b64('{"v":"meta.k8s.io/v1","rv":3,"start":"a"}');
  t.same(decodeContinue(`${token.slice(0, 8)}\r\n${token.slice(8)}`, '/p/'), { key: '/p/a', rv: 3 });
  t.same(prepareContinueToken('/p/a', '/p/', 5, 3, false, undefined), {}, 'no more: nothing');
  const info = prepareContinueToken('/p/a', '/p/', 5, 3, true, { limit: 1 });
  t.equal(info.remainingItemCount, 2);
  t.same(decodeContinue(info.continue ?? '', '/p/'), { key: '/p/a\x00', rv: 5 });
  const filtered = prepareContinueToken('/p/a', '/p/', 5, 3, true, { limit: 1, label: SetSelector.fromSet({ a: 'b' }) });
  t.equal(filtered.remainingItemCount, undefined, 'no count for filtered lists');
});

t.test('errors', async (t) => {
  const e = newKeyNotFoundError('/registry/pods/a', 3);
  t.equal(e.message, 'StorageError: key not found, Code: 1, Key: /registry/pods/a, ResourceVersion: 3, AdditionalErrorMsg: ');
  const table: [StorageError, (err: unknown) => boolean][] = [
    [e, isNotFound],
    [newKeyExistsError('k'), isExist],
    [newResourceVersionConflictsError('k'), isConflict],
    [new StorageError('InvalidObj', 'k', 0, 'x'), isInvalidObj],
    [newUnreachableError('k', 0, new Error('down')), isUnreachable],
    [newTimeoutError('k', 'slow'), isRequestTimeout],
    [newCorruptObjError('k', new Error('bad')), isCorruptObject],
  ];
  for (const [err, guard] of table) {
    t.ok(guard(err), `${err.code} guard`);
    t.ok(isStorageError(err) && isStorageError(err, err.code), 'isStorageError');
    t.notOk(isNotFound(err) && err.code !== 'KeyNotFound', 'other guards reject it');
  }
  t.equal(newUnreachableError('k', 0, new Error('down')).additionalErrorMsg, 'down');
  t.equal(newCorruptObjError('k', 'raw').additionalErrorMsg, 'raw');
  t.notOk(isStorageError(new Error('x')));
  const tl = newTooLargeResourceVersionError('9', 5, 1);
  t.equal(tl.code, 504);
  t.equal(tl.reason, 'Timeout');
  t.equal(tl.retryAfterSeconds, 1);
  t.equal(tl.message, 'Too large resource version: 9, current: 5');
  t.ok(isTooLargeResourceVersion(tl));
  t.notOk(isTooLargeResourceVersion(new Error('x')));
  const ex = newResourceExpiredError('old', 'tok');
  t.ok(isExpired(ex));
  t.equal(ex.code, 410);
  t.equal(ex.continue, 'tok');
  t.equal(newResourceExpiredError('old').continue, undefined);
  t.ok(isTooManyRequests(newTooManyRequestsError('busy')));
  t.ok(isInternalError(new InternalError('x')));
  const inv = new InvalidError([{ type: 'FieldValueInvalid', field: 'resourceVersion', badValue: 'x', detail: 'bad' }]);
  t.ok(isInvalidError(inv));
  t.equal(inv.message, 'resourceVersion: Invalid value: "x": bad');
  t.same(errorToStatus(ex), { kind: 'Status', apiVersion: 'v1', status: 'Failure', metadata: {}, message: 'old', reason: 'Expired', code: 410 });
  t.equal(errorToStatus(inv).code, 422);
  t.equal(errorToStatus(new InternalError('x')).reason, 'InternalError');
  t.equal(errorToStatus(newUnreachableError('k')).reason, 'ServerTimeout');
  t.equal(errorToStatus('boom').message, 'boom');
  t.equal(errorEvent(new Error('x')).type, 'ERROR');
});

t.test('versioner', async (t) => {
  const v = new APIObjectVersioner();
  const obj: StorageObject = { metadata: { name: 'a', resourceVersion: '5', selfLink: '/x' } };
  t.equal(v.objectResourceVersion(obj), 5);
  v.updateObject(obj, 7);
  t.equal(obj.metadata.resourceVersion, '7');
  v.updateObject(obj, 0);
  t.equal(obj.metadata.resourceVersion, undefined, 'rv 0 clears');
  t.equal(v.objectResourceVersion(obj), 0);
  obj.metadata.resourceVersion = '1';
  v.prepareObjectForStorage(obj);
  t.same(obj.metadata, { name: 'a' });
  t.throws(() => v.objectResourceVersion({ metadata: { resourceVersion: 'x' } }), InternalError);
  for (const [s, n] of [['', 0], ['0', 0], [undefined, 0], ['42', 42], ['9007199254740993', 9007199254740992]] as const) {
    t.equal(v.parseResourceVersion(s), n, `parse ${String(s)}`);
  }
  for (const s of ['-1', 'abc', '1.5', '18446744073709551616', ' 1']) t.throws(() => v.parseResourceVersion(s), InvalidError, `reject ${s}`);
  t.equal(compareResourceVersion('2', '10'), -1);
  t.equal(compareResourceVersion('10', '2'), 1);
  t.equal(compareResourceVersion('3', '3'), 0);
  t.equal(versioner.parseResourceVersion('3'), 3);
});

t.test('keys', async (t) => {
  for (const [key, empty] of [['', true], ['/', true], ['..', false], ['../a', false], ['a/..', false], ['a/../b', false], ['.', false], ['a/./b', false]] as const) {
    try {
      prepareKey('/registry', key);
      t.fail(`accepted ${key}`);
    } catch (err) {
      t.ok(isInvalidKeyError(err), key);
      t.match(err instanceof Error ? err.message : '', empty ? /^empty key/ : /^invalid key/);
    }
  }
  for (const key of ['/pods/ns/my.app', 'a.b/c', '/.../x', '/a/.b', '/a/b.']) {
    t.equal(prepareKey('/registry', key), `/registry/${key.replace(/^\//, '')}`, `accepts ${key}`);
  }
  t.equal(prepareKey('/registry', '/pods/a'), '/registry/pods/a');
  t.equal(prepareKey('custom/prefix', 'pods/a'), '/custom/prefix/pods/a');
  t.equal(normalizePathPrefix('/custom//prefix//'), '/custom/prefix/');
  t.equal(normalizePathPrefix(''), '/');
  t.ok(hasPathPrefix('/a/b', '/a'));
  t.ok(hasPathPrefix('/a/b', '/a/'));
  t.ok(hasPathPrefix('/a', '/a'));
  t.notOk(hasPathPrefix('/ab', '/a'));
  t.notOk(hasPathPrefix('/b', '/a'));
  t.ok(isValidPathSegmentName('a.b'));
  for (const n of ['.', '..', 'a/b', 'a%b']) t.notOk(isValidPathSegmentName(n), n);
  t.equal(namespaceKeyFunc('/pods', { metadata: { name: 'a', namespace: 'ns' } }), '/pods/ns/a');
  t.equal(noNamespaceKeyFunc('/nodes', { metadata: { name: 'n1' } }), '/nodes/n1');
  t.throws(() => namespaceKeyFunc('/pods', { metadata: { name: 'a' } }), InternalError, 'namespace required');
  t.throws(() => noNamespaceKeyFunc('/nodes', { metadata: {} }), /name parameter required/);
  t.throws(() => noNamespaceKeyFunc('/nodes', { metadata: { name: '..' } }), /Name parameter invalid/);
});

t.test('selection predicates', async (t) => {
  const pod: StorageObject = { metadata: { name: 'a', namespace: 'ns', labels: { app: 'web' } } };
  t.ok(isPredicateEmpty(undefined) && isPredicateEmpty({ label: new SetSelector([]) }));
  t.ok(predicateMatches(undefined, pod));
  t.ok(predicateMatches({ getAttrs: () => { throw new Error('not called'); } }, pod), 'empty predicate skips getAttrs');
  t.ok(predicateMatches({ label: SetSelector.fromSet({ app: 'web' }) }, pod));
  t.notOk(predicateMatches({ label: SetSelector.fromSet({ app: 'db' }) }, pod));
  t.ok(predicateMatches({ field: SetSelector.fromSet({ 'metadata.namespace': 'ns' }) }, pod));
  t.notOk(predicateMatches({ field: SetSelector.fromSet({ 'metadata.namespace': 'other' }) }, pod));
  const sel = new SetSelector([
    { key: 'app', op: '=', value: 'web' },
    { key: 'tier', op: '!=', value: 'db' },
    { key: 'app', op: 'exists' },
    { key: 'gone', op: '!' },
  ]);
  t.equal(sel.toString(), 'app=web,tier!=db,app,!gone');
  t.ok(sel.matches({ app: 'web' }));
  t.notOk(sel.matches({ app: 'web', tier: 'db' }));
  t.notOk(sel.matches({ app: 'web', gone: '' }));
  t.notOk(sel.matches({}));
  t.equal(matchesSingle({ field: SetSelector.fromSet({ 'metadata.name': 'a' }) }), 'a');
  t.equal(matchesSingle({ field: SetSelector.fromSet({ 'metadata.name': 'a' }), continue: 'x' }), undefined);
  t.equal(matchesSingle(undefined), undefined);
  t.equal(matchesSingleNamespace({ field: SetSelector.fromSet({ 'metadata.namespace': 'ns' }) }), 'ns');
  t.equal(matchesSingleNamespace(undefined), undefined);
  t.same(defaultNamespaceScopedAttrs({ metadata: { name: 'a' } }).fields, { 'metadata.name': 'a', 'metadata.namespace': '' });
  t.same(defaultClusterScopedAttrs(pod), { labels: { app: 'web' }, fields: { 'metadata.name': 'a' } });
});

t.test('list revision rules', async (t) => {
  const token = encodeContinue('/p/a\x00', '/p/', 9);
  t.same(resolveListRevision('/p/', versioner, { recursive: true, predicate: { continue: token } }), { withRev: 9, continueKey: '/p/a\x00' });
  t.same(resolveListRevision('/p/', versioner, { recursive: true, resourceVersion: '0', predicate: { continue: encodeContinue('/p/a', '/p/', -1) } }), { withRev: 0, continueKey: '/p/a' });
  t.throws(() => resolveListRevision('/p/', versioner, { recursive: true, resourceVersion: '5', predicate: { continue: token } }), /specifying resource version is not allowed/);
  t.same(resolveListRevision('/p/', versioner, {}), { withRev: 0 });
  t.same(resolveListRevision('/p/', versioner, { resourceVersion: '5', resourceVersionMatch: 'NotOlderThan' }), { withRev: 0 });
  t.same(resolveListRevision('/p/', versioner, { resourceVersion: '5', resourceVersionMatch: 'Exact' }), { withRev: 5 });
  t.same(resolveListRevision('/p/', versioner, { resourceVersion: '5' }), { withRev: 0 }, 'legacy without limit');
  t.same(resolveListRevision('/p/', versioner, { resourceVersion: '5', recursive: true, predicate: { limit: 2 } }), { withRev: 5 }, 'legacy exact');
  t.same(resolveListRevision('/p/', versioner, { resourceVersion: '5', predicate: { limit: 2 } }), { withRev: 0 }, 'legacy non-recursive');
  t.throws(() => resolveListRevision('/p/', versioner, { resourceVersion: 'x' }), /invalid resource version/);
  t.throws(() => resolveListRevision('/p/', versioner, { resourceVersion: '1', resourceVersionMatch: 'Other' as 'Exact' }), InternalError);
  t.doesNotThrow(() => validateMinimumResourceVersion(versioner, undefined, 1));
  t.doesNotThrow(() => validateMinimumResourceVersion(versioner, '1', 1));
  t.throws(() => validateMinimumResourceVersion(versioner, '2', 1), /Too large resource version: 2, current: 1/);
  t.throws(() => validateMinimumResourceVersion(versioner, '-2', 1), /invalid resource version/);
});

t.test('preconditions and update helpers', async (t) => {
  const obj: StorageObject = { metadata: { uid: 'u', resourceVersion: '3' } };
  t.doesNotThrow(() => checkPreconditions('k', undefined, obj));
  t.doesNotThrow(() => checkPreconditions('k', { uid: 'u', resourceVersion: '3' }, obj));
  t.throws(() => checkPreconditions('k', { uid: 'v' }, obj), /Precondition failed: UID in precondition: v, UID in object meta: u/);
  t.throws(() => checkPreconditions('k', { resourceVersion: '4' }, { metadata: {} }), /ResourceVersion in precondition: 4, ResourceVersion in object meta: /);
  const fn = simpleUpdate<StorageObject>((cur) => ({ metadata: { ...cur?.metadata, name: 'x' } }));
  t.same(await fn(undefined, { ttl: 0, resourceVersion: 0 }), { object: { metadata: { name: 'x' } } });
});

t.test('codec and transformers', async (t) => {
  const a = jsonCodec.encode({ metadata: { name: 'a', labels: { z: '1', a: '2' } }, kind: 'Pod' });
  const b = jsonCodec.encode({ kind: 'Pod', metadata: { labels: { a: '2', z: '1' }, name: 'a' } });
  t.ok(bytesEqual(a, b), 'canonical: key order does not matter');
  t.notOk(bytesEqual(a, a.subarray(1)));
  t.notOk(bytesEqual(new Uint8Array([1]), new Uint8Array([2])));
  t.equal(canonicalJSON({ b: undefined, a: [{ d: 1, c: 2 }] }), '{"a":[{"c":2,"d":1}]}');
  t.same(jsonCodec.decode(a), { kind: 'Pod', metadata: { labels: { a: '2', z: '1' }, name: 'a' } });
  t.throws(() => jsonCodec.decode(new TextEncoder().encode('{')), InternalError);
  t.throws(() => jsonCodec.decode(new TextEncoder().encode('{"kind":"x"}')), InternalError, 'metadata required');
  t.throws(() => jsonCodec.decode(new Uint8Array([0xff, 0xfe])), InternalError, 'invalid UTF-8');
  const strict = createJSONCodec((v): v is StorageObject & { kind: 'Pod' } => typeof v === 'object' && v !== null && Reflect.get(v, 'kind') === 'Pod');
  t.throws(() => strict.decode(new TextEncoder().encode('{"metadata":{}}')), InternalError);
  const data = new Uint8Array([1, 2]);
  t.equal(identityTransformer.transformToStorage(data, { key: 'k' }), data);
  t.same(identityTransformer.transformFromStorage(data, { key: 'k' }), { data, stale: false });
  const p = new PrefixTransformer('p:', true);
  const stored = p.transformToStorage(data);
  t.same([...stored], [112, 58, 1, 2]);
  t.same(p.transformFromStorage(stored, { key: 'k' }), { data, stale: true });
  t.throws(() => p.transformFromStorage(data, { key: 'k' }), /expected transformer prefix/);
  t.throws(() => p.transformFromStorage(new Uint8Array([112]), { key: 'k' }), /expected transformer prefix/);
});

t.test('watch helpers', async (t) => {
  const yes = (o: StorageObject): boolean => o.metadata.labels?.['m'] === 'y';
  const on: StorageObject = { metadata: { name: 'a', labels: { m: 'y' } } };
  const off: StorageObject = { metadata: { name: 'a', labels: { m: 'n' } } };
  t.same(convertToWatchEvent('ADDED', on, undefined, yes), { type: 'ADDED', object: on });
  t.equal(convertToWatchEvent('ADDED', off, undefined, yes), undefined);
  t.equal(convertToWatchEvent('ADDED', undefined, undefined, yes), undefined);
  t.same(convertToWatchEvent('MODIFIED', on, on, yes), { type: 'MODIFIED', object: on });
  t.same(convertToWatchEvent('MODIFIED', on, off, yes), { type: 'ADDED', object: on });
  t.same(convertToWatchEvent('MODIFIED', off, on, yes), { type: 'DELETED', object: on });
  t.equal(convertToWatchEvent('MODIFIED', off, off, yes), undefined);
  t.same(convertToWatchEvent('DELETED', undefined, on, yes), { type: 'DELETED', object: on });
  t.equal(convertToWatchEvent('DELETED', undefined, off, yes), undefined);
  const end = newBookmarkObject(5, true);
  t.same(end, { metadata: { resourceVersion: '5', annotations: { 'k8s.io/initial-events-end': 'true' } } });
  t.ok(isInitialEventsEndBookmark(end));
  t.notOk(isInitialEventsEndBookmark(newBookmarkObject(5)));

  let stops = 0;
  const q = new WatchQueue({ capacity: 2, onStop: () => stops++ });
  const ev = (n: string) => ({ type: 'ADDED' as const, object: { metadata: { name: n } } });
  t.ok(q.push(ev('a')) && q.push(ev('b')));
  t.notOk(q.push(ev('c')), 'full');
  t.equal(q.length, 2);
  q.stop();
  q.stop();
  t.equal(stops, 1, 'onStop once');
  t.ok(q.closed);
  t.notOk(q.push(ev('d')), 'closed');
  const names: string[] = [];
  for await (const e of q) names.push(e.object.metadata.name ?? '');
  t.same(names, ['a', 'b'], 'buffered events survive stop');
  const live = new WatchQueue();
  const pending = live.next();
  live.push(ev('x'));
  t.same((await pending).value, ev('x'), 'a waiting reader gets the event directly');
  const done = live.next();
  live.close();
  t.equal((await done).done, true, 'close wakes waiting readers');
  const early = new WatchQueue();
  early.push(ev('1'));
  early.push(ev('2'));
  for await (const e of early) {
    t.equal(e.object.metadata.name, '1');
    break;
  }
  t.ok(early.closed, 'breaking out of for-await stops the watch');
  t.equal(early.length, 0, 'and drops the buffer');
});

t.test('refreshAfterSuggestionFailure: a failure on a current suggestion stands, a stale one is retried', async (t) => {
  const failure = new Error('precondition failed');
  let reads = 0;
  const fresh = async () => {
    reads++;
    return { rev: '7', obj: 'current' };
  };
  await t.rejects(refreshAfterSuggestionFailure(failure, { rev: '7', obj: 'suggested' }, fresh), failure, 'same revision: the failure is rethrown');
  t.same(await refreshAfterSuggestionFailure(failure, { rev: '5', obj: 'suggested' }, fresh), { rev: '7', obj: 'current' }, 'older suggestion: the fresh state comes back');
  t.equal(reads, 2, 'one read per call');
});
