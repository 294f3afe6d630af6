import fc from 'fast-check';
import t from 'tap';
import { CurlyRouter } from '../../../src/routers/curly/curly-router.js';
import { ReferenceCurlyRouter } from '../../../src/routers/curly/reference-curly-router.js';
import { concatPath } from '../../../src/path/tokenize.js';
import { makeWebServices, outcome, request, type RouteSpec, type WebServiceSpec } from '../../fixtures/selectable.js';

/** Route template segments covering every curly token kind and the quirks. */
const segment = fc.constantFrom(
  'a', 'b', 'c', '', 'ab',
  '{p}', '{q}', '{r:[ab]+}', '{s:^a$}', '{f:.*}', '{n:[0-9]*}', '{t:*}',
  '{x}.json', 'pre_{y}', '{z:(?i)^A}', 'a:run', '{v}:run', '{w:[ab]+}:go',
);
const subPath = fc
  .tuple(fc.array(segment, { maxLength: 4 }), fc.boolean(), fc.boolean())
  .map(([segments, leading, trailing]) => `${leading ? '/' : ''}${segments.join('/')}${trailing ? '/' : ''}`);
const method = fc.constantFrom('GET', 'POST', 'PUT');
const media = fc.constantFrom<readonly string[] | null>(null, ['application/json'], ['application/xml', 'application/json'], ['*/*']);
const routeSpec: fc.Arbitrary<RouteSpec> = fc.record({ method, subPath, produces: media, consumes: media });
const root = fc.constantFrom('/', '/a', '/a/b', '/{w}', '/b', '/a/{k}', '', '/c:run');
const webServices: fc.Arbitrary<WebServiceSpec[]> = fc.array(
  fc.record({ root, produces: media, consumes: media, routes: fc.array(routeSpec, { minLength: 1, maxLength: 7 }) }),
  { minLength: 1, maxLength: 4 },
);

/** Request segments: literals the templates use, verbs, suffixes, empties. */
const requestSegment = fc.constantFrom('a', 'b', 'c', '', 'ab', 'aa', 'A', 'x.json', 'js', 'pre_{y}', 'pre_x', 'a:run', 'b:go', 'ab:go', '7', '{p}', 'x:run:run');
const requestPath = fc
  .tuple(fc.array(requestSegment, { maxLength: 6 }), fc.boolean())
  .map(([segments, trailing]) => `/${segments.join('/')}${trailing ? '/' : ''}`);
const headers = fc.record(
  {
    accept: fc.constantFrom('application/json', 'application/xml', 'text/html', '*/*', ''),
    'content-type': fc.constantFrom('application/json', 'text/plain', ''),
    'content-length': fc.constantFrom('0', '12'),
  },
  { requiredKeys: [] },
);
const requests = fc.array(fc.record({ method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'), path: requestPath, headers }), { minLength: 1, maxLength: 12 });

const xmlAccept: Record<string, string> = { accept: 'application/xml' };
const noHeaders: Record<string, string> = {};
const fills = ['a', 'b', 'ab', '7', '', 'A', 'x.json', 'a:run', 'b:go', 'ab:go'];

/** A concrete path for a route template: literals kept, `{…}` tokens filled, tails given 1–2 segments. */
function instantiate(template: string, seed: number): string {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1103515245 + 12345) >>> 0;
    return state >>> 8;
  };
  const pick = () => fills[next() % fills.length] as string;
  return template
    .split('/')
    .map((token) => {
      if (!token.includes('{')) return token;
      if (token.endsWith('*}')) return next() % 2 === 0 ? pick() : `${pick()}/${pick()}`;
      const verb = /\}(:[a-z]+)$/.exec(token)?.[1] ?? '';
      return next() % 5 === 0 ? token : `${pick()}${verb}`;
    })
    .join('/');
}

t.test('fast CurlyRouter equals the reference on random route sets and requests', async (t) => {
  let checked = 0;
  const kinds = new Map<string, number>();
  fc.assert(
    fc.property(webServices, requests, fc.array(fc.integer(), { minLength: 4, maxLength: 8 }), (specs, randomReqs, seeds) => {
      const services = makeWebServices(specs);
      const templates = specs.flatMap((ws) => ws.routes.map((route) => ({ method: route.method, path: concatPath(ws.root === '' ? '/' : ws.root, route.subPath) })));
      const derived = seeds.map((seed, i) => {
        const template = templates[Math.abs(seed) % templates.length] ?? { method: 'GET', path: '/' };
        return { method: i % 4 === 0 ? 'PUT' : template.method, path: instantiate(template.path, seed), headers: i % 3 === 0 ? xmlAccept : noHeaders };
      });
      const reqs: { method: string; path: string; headers: Record<string, string> }[] = [...randomReqs, ...derived];
      const fast = new CurlyRouter();
      const reference = new ReferenceCurlyRouter();
      for (const each of reqs) {
        const req = request(each.method, each.path, each.headers);
        const want = outcome(reference, services, req);
        const got = outcome(fast, services, req);
        checked++;
        const kind = 'route' in want ? 'route' : String(want.code);
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        if (JSON.stringify(got) !== JSON.stringify(want)) {
          throw new Error(`${each.method} ${each.path}: fast ${JSON.stringify(got)} != reference ${JSON.stringify(want)}`);
        }
      }
    }),
    { numRuns: 400, seed: 20261122 },
  );
  t.ok(checked > 1000, `compared ${checked} selections`);
  // The generators must reach every outcome, or the equality above proves little.
  for (const kind of ['route', '404', '405', '406', '415']) t.ok((kinds.get(kind) ?? 0) > 20, `outcome ${kind} seen ${kinds.get(kind) ?? 0} times`);
});
