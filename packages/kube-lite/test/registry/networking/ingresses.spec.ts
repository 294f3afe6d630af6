/**
 * networking.k8s.io/v1 ingresses and ingressclasses through their Stores: validation with upstream's field paths
 * and messages, status and generation handling, defaults and printer columns.
 */
import { type ApiObject, StatusREST, Store } from '@apiserver/registry';
import t, { type Test } from 'tap';
import { newIngressStorage } from '../../../src/registry/networking/ingress/storage.js';
import { newIngressClassStorage } from '../../../src/registry/networking/ingressclass/storage.js';
import { ensureRecord } from '../../../src/object-fields.js';
import { causesOf, ctxIn, memoryGetter, mutated, statusErrorOf, update } from '../core/core-fixtures.js';

const NOW = Date.parse('2026-01-01T01:00:00Z');
const ctx = ctxIn('default');
type Rec = Record<string, unknown>;

const backend = { service: { name: 'web', port: { number: 80 } } };
const path = (p: Rec = {}): Rec => ({ path: '/', pathType: 'Prefix', backend, ...p });
const ingress = (name: string, spec: Rec, annotations?: Record<string, string>): ApiObject => ({
  apiVersion: 'networking.k8s.io/v1',
  kind: 'Ingress',
  metadata: { name, ...(annotations !== undefined && { annotations }) },
  spec,
});
const specOf = (o: ApiObject): Rec => ensureRecord(o, 'spec');

function ingressStorage(t: Test): { store: Store; status: StatusREST } {
  const map = newIngressStorage(memoryGetter(t), { printer: { now: () => NOW } });
  t.same(Object.keys(map), ['ingresses', 'ingresses/status']);
  const { ingresses, 'ingresses/status': status } = map;
  if (!(ingresses instanceof Store) || !(status instanceof StatusREST)) throw new TypeError('unexpected storage');
  return { store: ingresses, status };
}

t.test('ingress: create drops status, generation follows the spec', async (t) => {
  const { store } = ingressStorage(t);
  t.same(store.shortNames(), ['ing']);
  t.equal(store.getSingularName(), 'ingress');
  const created = await store.create(ctx, { ...ingress('web', { defaultBackend: backend }), status: { loadBalancer: { ingress: [{ ip: '1.2.3.4' }] } } });
  t.notOk(created.status !== undefined && JSON.stringify(created.status).includes('1.2.3.4'), 'status set on create is dropped');
  t.equal(created.metadata.generation, 1);
  const changed = await update(store, ctx, 'web', mutated((o) => Object.assign(specOf(o), { ingressClassName: 'nginx' })));
  t.equal(changed.metadata.generation, 2);
  const labelled = await update(store, ctx, 'web', mutated((o) => Object.assign(o.metadata, { labels: { a: 'b' } })));
  t.equal(labelled.metadata.generation, 2);
});

