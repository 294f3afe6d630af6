import t from 'tap';
import {
  newAlreadyExists,
  newApplyConflict,
  newBadRequest,
  newConflict,
  newForbidden,
  newGenerateNameConflict,
  newGone,
  newInternalError,
  newInvalid,
  newMethodNotSupported,
  newNotAcceptable,
  newNotFound,
  newOptimisticLockConflict,
  newRequestEntityTooLargeError,
  newResourceExpired,
  newServerTimeout,
  newServiceUnavailable,
  newTimeoutError,
  newTooManyRequests,
  newTooManyRequestsError,
  newUnauthorized,
  newUnsupportedMediaType,
} from '../../src/errors/factories.js';
import { newGenericServerResponse } from '../../src/errors/generic-response.js';
import { groupKindString } from '../../src/errors/qualified.js';
import * as reasons from '../../src/errors/reasons.js';
import { makeStatus } from '../../src/errors/status.js';
import { isStatusError, StatusError } from '../../src/errors/status-error.js';
import { retryAfterHeader, toStatus } from '../../src/errors/to-status.js';
import { invalid, required } from '../../src/validation/field/errors.js';
import { newPath } from '../../src/validation/field/path.js';

const pods = { group: '', resource: 'pods' };
const deployments = { group: 'apps', resource: 'deployments' };

t.test('Status JSON matches Go byte for byte', async (t) => {
  t.equal(
    JSON.stringify(newNotFound({ group: '', resource: 'configmaps' }, 'nope').status),
    '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"configmaps \\"nope\\" not found","reason":"NotFound","details":{"name":"nope","kind":"configmaps"},"code":404}',
  );
  t.equal(
    JSON.stringify(newBadRequest('bad').status),
    '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"bad","reason":"BadRequest","code":400}',
  );
  t.equal(
    JSON.stringify(newTooManyRequests('slow down', 0).status),
    '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"slow down","reason":"TooManyRequests","details":{},"code":429}',
    'details pointer set but empty is {}',
  );
  t.equal(
    JSON.stringify(newGenericServerResponse(404).status),
    '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"the server could not find the requested resource","reason":"NotFound","details":{},"code":404}',
  );
  t.same(Object.keys(makeStatus({ code: 200, status: 'Success', details: { retryAfterSeconds: 3, uid: 'u', causes: [{ field: 'f', reason: 'r', message: 'm' }], kind: 'k', group: 'g', name: 'n' } })), [
    'kind', 'apiVersion', 'metadata', 'status', 'details', 'code',
  ]);
  const d = makeStatus({ details: { retryAfterSeconds: 3, uid: 'u', causes: [{ field: 'f', reason: 'r', message: 'm' }], kind: 'k', group: 'g', name: 'n' } }).details;
  t.same(Object.keys(d ?? {}), ['name', 'group', 'kind', 'uid', 'causes', 'retryAfterSeconds']);
  t.same(Object.keys(d?.causes?.[0] ?? {}), ['reason', 'message', 'field']);
});

interface Row {
  readonly name: string;
  readonly err: StatusError;
  readonly code: number;
  readonly reason: string;
  readonly message: string;
  readonly details?: unknown;
}

