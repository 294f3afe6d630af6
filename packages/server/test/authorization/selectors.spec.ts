/** Authorization with selectors (AuthorizeWithSelectors): RequestInfo's raw selectors, parsed attributes, the review's requirements. */
import t from 'tap';
import { type Attributes, type Authorizer, attributesFor } from '../../src/authorization/authorizer.js';
import { fieldSelectorAttributes, labelSelectorAttributes, selectorsIgnoredAuthorizer } from '../../src/authorization/selector-attributes.js';
import { selectorReviewAttributes } from '../../src/authorization/selector-review-attributes.js';
import { subjectAccessReviewSpec } from '../../src/authorization/subject-access-review.js';
import { withAuthorization } from '../../src/filters/authorization.js';
import { withRequestInfo } from '../../src/filters/request-info.js';
import { RequestInfoFactory } from '../../src/request/request-info.js';
import { fetchText, serve } from '../helpers.js';

const selectors = '?fieldSelector=spec.nodeName%3Dn1&labelSelector=app%3Dweb';

t.test('RequestInfo carries the raw selectors of list, watch and deletecollection only', async (t) => {
  const on = new RequestInfoFactory();
  const cases: [string, string, string | undefined][] = [
    ['GET', `/api/v1/pods${selectors}`, 'list'],
    ['GET', `/api/v1/namespaces/ns/pods${selectors}&watch=true`, 'watch'],
    ['DELETE', `/api/v1/namespaces/ns/pods${selectors}`, 'deletecollection'],
    ['GET', `/api/v1/namespaces/ns/pods/p1${selectors}`, undefined],
    ['POST', `/api/v1/namespaces/ns/pods${selectors}`, undefined],
    ['GET', `/api/v1/watch/namespaces/ns/pods${selectors}`, undefined],
  ];
  for (const [method, url, verb] of cases) {
    const info = on.resolve(method, url);
    if (verb === undefined) {
      t.same([info.fieldSelector, info.labelSelector], [undefined, undefined], `${method} ${url}: none (verb ${info.verb})`);
    } else {
      t.equal(info.verb, verb);
      t.same([info.fieldSelector, info.labelSelector], ['spec.nodeName=n1', 'app=web'], `${method} ${url}`);
    }
  }
  const first = on.resolve('GET', '/api/v1/pods?labelSelector=a&labelSelector=b&fieldSelector=');
  t.same([first.fieldSelector, first.labelSelector], ['', 'a'], 'the first value of each, as given');
  const off = new RequestInfoFactory({ authorizeWithSelectors: false }).resolve('GET', `/api/v1/pods${selectors}`);
  t.same([off.verb, off.fieldSelector, off.labelSelector], ['list', undefined, undefined], 'gate off: no selectors');
});

t.test('attributes: parsed requirements, or the parse error, never a refusal', async (t) => {
  t.same(fieldSelectorAttributes(''), {});
  t.same(fieldSelectorAttributes(','), {}, 'no terms: no requirements');
  t.same(fieldSelectorAttributes('b=1,a!=2').fieldSelectorRequirements, [
    { field: 'a', operator: '!=', value: '2' },
    { field: 'b', operator: '=', value: '1' },
  ]);
  t.equal(fieldSelectorAttributes('spec.nodeName').fieldSelectorParsingError?.message, "invalid selector: 'spec.nodeName'; can't understand 'spec.nodeName'");
  const sorted = labelSelectorAttributes('b=2,a in (y,x)').labelSelectorRequirements?.map((r) => r.key);
  const written = labelSelectorAttributes('b=2,a in (y,x)', true).labelSelectorRequirements?.map((r) => r.key);
  t.same([sorted, written], [['a', 'b'], ['b', 'a']], 'labels.Parse sorts by key, ParseToRequirements keeps the order');
  t.equal(labelSelectorAttributes('a in (x').labelSelectorParsingError?.message, "unable to parse requirement: found '', expected: ',' or ')'");
  t.equal(labelSelectorAttributes('a>b').labelSelectorRequirements, undefined);

  const seen: Attributes[] = [];
  const recorder: Authorizer = {
    authorize: (a) => {
      seen.push(a);
      return { decision: 'Allow', reason: '' };
    },
  };
  const server = await serve(withRequestInfo(withAuthorization((_req, res) => void res.end('ok'), recorder), new RequestInfoFactory()));
  t.teardown(server.close);
  const reply = await fetchText(`${server.url}/api/v1/pods?fieldSelector=spec.nodeName&labelSelector=app%3Dweb`);
  t.equal(reply.status, 200, 'a selector that does not parse is not refused by authorization');
  t.equal(seen[0]?.fieldSelectorParsingError?.message, "invalid selector: 'spec.nodeName'; can't understand 'spec.nodeName'");
  t.same(seen[0]?.labelSelectorRequirements, [{ key: 'app', operator: '=', values: ['web'] }]);
  const get = attributesFor(undefined, new RequestInfoFactory().resolve('GET', `/api/v1/namespaces/ns/pods/p1${selectors}`));
  t.same([get.fieldSelectorRequirements, get.labelSelectorRequirements], [undefined, undefined], 'a get has none');
});

