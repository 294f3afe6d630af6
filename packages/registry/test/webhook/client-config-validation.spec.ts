/**
 * The webhook client configuration rules shared by admission webhook configurations and CRD conversion webhooks
 * (k8s.io/apiserver pkg/util/webhook `ValidateWebhookURL`, `ValidateWebhookService`), with the parse errors of
 * Go's `url.Parse` worded as Go words them.
 */
import { newPath } from '@apiserver/runtime';
import t from 'tap';
import { validateWebhookService, validateWebhookURL } from '../../src/webhook/client-config-validation.js';
import { parseGoURL } from '../../src/webhook/go-url.js';

const FORM = '; desired format: https://host[/path]';
const url = (raw: string, forceHttps = true) => validateWebhookURL(newPath('url'), raw, forceHttps).map((e) => e.toString());

t.test('a valid https URL passes; http passes only when https is not forced', async (t) => {
  t.same(url('https://hook.example.com:8443/admit'), []);
  t.same(url('https://[::1]:8443/hook'), []);
  t.same(url('http://hook.example.com/x', false), []);
  t.same(url('http://hook.example.com/x'), [`url: Invalid value: "http": 'https' is the only allowed URL scheme${FORM}`]);
});

t.test('host, user information, fragment and query', async (t) => {
  t.same(url('https://u:p@/path'), [`url: Invalid value: "": host must be specified${FORM}`, 'url: Invalid value: "u:p": user information is not permitted in the URL']);
  t.same(url('https://a.example.com/x?y=1#f'), ['url: Invalid value: "f": fragments are not permitted in the URL', 'url: Invalid value: "y=1": query parameters are not permitted in the URL']);
  t.same(url('example.com:443'), [`url: Invalid value: "example.com": 'https' is the only allowed URL scheme${FORM}`, `url: Invalid value: "": host must be specified${FORM}`]);
});

t.test("url.Parse's errors", async (t) => {
  for (const [raw, error] of [
    ['https://a b.example.com', 'invalid character " " in host name'],
    ['https://e.example.com/%zz', 'invalid URL escape "%zz"'],
    ['https://g.example.com:x/', 'invalid port ":x" after host'],
    [':8443/hook', 'missing protocol scheme'],
    ['https://[::1/hook', "missing ']' in host"],
    ['a:b/c', undefined],
    ['1a:b', 'first path segment in URL cannot contain colon'],
    ['https://u^s@a.example.com/', 'net/url: invalid userinfo'],
  ] as const) {
    const parsed = parseGoURL(raw);
    if (error === undefined) t.type(parsed, 'object', `${raw} parses`);
    else t.equal(parsed, `parse ${JSON.stringify(raw)}: ${error}`, raw);
  }
  t.equal(parseGoURL('https://a.example.com/\u0001'), 'parse "https://a.example.com/\\x01": net/url: invalid control character in URL', 'Go quotes a control character as \\x01');
  t.same(url('https://e.example.com/%zz'), [`url: Required value: url must be a valid URL: parse "https://e.example.com/%zz": invalid URL escape "%zz"${FORM}`]);
});

t.test('a service reference: name, namespace, port and path', async (t) => {
  const service = (fields: Partial<Parameters<typeof validateWebhookService>[1]>) =>
    validateWebhookService(newPath('service'), { name: 'hook', namespace: 'default', path: undefined, port: 443, ...fields }).map((e) => e.toString());
  t.same(service({}), []);
  t.same(service({ path: '/' }), []);
  t.same(service({ path: '/a/b.c/' }), []);
  t.same(service({ name: '', namespace: '', port: 0 }), ['service.name: Required value', 'service.namespace: Required value', 'service.port: Invalid value: 0: port is not valid: must be between 1 and 65535, inclusive']);
  t.same(service({ port: 65536 }), ['service.port: Invalid value: 65536: port is not valid: must be between 1 and 65535, inclusive']);
  t.same(service({ path: '//' }), ['service.path: Invalid value: "//": segment[0] may not be empty']);
  t.same(service({ path: 'x' }), ["service.path: Invalid value: \"x\": must start with a '/'", 'service.path: Invalid value: "x": segment[0] may not be empty']);
  const upper = service({ path: '/a//B/' });
  t.equal(upper[0], 'service.path: Invalid value: "/a//B/": segment[1] may not be empty');
  t.match(upper[1], /^service\.path: Invalid value: "\/a\/\/B\/": segment\[2\]: a lowercase RFC 1123 subdomain/);
});