const rows: Row[] = [
  { name: 'NotFound core', err: newNotFound(pods, 'p1'), code: 404, reason: 'NotFound', message: 'pods "p1" not found', details: { name: 'p1', kind: 'pods' } },
  { name: 'NotFound group', err: newNotFound(deployments, 'd'), code: 404, reason: 'NotFound', message: 'deployments.apps "d" not found', details: { name: 'd', group: 'apps', kind: 'deployments' } },
  { name: 'AlreadyExists', err: newAlreadyExists(pods, 'p1'), code: 409, reason: 'AlreadyExists', message: 'pods "p1" already exists', details: { name: 'p1', kind: 'pods' } },
  {
    name: 'GenerateNameConflict', err: newGenerateNameConflict(pods, 'p-abcde', 1), code: 409, reason: 'AlreadyExists',
    message: 'pods "p-abcde" already exists, the server was not able to generate a unique name for the object',
    details: { name: 'p-abcde', kind: 'pods', retryAfterSeconds: 1 },
  },
  {
    name: 'Conflict', err: newConflict(pods, 'p1', new Error('boom')), code: 409, reason: 'Conflict',
    message: 'Operation cannot be fulfilled on pods "p1": boom', details: { name: 'p1', kind: 'pods' },
  },
  {
    name: 'OptimisticLock', err: newOptimisticLockConflict(deployments, 'web'), code: 409, reason: 'Conflict',
    message: 'Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again',
    details: { name: 'web', group: 'apps', kind: 'deployments' },
  },
  { name: 'ApplyConflict', err: newApplyConflict([{ reason: 'FieldManagerConflict', message: 'm', field: '.spec' }], 'Apply failed with 1 conflict'), code: 409, reason: 'Conflict', message: 'Apply failed with 1 conflict', details: { causes: [{ reason: 'FieldManagerConflict', message: 'm', field: '.spec' }] } },
  { name: 'BadRequest', err: newBadRequest('name must be provided'), code: 400, reason: 'BadRequest', message: 'name must be provided' },
  { name: 'MethodNotSupported', err: newMethodNotSupported(pods, 'create'), code: 405, reason: 'MethodNotAllowed', message: 'create is not supported on resources of kind "pods"', details: { kind: 'pods' } },
  {
    name: 'NotAcceptable', err: newNotAcceptable(['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf']), code: 406, reason: 'NotAcceptable',
    message: 'only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf',
  },
  {
    name: 'UnsupportedMediaType', err: newUnsupportedMediaType(['application/json', 'application/yaml']), code: 415, reason: 'UnsupportedMediaType',
    message: 'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml',
  },
  { name: 'Gone', err: newGone('gone away'), code: 410, reason: 'Gone', message: 'gone away' },
  { name: 'Expired', err: newResourceExpired('too old resource version: 1 (5)'), code: 410, reason: 'Expired', message: 'too old resource version: 1 (5)' },
  { name: 'TooManyRequests', err: newTooManyRequests('wait', 5), code: 429, reason: 'TooManyRequests', message: 'wait', details: { retryAfterSeconds: 5 } },
  { name: 'TooManyRequestsError', err: newTooManyRequestsError('limit'), code: 429, reason: 'TooManyRequests', message: 'Too many requests: limit' },
  {
    name: 'Timeout', err: newTimeoutError('request did not complete within requested timeout - context deadline exceeded', 0), code: 504, reason: 'Timeout',
    message: 'Timeout: request did not complete within requested timeout - context deadline exceeded', details: {},
  },
  {
    name: 'ServerTimeout', err: newServerTimeout(pods, 'list', 2), code: 500, reason: 'ServerTimeout',
    message: 'The list operation against pods could not be completed at this time, please try again.', details: { name: 'list', kind: 'pods', retryAfterSeconds: 2 },
  },
  { name: 'InternalError', err: newInternalError(new Error('disk on fire')), code: 500, reason: 'InternalError', message: 'Internal error occurred: disk on fire', details: { causes: [{ message: 'disk on fire' }] } },
  { name: 'Forbidden named', err: newForbidden(pods, 'p1', 'nope'), code: 403, reason: 'Forbidden', message: 'pods "p1" is forbidden: nope', details: { name: 'p1', kind: 'pods' } },
  {
    name: 'Forbidden unnamed', err: newForbidden(pods, '', 'User "bob" cannot list resource "pods" in API group "" in the namespace "default"'), code: 403, reason: 'Forbidden',
    message: 'pods is forbidden: User "bob" cannot list resource "pods" in API group "" in the namespace "default"', details: { kind: 'pods' },
  },
  { name: 'Forbidden no resource', err: newForbidden({ group: '', resource: '' }, '', 'User "bob" cannot get path "/foo"'), code: 403, reason: 'Forbidden', message: 'forbidden: User "bob" cannot get path "/foo"', details: {} },
  { name: 'Unauthorized', err: newUnauthorized('Unauthorized'), code: 401, reason: 'Unauthorized', message: 'Unauthorized' },
  { name: 'Unauthorized default', err: newUnauthorized(), code: 401, reason: 'Unauthorized', message: 'not authorized' },
  { name: 'RequestEntityTooLarge', err: newRequestEntityTooLargeError('limit is 3145728'), code: 413, reason: 'RequestEntityTooLarge', message: 'Request entity too large: limit is 3145728' },
  { name: 'ServiceUnavailable', err: newServiceUnavailable('not ready'), code: 503, reason: 'ServiceUnavailable', message: 'not ready' },
];

t.test('factories: code, reason, message, details', async (t) => {
  for (const r of rows) {
    t.test(r.name, async (t) => {
      t.ok(r.err instanceof Error);
      t.ok(isStatusError(r.err));
      t.equal(r.err.code, r.code);
      t.equal(r.err.reason, r.reason);
      t.equal(r.err.message, r.message);
      t.equal(r.err.status.message, r.message);
      t.equal(r.err.status.status, 'Failure');
      t.same(r.err.status.details, r.details);
      t.equal(r.err.name, 'StatusError');
    });
  }
});

