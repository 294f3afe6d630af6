import { Store } from '@apiserver/registry';
import t from 'tap';
import { newEndpointsStore } from '../../../../src/registry/core/endpoints/storage.js';
import { causesOf, ctxIn, memoryGetter, replaceWith, statusErrorOf } from '../core-fixtures.js';

const NOW = Date.parse('2026-01-01T03:00:00Z');
const ctx = ctxIn('default');
const ep = (name: string, subsets: unknown[]) => ({ apiVersion: 'v1', kind: 'Endpoints', metadata: { name }, subsets });

t.test('endpoints: storage facts, create-on-update', async (t) => {
  const store = newEndpointsStore(memoryGetter(t), { now: () => NOW });
  t.ok(store instanceof Store);
  t.same(store.shortNames(), ['ep']);
  t.equal(store.getSingularName(), 'endpoints');
  t.equal(store.namespaceScoped(), true);
  const created = await store.create(ctx, ep('web', [{ addresses: [{ ip: '10.1.2.3' }], ports: [{ port: 80, protocol: 'TCP' }] }]));
  t.match(created, { metadata: { namespace: 'default', name: 'web' } });
  const { object, created: wasCreated } = await store.update(ctx, 'db', replaceWith(ep('db', [{ addresses: [{ ip: '10.1.2.4' }], ports: [{ port: 5432, protocol: 'TCP' }] }])), undefined, undefined, false, {});
  t.equal(wasCreated, true, 'PUT creates endpoints (AllowCreateOnUpdate)');
  t.match(object, { metadata: { name: 'db' } });
});

