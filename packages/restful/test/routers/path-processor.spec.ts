import t from 'tap';
import { requestContentLength, sharedRoutingError } from '../../src/routers/detect-route.js';
import { defaultPathProcessor } from '../../src/routers/path-processor.js';
import { isPathProcessor } from '../../src/routers/route-selector.js';
import { CurlyRouter } from '../../src/routers/curly/curly-router.js';
import { isServiceError } from '../../src/service-error.js';
import { FixtureWebService, request } from '../fixtures/selectable.js';

function extract(template: string, path: string): Record<string, string> | string {
  const ws = new FixtureWebService({ root: '/', routes: [] });
  const route = ws.addRoute({ method: 'GET', subPath: template });
  try {
    return { ...defaultPathProcessor.extractParameters(route, ws, path) };
  } catch (error) {
    return isServiceError(error) ? `${error.code} ${error.message}` : String(error);
  }
}

t.test('defaultPathProcessor (path_processor_test.go)', async (t) => {
  const rows: [string, string, Record<string, string> | string][] = [
    ['/fixed/{var}', '/fixed/', { var: '' }],
    ['/fixed/{var}', '/fixed/value', { var: 'value' }],
    ['/fixed/pre_{var}', '/fixed/pre_value', { var: 'value' }],
    ['/fixed/{var}.json', '/fixed/value.json', { var: 'value' }],
    ['/fixed/pre_{var}.json', '/fixed/pre_value.json', { var: 'value' }],
    ['/fixed/{var}.json', '/fixed/ab', '404 404: Page Not Found'],
    ['/fixed/{a}/{b:[0-9]+}', '/fixed/x/12', { a: 'x', b: '12' }],
    ['/fixed/{p:*}', '/fixed/a//b/', { p: 'a//b' }],
    ['/fixed/{p:*}/more/{q}', '/fixed/a/more/b', { p: 'a/more/b' }],
    ['/users/{id}:activate', '/users/7:activate', { id: '7' }],
    ['/users/{id}', '/users/7:activate', { id: '7:activate' }],
    ['/static/x', '/static/x', {}],
    ['/{a:b}', '/', { a: '' }],
  ];
  for (const [template, path, expected] of rows) t.same(extract(template, path), expected, `${template} with ${path}`);
  t.equal(isPathProcessor(new CurlyRouter()), false, 'CurlyRouter is not a PathProcessor (it returns parameters itself)');
});

t.test('requestContentLength (Go http.Request.ContentLength)', async (t) => {
  const rows: [Record<string, string>, number][] = [
    [{}, 0],
    [{ 'content-length': '0' }, 0],
    [{ 'content-length': '12' }, 12],
    [{ 'transfer-encoding': 'chunked' }, -1],
    [{ 'content-length': 'x' }, -1],
  ];
  for (const [headers, length] of rows) t.equal(requestContentLength(request('POST', '/', headers)), length, JSON.stringify(headers));
});

t.test('shared routing errors are frozen and carry no stack', async (t) => {
  const error = sharedRoutingError(405, '405: Method Not Allowed', { Allow: 'GET' });
  t.ok(Object.isFrozen(error) && Object.isFrozen(error.header), 'frozen');
  t.equal(error.toString(), '[ServiceError:405] 405: Method Not Allowed');
  t.notMatch(String(error.stack), /at /, 'no stack frames');
});