t.test('Invalid aggregates field errors like Kubernetes', async (t) => {
  const one = newInvalid({ group: '', kind: 'ConfigMap' }, 'Bad_Name', [
    invalid(newPath('metadata', 'name'), 'Bad_Name', 'a lowercase RFC 1123 subdomain must be…'),
  ]);
  t.equal(one.code, 422);
  t.equal(one.message, 'ConfigMap "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must be…');
  t.same(one.status.details, {
    name: 'Bad_Name',
    kind: 'ConfigMap',
    causes: [{ reason: 'FieldValueInvalid', message: 'Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must be…', field: 'metadata.name' }],
  });
  const two = newInvalid({ group: 'apps', kind: 'Deployment' }, 'web', [
    required(newPath('spec', 'selector'), ''),
    invalid(newPath('spec', 'replicas'), -1, 'must be greater than or equal to 0'),
    required(newPath('spec', 'selector'), ''),
  ]);
  t.equal(
    two.message,
    'Deployment.apps "web" is invalid: [spec.selector: Required value, spec.replicas: Invalid value: -1: must be greater than or equal to 0]',
  );
  t.equal(two.status.details?.causes?.length, 3, 'causes keep duplicates; the message does not');
  t.equal(two.status.details?.group, 'apps');
  const none = newInvalid({ group: '', kind: 'Pod' }, 'p', []);
  t.equal(none.message, 'Pod "p" is invalid');
  t.notOk(none.status.details?.causes);
  t.equal(groupKindString({ group: '', kind: 'Pod' }), 'Pod');
});

t.test('generic server responses', async (t) => {
  const table: [number, { verb?: string; serverMessage?: string }, string, string][] = [
    [404, {}, 'NotFound', 'the server could not find the requested resource'],
    [405, {}, 'MethodNotAllowed', 'the server does not allow this method on the requested resource'],
    [409, { verb: 'POST' }, 'AlreadyExists', 'the server reported a conflict'],
    [409, { verb: 'PUT' }, 'Conflict', 'the server reported a conflict'],
    [400, {}, 'BadRequest', 'the server rejected our request for an unknown reason'],
    [401, {}, 'Unauthorized', 'the server has asked for the client to provide credentials'],
    [403, { serverMessage: 'no way' }, 'Forbidden', 'no way'],
    [406, {}, 'NotAcceptable', 'the server was unable to respond with a content type that the client supports'],
    [406, { serverMessage: 'only json' }, 'NotAcceptable', 'only json'],
    [415, { serverMessage: 'bad type' }, 'UnsupportedMediaType', 'bad type'],
    [422, {}, 'Invalid', 'the server rejected our request due to an error in our request'],
    [429, {}, 'TooManyRequests', 'the server has received too many requests and has asked us to try again later'],
    [503, {}, 'ServiceUnavailable', 'the server is currently unable to handle the request'],
    [504, {}, 'Timeout', 'the server was unable to return a response in the time allotted, but may still be processing the request'],
    [502, { serverMessage: 'bad gw' }, 'InternalError', 'an error on the server ("bad gw") has prevented the request from succeeding'],
    [418, {}, '', 'the server responded with the status code 418 but did not return more information'],
  ];
  for (const [code, opts, reason, message] of table) {
    const e = newGenericServerResponse(code, opts);
    t.equal(e.code, code, `${code} code`);
    t.equal(e.reason, reason, `${code} reason`);
    t.equal(e.message, message, `${code} message`);
  }
  const withResource = newGenericServerResponse(404, { verb: 'GET', resource: pods, name: 'p1', retryAfterSeconds: 3 });
  t.equal(withResource.message, 'the server could not find the requested resource (get pods p1)');
  t.same(withResource.status.details, { name: 'p1', kind: 'pods', retryAfterSeconds: 3 });
  t.equal(newGenericServerResponse(404, { verb: 'LIST', resource: deployments }).message, 'the server could not find the requested resource (list deployments.apps)');
  const unexpected = newGenericServerResponse(500, { serverMessage: 'x', isUnexpectedResponse: true });
  t.same(unexpected.status.details?.causes, [{ reason: 'UnexpectedServerResponse', message: 'x' }]);
});