t.test('endpoints: ValidateEndpoints field errors', async (t) => {
  const store = newEndpointsStore(memoryGetter(t));
  const cases: Array<[string, unknown[], string[]]> = [
    ['a subset without addresses', [{ ports: [{ port: 80, protocol: 'TCP' }] }], ['subsets[0]: Required value: must specify `addresses` or `notReadyAddresses`']],
    [
      'a bad IP',
      [{ addresses: [{ ip: 'nope' }] }],
      ['subsets[0].addresses[0].ip: Invalid value: "nope": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)', 'subsets[0].addresses[0].ip: Invalid value: "nope": must be a valid IP address'],
    ],
    ['loopback', [{ addresses: [{ ip: '127.0.0.1' }] }], ['subsets[0].addresses[0].ip: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)']],
    ['IPv6 loopback', [{ notReadyAddresses: [{ ip: '::1' }] }], ['subsets[0].notReadyAddresses[0].ip: Invalid value: "::1": may not be in the loopback range (127.0.0.0/8, ::1/128)']],
    ['unspecified', [{ addresses: [{ ip: '0.0.0.0' }] }], ['subsets[0].addresses[0].ip: Invalid value: "0.0.0.0": may not be unspecified (0.0.0.0)']],
    ['link-local', [{ addresses: [{ ip: '169.254.169.254' }] }], ['subsets[0].addresses[0].ip: Invalid value: "169.254.169.254": may not be in the link-local range (169.254.0.0/16, fe80::/10)']],
    ['link-local v6', [{ addresses: [{ ip: 'fe80::1' }] }], ['subsets[0].addresses[0].ip: Invalid value: "fe80::1": may not be in the link-local range (169.254.0.0/16, fe80::/10)']],
    ['link-local multicast', [{ addresses: [{ ip: '224.0.0.5' }] }], ['subsets[0].addresses[0].ip: Invalid value: "224.0.0.5": may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)']],
    ['bad hostname and nodeName', [{ addresses: [{ ip: '10.0.0.9', hostname: 'Web_1', nodeName: 'node/1' }] }], [
      'subsets[0].addresses[0].hostname: Invalid value: "Web_1": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', and must start and end with an alphanumeric character (e.g. \'my-name\',  or \'123-abc\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?\')',
      'subsets[0].addresses[0].nodeName: Invalid value: "node/1": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
    ]],
    [
      'two ports need names; port number, protocol',
      [{ addresses: [{ ip: '10.0.0.9' }], ports: [{ port: 0, protocol: 'TCP' }, { name: 'b', port: 70000, protocol: 'ICMP' }] }],
      [
        'subsets[0].ports[0].name: Required value',
        'subsets[0].ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive',
        'subsets[0].ports[1].port: Invalid value: 70000: must be between 1 and 65535, inclusive',
        'subsets[0].ports[1].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"',
      ],
    ],
    ['a bad appProtocol', [{ addresses: [{ ip: '10.0.0.9' }], ports: [{ port: 1, protocol: 'TCP', appProtocol: 'a b' }] }], [
      'subsets[0].ports[0].appProtocol: Invalid value: "a b": name part must consist of alphanumeric characters, \'-\', \'_\' or \'.\', and must start and end with an alphanumeric character (e.g. \'MyName\',  or \'my.name\',  or \'123-abc\', regex used for validation is \'([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]\')',
    ]],
  ];
  for (const [name, subsets, want] of cases) {
    const err = await statusErrorOf(t, store.create(ctx, ep('bad', subsets)));
    t.equal(err.status.code, 422, name);
    t.same(causesOf(err), want, name);
  }
  const defaulted = await store.create(ctx, ep('one-port', [{ addresses: [{ ip: '10.0.0.9' }], ports: [{ port: 8080, protocol: 'TCP' }] }]));
  t.ok(defaulted, 'a single port needs no name; headless (no ports) subsets are fine too');
  t.ok(await store.create(ctx, ep('headless', [{ notReadyAddresses: [{ ip: '2001:db8::1' }] }])));
  t.ok(await store.create(ctxIn('default'), ep('kubernetes', [{ addresses: [{ ip: '127.0.0.1' }], ports: [{ name: 'https', port: 6443, protocol: 'TCP' }] }])), 'default/kubernetes may point at loopback (kube-lite)');
  const other = await statusErrorOf(t, store.create(ctxIn('other'), ep('kubernetes', [{ addresses: [{ ip: '127.0.0.1' }] }])));
  t.equal(other.status.code, 422, 'only in the default namespace');
});

t.test('endpoints printer: NAME ENDPOINTS AGE as formatEndpoints', async (t) => {
  const store = newEndpointsStore(memoryGetter(t), { now: () => NOW });
  const at = (name: string, subsets?: unknown[]) => ({ ...ep(name, subsets ?? []), metadata: { name, namespace: 'default', creationTimestamp: '2026-01-01T00:00:00Z' }, ...(subsets === undefined && { subsets: undefined }) });
  const items = [
    at('none'),
    at('web', [{ addresses: [{ ip: '10.0.0.1' }, { ip: '10.0.0.2' }], ports: [{ port: 80 }, { port: 443 }] }]),
    at('v6', [{ addresses: [{ ip: '2001:db8::1' }], ports: [{ port: 80 }] }]),
    at('headless', [{ addresses: [{ ip: '10.0.0.7' }] }]),
    at('not-ready', [{ notReadyAddresses: [{ ip: '10.0.0.8' }], ports: [{ port: 80 }] }]),
  ];
  const table = await store.convertToTable(ctx, { apiVersion: 'v1', kind: 'EndpointsList', metadata: {}, items });
  t.same(table.columnDefinitions.map((c) => [c.name, c.type, c.format, c.priority]), [
    ['Name', 'string', 'name', 0],
    ['Endpoints', 'string', '', 0],
    ['Age', 'string', '', 0],
  ]);
  t.same(table.rows.map((r) => r.cells), [
    ['none', '<none>', '3h'],
    ['web', '10.0.0.1:80,10.0.0.2:80,10.0.0.1:443 + 1 more...', '3h'],
    ['v6', '[2001:db8::1]:80', '3h'],
    ['headless', '10.0.0.7', '3h'],
    ['not-ready', '', '3h'],
  ]);
});