t.test('SubjectAccessReview spec: the requirements in API form, as the webhook authorizer sends them', async (t) => {
  const info = new RequestInfoFactory().resolve('GET', '/api/v1/namespaces/ns/pods?fieldSelector=spec.nodeName%3Dn1,metadata.name!%3Dx&labelSelector=tier,!old,app%20notin%20(b,a),env%3D%3Dprod,n%3E1');
  const a = attributesFor({ name: 'erin', uid: '', groups: [] }, info);
  t.same(subjectAccessReviewSpec(a), {
    resourceAttributes: {
      namespace: 'ns',
      verb: 'list',
      version: 'v1',
      resource: 'pods',
      fieldSelector: {
        requirements: [
          { key: 'metadata.name', operator: 'NotIn', values: ['x'] },
          { key: 'spec.nodeName', operator: 'In', values: ['n1'] },
        ],
      },
      labelSelector: {
        requirements: [
          { key: 'app', operator: 'NotIn', values: ['a', 'b'] },
          { key: 'env', operator: 'In', values: ['prod'] },
          { key: 'old', operator: 'DoesNotExist' },
          { key: 'tier', operator: 'Exists' },
        ],
      },
    },
    user: 'erin',
  }, 'n>1 has no API form and is left out');
  t.same(subjectAccessReviewSpec(a, false), { resourceAttributes: { namespace: 'ns', verb: 'list', version: 'v1', resource: 'pods' }, user: 'erin' }, 'gate off');
  t.same(selectorReviewAttributes(labelSelectorAttributes('n>1,m<2')), {}, 'no requirement left: no labelSelector');
  t.same(selectorReviewAttributes({ ...fieldSelectorAttributes('a=1'), ...labelSelectorAttributes('a in (x') }), { fieldSelector: { requirements: [{ key: 'a', operator: 'In', values: ['1'] }] } }, 'a parse error sends nothing for that selector');
});

t.test('selectorsIgnoredAuthorizer asks without the selectors (AuthorizeWithSelectors off)', async (t) => {
  const seen: Attributes[] = [];
  const inner: Authorizer = {
    authorize: (a) => {
      seen.push(a);
      return { decision: 'Allow', reason: 'r' };
    },
  };
  const a = attributesFor(undefined, new RequestInfoFactory().resolve('GET', `/api/v1/pods${selectors}`));
  t.ok(a.fieldSelectorRequirements !== undefined && a.labelSelectorRequirements !== undefined);
  t.same(selectorsIgnoredAuthorizer(inner).authorize({ ...a, ...labelSelectorAttributes('a in (x') }), { decision: 'Allow', reason: 'r' });
  t.same(Object.keys(seen[0] ?? {}).filter((k) => k.includes('Selector')), [], 'no requirement and no parse error reaches the authorizer');
  t.match(seen[0], { verb: 'list', resource: 'pods' });
});