t.test('ingress: validation', async (t) => {
  const { store } = ingressStorage(t);
  const cases: [string, Rec, string[], Record<string, string>?][] = [
    ['empty', {}, ['spec: Invalid value: null: either `defaultBackend` or `rules` must be specified']],
    ['nopathtype', { rules: [{ http: { paths: [{ path: '/', backend }] } }] }, ['spec.rules[0].http.paths[0].pathType: Required value: pathType must be specified']],
    ['nopaths', { rules: [{ host: 'a.example.com', http: { paths: [] } }] }, ['spec.rules[0].http.paths: Required value']],
    [
      'paths',
      {
        rules: [
          {
            http: {
              paths: [
                path({ path: 'rel' }),
                path({ path: '/a//b/.', pathType: 'Exact' }),
                path({ path: 'x', pathType: 'ImplementationSpecific' }),
                path({ pathType: 'Regex' }),
              ],
            },
          },
        ],
      },
      [
        'spec.rules[0].http.paths[0].path: Invalid value: "rel": must be an absolute path',
        "spec.rules[0].http.paths[1].path: Invalid value: \"/a//b/.\": must not contain '//'",
        "spec.rules[0].http.paths[1].path: Invalid value: \"/a//b/.\": cannot end with '/.'",
        'spec.rules[0].http.paths[2].path: Invalid value: "x": must be an absolute path',
        'spec.rules[0].http.paths[3].pathType: Unsupported value: "Regex": supported values: "Exact", "ImplementationSpecific", "Prefix"',
      ],
    ],
    [
      'backends',
      {
        defaultBackend: { ...backend, resource: { kind: 'Bucket', name: 'b' } },
        rules: [
          {
            http: {
              paths: [
                path({ backend: {} }),
                path({ backend: { service: { name: 'Web', port: { name: 'http', number: 80 } } } }),
                path({ backend: { service: { name: 'web', port: {} } } }),
                path({ backend: { resource: { apiGroup: 'Bad_Group', kind: '', name: 'a/b' } } }),
                path({ backend: { service: { name: 'web', port: { number: 70000 } } } }),
              ],
            },
          },
        ],
      },
      [
        'spec.defaultBackend: Invalid value: "": cannot set both resource and service backends',
        'spec.rules[0].http.paths[0].backend: Invalid value: "": resource or service backend is required',
        'spec.rules[0].http.paths[1].backend.service.name: Invalid value: "Web": a DNS-1035 label must consist of lower case alphanumeric characters or \'-\', start with an alphabetic character, and end with an alphanumeric character (e.g. \'my-name\',  or \'abc-123\', regex used for validation is \'[a-z]([-a-z0-9]*[a-z0-9])?\')',
        'spec.rules[0].http.paths[1].backend: Invalid value: "": cannot set both port name & port number',
        'spec.rules[0].http.paths[2].backend: Required value: port name or number is required',
        "spec.rules[0].http.paths[3].backend.resource.apiGroup: Invalid value: \"Bad_Group\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        'spec.rules[0].http.paths[3].backend.resource.kind: Required value: kind is required',
        "spec.rules[0].http.paths[3].backend.resource.name: Invalid value: \"a/b\": may not contain '/'",
        'spec.rules[0].http.paths[4].backend.service.port.number: Invalid value: 70000: must be between 1 and 65535, inclusive',
      ],
    ],
    [
      'hosts',
      { rules: [{ host: '10.0.0.1', http: { paths: [path()] } }, { host: 'a.*.example.com', http: { paths: [path()] } }, { host: '*.example.com', http: { paths: [path()] } }] },
      [
        'spec.rules[0].host: Invalid value: "10.0.0.1": must be a DNS name, not an IP address',
        "spec.rules[1].host: Invalid value: \"a.*.example.com\": a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character (e.g. '*.example.com', regex used for validation is '\\*\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      ],
    ],
    [
      'tls',
      { defaultBackend: backend, tls: [{ hosts: ['Bad.example.com', '*.ok.example.com'], secretName: 'Not_A_Secret' }], ingressClassName: 'Nginx' },
      [
        "spec.tls[0].hosts[0]: Invalid value: \"Bad.example.com\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        "spec.tls[0].secretName: Invalid value: \"Not_A_Secret\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
        "spec.ingressClassName: Invalid value: \"Nginx\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      ],
    ],
    [
      'annotation',
      { defaultBackend: backend, ingressClassName: 'nginx' },
      ['annotations.kubernetes.io/ingress.class: Invalid value: "traefik": must match `ingressClassName` when both are specified'],
      { 'kubernetes.io/ingress.class': 'traefik' },
    ],
  ];
  for (const [name, spec, want, annotations] of cases) {
    const err = await statusErrorOf(t, store.create(ctx, ingress(name, spec, annotations)));
    t.same(causesOf(err), want, name);
  }
});

t.test('ingress: updates keep what the old object already had wrong; status updates', async (t) => {
  const { store, status } = ingressStorage(t);
  await store.create(ctx, ingress('web', { defaultBackend: backend, rules: [{ host: '*.example.com', http: { paths: [path()] } }] }));
  const err = await statusErrorOf(t, update(store, ctx, 'web', mutated((o) => Object.assign(specOf(o), { tls: [{ secretName: 'Bad_Name' }] }))));
  t.match(causesOf(err), [/^spec\.tls\[0\]\.secretName: Invalid value: "Bad_Name"/]);
  const lb = { loadBalancer: { ingress: [{ ip: '10.0.0.9' }, { hostname: 'lb.example.com' }, { ip: '10.0.0.1' }] } };
  const { object } = await status.update(ctx, 'web', mutated((o) => Object.assign(o, { status: lb, spec: {} })), undefined, undefined, false);
  t.same(object.status, lb);
  t.ok(specOf(object).defaultBackend, 'status updates keep the spec');
  const bad = await statusErrorOf(
    t,
    status.update(ctx, 'web', mutated((o) => Object.assign(o, { status: { loadBalancer: { ingress: [{ ip: '10.0.0.300' }, { hostname: '10.0.0.3' }] } } })), undefined, undefined, false),
  );
  t.same(causesOf(bad), [
    'status.loadBalancer.ingress[0].ip: Invalid value: "10.0.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
    'status.loadBalancer.ingress[1].hostname: Invalid value: "10.0.0.3": must be a DNS name, not an IP address',
  ]);

  const aged = { ...object, metadata: { ...object.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } };
  const table = await store.convertToTable(ctx, aged);
  t.same(
    table.columnDefinitions.map((c) => c.name),
    ['Name', 'Class', 'Hosts', 'Address', 'Ports', 'Age'],
  );
  t.same(table.rows[0]?.cells, ['web', '<none>', '*.example.com', '10.0.0.1,10.0.0.9,lb.example.com', '80', '60m']);
  const many = { ...aged, spec: { ingressClassName: 'nginx', tls: [{}], rules: ['a', '', 'b', 'c', 'd'].map((host) => ({ host })) }, status: {} };
  t.same((await store.convertToTable(ctx, many)).rows[0]?.cells, ['web', 'nginx', 'a,b,c + 2 more...', '', '80, 443', '60m']);
});

t.test('ingressclass: defaults, validation, immutable controller, printer', async (t) => {
  const { ingressclasses: store } = newIngressClassStorage(memoryGetter(t), { now: () => NOW });
  if (!(store instanceof Store)) throw new TypeError('unexpected storage');
  t.notOk(store.namespaceScoped());
  const ic = (name: string, spec: Rec): ApiObject => ({ apiVersion: 'networking.k8s.io/v1', kind: 'IngressClass', metadata: { name }, spec });
  const created = await store.create({}, ic('nginx', { controller: 'k8s.io/ingress-nginx', parameters: { apiGroup: 'k8s.example.com', kind: 'Params', name: 'p' } }));
  t.same(specOf(created).parameters, { apiGroup: 'k8s.example.com', kind: 'Params', name: 'p', scope: 'Cluster' });
  t.equal(created.metadata.generation, 1);
  const cases: [string, Rec, string[]][] = [
    ['nocontroller', {}, ['spec.controller: Required value']],
    ['noprefix', { controller: 'nginx' }, ['spec.controller: Invalid value: "nginx": must be a domain-prefixed path (such as "acme.io/foo")']],
    ['badpath', { controller: 'acme.io/a b' }, ['spec.controller: Invalid value: "a b": Invalid path (regex used for validation is \'[A-Za-z0-9/\\-._~%!$&\'()*+,;=:]+\')']],
    ['long', { controller: `acme.io/${'x'.repeat(250)}` }, [`spec.controller: Too long: may not be more than 250 bytes`]],
    [
      'params',
      { controller: 'acme.io/c', parameters: { kind: 'K', name: 'n', scope: 'Namespace' } },
      ["spec.parameters.namespace: Required value: `parameters.scope` is set to 'Namespace'"],
    ],
    ['clusterns', { controller: 'acme.io/c', parameters: { kind: 'K', name: 'n', scope: 'Cluster', namespace: 'a' } }, ["spec.parameters.namespace: Forbidden: `parameters.scope` is set to 'Cluster'"]],
    ['scope', { controller: 'acme.io/c', parameters: { kind: 'K', name: 'n', scope: 'World' } }, ['spec.parameters.scope: Unsupported value: "World": supported values: "Cluster", "Namespace"']],
  ];
  for (const [name, spec, want] of cases) {
    const err = await statusErrorOf(t, store.create({}, ic(name, spec)));
    t.same(causesOf(err), want, name);
  }
  const immutable = await statusErrorOf(t, update(store, {}, 'nginx', mutated((o) => Object.assign(specOf(o), { controller: 'acme.io/other' }))));
  t.same(causesOf(immutable), ['spec.controller: Invalid value: "acme.io/other": field is immutable']);
  const aged = { ...created, metadata: { ...created.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } };
  const table = await store.convertToTable({}, aged);
  t.same(table.columnDefinitions.map((c) => c.name), ['Name', 'Controller', 'Parameters', 'Age']);
  t.same(table.rows[0]?.cells, ['nginx', 'k8s.io/ingress-nginx', 'Params.k8s.example.com/p', '60m']);
  t.same((await store.convertToTable({}, { ...aged, spec: { controller: 'a.io/b' } })).rows[0]?.cells, ['nginx', 'a.io/b', '<none>', '60m']);
});