t.test('reason predicates', async (t) => {
  const table: [string, (e: unknown) => boolean, StatusError][] = [
    ['isNotFound', reasons.isNotFound, newNotFound(pods, 'x')],
    ['isAlreadyExists', reasons.isAlreadyExists, newAlreadyExists(pods, 'x')],
    ['isConflict', reasons.isConflict, newConflict(pods, 'x', 'y')],
    ['isInvalid', reasons.isInvalid, newInvalid({ group: '', kind: 'Pod' }, 'x', [])],
    ['isGone', reasons.isGone, newGone('x')],
    ['isResourceExpired', reasons.isResourceExpired, newResourceExpired('x')],
    ['isNotAcceptable', reasons.isNotAcceptable, newNotAcceptable([])],
    ['isUnsupportedMediaType', reasons.isUnsupportedMediaType, newUnsupportedMediaType([])],
    ['isMethodNotSupported', reasons.isMethodNotSupported, newMethodNotSupported(pods, 'x')],
    ['isServiceUnavailable', reasons.isServiceUnavailable, newServiceUnavailable('x')],
    ['isBadRequest', reasons.isBadRequest, newBadRequest('x')],
    ['isUnauthorized', reasons.isUnauthorized, newUnauthorized('x')],
    ['isForbidden', reasons.isForbidden, newForbidden(pods, 'x', 'y')],
    ['isTimeout', reasons.isTimeout, newTimeoutError('x', 0)],
    ['isServerTimeout', reasons.isServerTimeout, newServerTimeout(pods, 'get', 0)],
    ['isInternalError', reasons.isInternalError, newInternalError('x')],
    ['isTooManyRequests', reasons.isTooManyRequests, newTooManyRequestsError('x')],
    ['isRequestEntityTooLargeError', reasons.isRequestEntityTooLargeError, newRequestEntityTooLargeError('x')],
  ];
  for (const [name, pred, err] of table) {
    t.ok(pred(err), `${name} positive`);
    t.notOk(pred(new Error('plain')), `${name} plain Error`);
    t.notOk(pred(undefined), `${name} undefined`);
    const other = name === 'isBadRequest' ? newNotFound(pods, 'x') : newBadRequest('x');
    t.notOk(pred(other), `${name} other reason`);
  }
  const unknown404 = new StatusError({ code: 404, message: 'x' });
  t.ok(reasons.isNotFound(unknown404), 'unknown reason falls back to the code');
  t.notOk(reasons.isConflict(new StatusError({ code: 409, reason: 'AlreadyExists' })), 'a known reason does not fall back');
  t.ok(reasons.isTooManyRequests(new StatusError({ code: 429, reason: 'BadRequest' })), '429 always counts');
  t.equal(reasons.reasonForError(new Error('x')), '');
  t.equal(reasons.codeForError(newNotFound(pods, 'x')), 404);
  t.equal(reasons.codeForError('nope'), 0);
  t.equal(reasons.suggestsClientDelay(newServerTimeout(pods, 'get', 0)), 0);
  t.equal(reasons.suggestsClientDelay(newTooManyRequests('x', 7)), 7);
  t.equal(reasons.suggestsClientDelay(newTooManyRequests('x', 0)), undefined);
  t.equal(reasons.suggestsClientDelay(newBadRequest('x')), undefined);
  t.ok(reasons.hasStatusCause(newApplyConflict([{ reason: 'FieldManagerConflict' }], 'm'), 'FieldManagerConflict'));
  t.notOk(reasons.hasStatusCause(newBadRequest('x'), 'FieldManagerConflict'));
});

t.test('toStatus maps anything thrown', async (t) => {
  const nf = newNotFound(pods, 'x');
  t.same(toStatus(nf), nf.status);
  const plain = new Error('secret\n    at stack (file.ts:1:1)');
  plain.stack = 'Error: secret\n    at internal.ts:12';
  const s = toStatus(plain);
  // ErrorToAPIStatus's default case: 500, StatusReasonUnknown (no reason in the JSON), the message as it is.
  t.same(s, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'secret\n    at stack (file.ts:1:1)', code: 500 });
  t.notOk('reason' in s, 'no reason key');
  t.notMatch(JSON.stringify(s), /internal\.ts/, 'no stack trace');
  t.equal(toStatus('str').message, 'str');
  t.equal(toStatus(42).message, '42');
  t.equal(toStatus({ message: 'obj' }).message, 'obj');
  t.equal(toStatus(null).message, 'unknown error');
  t.equal(toStatus(undefined).message, 'unknown error');
  t.equal(toStatus(new StatusError({ reason: 'X', message: 'm' })).code, 500, 'Failure without code is 500');
  t.equal(toStatus(new StatusError({ status: 'Success' })).code, 200, 'Success without code is 200');
  t.equal(toStatus(new StatusError({ status: 'Success' })).status, 'Success');
  const foreign = Object.assign(new Error('m'), { name: 'StatusError', status: makeStatus({ code: 418, message: 'm' }) });
  t.ok(isStatusError(foreign), 'a StatusError from another module copy is recognised');
  t.equal(toStatus(foreign).code, 418);
  t.notOk(isStatusError(Object.assign(new Error('m'), { name: 'StatusError', status: 5 })));
  t.notOk(isStatusError({ name: 'StatusError' }));
  t.equal(retryAfterHeader(newTooManyRequests('x', 3).status), '3');
  t.equal(retryAfterHeader(newBadRequest('x').status), undefined);
});
