import t from 'tap';
import { CurlyRouter } from '../../src/routers/curly/curly-router.js';
import { ReferenceCurlyRouter } from '../../src/routers/curly/reference-curly-router.js';
import { k8sHeaders, loadRequests, loadRouteTable } from '../fixtures/k8s-table.js';
import { type Outcome, outcome, request } from '../fixtures/selectable.js';

function expectedOf(route: number | null, kind: string): string {
  if (route !== null) return `route ${route}`;
  return kind === 'miss-405' ? 'error 405' : 'error 404';
}

function describe(got: Outcome): string {
  return 'route' in got ? `route ${got.route}` : `error ${got.code}`;
}

for (const [routes, requests] of [
  ['k8s-routes.json', 'k8s-requests.json'],
  ['k8s-routes-large.json', 'k8s-requests-large.json'],
] as const) {
  t.test(`${routes}: CurlyRouter selects the expected route and equals the reference`, async (t) => {
    const services = loadRouteTable(routes);
    const mix = loadRequests(requests);
    const fast = new CurlyRouter();
    const reference = new ReferenceCurlyRouter();
    const wrongRoute: string[] = [];
    const notEqual: string[] = [];
    const seen = new Map<string, number>();
    for (const each of mix) {
      const req = request(each.method, each.path, k8sHeaders(each.method));
      const got = outcome(fast, services, req);
      const want = expectedOf(each.route, each.kind);
      if (describe(got) !== want) wrongRoute.push(`${each.method} ${each.path}: got ${describe(got)}, want ${want}`);
      const ref = outcome(reference, services, req);
      if (JSON.stringify(got) !== JSON.stringify(ref)) notEqual.push(`${each.method} ${each.path}`);
      const key = describe(got).split(' ')[0] === 'error' ? describe(got) : 'route';
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    t.equal(mix.length, 2000, 'the mix has 2,000 requests');
    t.same(wrongRoute, [], 'every request selects the expected route id (null → 404, miss-405 → 405)');
    t.same(notEqual, [], 'fast and reference routers agree on route, params, error code, body and headers');
    t.ok((seen.get('error 405') ?? 0) > 0 && (seen.get('error 404') ?? 0) > 0, 'the mix exercises 404 and 405');
  });
}
