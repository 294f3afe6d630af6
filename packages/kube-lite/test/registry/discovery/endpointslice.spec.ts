import { Store } from '@apiserver/registry';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import t from 'tap';
import { newEndpointSliceStorage } from '../../../src/registry/discovery/endpointslice/storage.js';
import { causesOf, ctxIn, memoryGetter, mutated, statusErrorOf, update } from '../core/core-fixtures.js';

const NOW = Date.parse('2026-01-01T03:00:00Z');
const ctx = ctxIn('default');
const scheme = newBuiltinScheme();
const slice = (name: string, fields: Record<string, unknown>) => {
  const obj = { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name, labels: { 'kubernetes.io/service-name': 'web' } }, ...fields };
  scheme.default(obj);
  return obj;
};
const ipv4 = (ip: string) => ({ addresses: [ip], conditions: { ready: true } });

function newStore(t: Parameters<typeof memoryGetter>[0]): Store {
  const store = newEndpointSliceStorage(memoryGetter(t), { printer: { now: () => NOW } }).endpointslices;
  if (!(store instanceof Store)) throw new TypeError('endpointslices is not a Store');
  return store;
}

t.test('endpointslices: storage facts, generation, deprecatedTopology dropped, addressType immutable', async (t) => {
  const store = newStore(t);
  t.same(store.shortNames(), []);
  t.equal(store.getSingularName(), 'endpointslice');
  t.equal(store.namespaceScoped(), true);
  const created = await store.create(ctx, slice('web-1', { addressType: 'IPv4', endpoints: [{ ...ipv4('10.1.0.1'), deprecatedTopology: { a: 'b' } }], ports: [{ port: 80 }] }));
  t.match(created, { metadata: { generation: 1 }, ports: [{ name: '', protocol: 'TCP', port: 80 }] });
  t.same(created.endpoints, [ipv4('10.1.0.1')], 'deprecatedTopology is not writable through v1');
  const moved = await update(store, ctx, 'web-1', mutated((o) => Object.assign(o, { endpoints: [ipv4('10.1.0.2')] })));
  t.equal(moved.metadata.generation, 2, 'generation bumped by an endpoints change');
  const relabelled = await update(store, ctx, 'web-1', mutated((o) => Object.assign(o.metadata, { labels: { 'kubernetes.io/service-name': 'web2' } })));
  t.equal(relabelled.metadata.generation, 3, 'and by a label change');
  const annotated = await update(store, ctx, 'web-1', mutated((o) => Object.assign(o.metadata, { annotations: { a: 'b' } })));
  t.equal(annotated.metadata.generation, 3, 'not by other metadata');
  const immutable = await statusErrorOf(t, update(store, ctx, 'web-1', mutated((o) => Object.assign(o, { addressType: 'IPv6', endpoints: [] }))));
  t.same(causesOf(immutable), ['addressType: Invalid value: "IPv6": field is immutable']);
  const put = await statusErrorOf(t, store.update(ctx, 'nope', mutated(() => undefined), undefined, undefined, false, {}));
  t.equal(put.status.code, 404, 'no create on update');
});

t.test('endpointslices: ValidateEndpointSlice field errors', async (t) => {
  const store = newStore(t);
  const cases: Array<[string, Record<string, unknown>, string[]]> = [
    ['no addressType', { endpoints: [] }, ['addressType: Required value']],
    ['unknown addressType', { addressType: 'MAC', endpoints: [{ addresses: ['x'] }] }, ['addressType: Unsupported value: "MAC": supported values: "FQDN", "IPv4", "IPv6"']],
    ['an endpoint without addresses', { addressType: 'IPv4', endpoints: [{ addresses: [] }] }, ['endpoints[0].addresses: Required value: must contain at least 1 address']],
    [
      'IPv4 checks',
      { addressType: 'IPv4', endpoints: [{ addresses: ['2001:db8::1', '127.0.0.2', '10.0.0.1'] }] },
      ['endpoints[0].addresses[0]: Invalid value: "2001:db8::1": must be a valid IPv4 address', 'endpoints[0].addresses[1]: Invalid value: "127.0.0.2": may not be in the loopback range (127.0.0.0/8, ::1/128)'],
    ],
    ['IPv6 checks', { addressType: 'IPv6', endpoints: [{ addresses: ['10.0.0.1'] }] }, ['endpoints[0].addresses[0]: Invalid value: "10.0.0.1": must be a valid IPv6 address']],
    // 1.32 parses addresses as ParseIPSloppy does: IPv4 octets may have leading zeros, an IPv4-mapped IPv6 address is
    // IPv4 (Go's To4), and the special ranges are tested on the parsed bytes whatever the spelling.
    ['sloppy IPv4', { addressType: 'IPv4', endpoints: [{ addresses: ['010.0.0.1', '::ffff:10.0.0.2', '::ffff:127.0.0.1'] }] }, ['endpoints[0].addresses[2]: Invalid value: "::ffff:127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)']],
    [
      'IPv6 spelled out',
      { addressType: 'IPv6', endpoints: [{ addresses: ['::ffff:10.0.0.2', '0:0:0:0:0:0:0:1', 'FE80::1'] }] },
      [
        'endpoints[0].addresses[0]: Invalid value: "::ffff:10.0.0.2": must be a valid IPv6 address',
        'endpoints[0].addresses[1]: Invalid value: "0:0:0:0:0:0:0:1": may not be in the loopback range (127.0.0.0/8, ::1/128)',
        'endpoints[0].addresses[2]: Invalid value: "FE80::1": may not be in the link-local range (169.254.0.0/16, fe80::/10)',
      ],
    ],
    [
      'FQDN checks',
      { addressType: 'FQDN', endpoints: [{ addresses: ['example.com.', 'localhost', 'Bad_Name.example'] }] },
      [
        'endpoints[0].addresses[1]: Invalid value: "localhost": should be a domain with at least two segments separated by dots',
        'endpoints[0].addresses[2]: Invalid value: "Bad_Name.example": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
      ],
    ],
    [
      'hostname, nodeName, hints',
      { addressType: 'IPv4', endpoints: [{ addresses: ['10.0.0.1'], hostname: 'A', nodeName: 'n_1', hints: { forZones: [{ name: 'z' }, { name: 'z' }] } }] },
      [
        'endpoints[0].nodeName: Invalid value: "n_1": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, \'-\' or \'.\', and must start and end with an alphanumeric character (e.g. \'example.com\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\')',
        'endpoints[0].hostname: Invalid value: "A": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or \'-\', and must start and end with an alphanumeric character (e.g. \'my-name\',  or \'123-abc\', regex used for validation is \'[a-z0-9]([-a-z0-9]*[a-z0-9])?\')',
        'endpoints[0].hints.forZones[1].name: Duplicate value: "z"',
      ],
    ],
    [
      'ports: duplicate names, protocol',
      { addressType: 'IPv4', endpoints: [], ports: [{ name: 'http', port: 80 }, { name: 'http', port: 81, protocol: 'ICMP' }] },
      ['ports[1].name: Duplicate value: "http"', 'ports[1].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"'],
    ],
  ];
  for (const [name, fields, want] of cases) {
    const err = await statusErrorOf(t, store.create(ctx, slice('bad', fields)));
    t.equal(err.status.code, 422, name);
    t.same(causesOf(err), want, name);
  }
  t.ok(await store.create(ctx, slice('fqdn', { addressType: 'FQDN', endpoints: [{ addresses: ['db.example.com'] }] })), 'a valid FQDN slice');
  t.ok(await store.create(ctx, slice('kubernetes', { addressType: 'IPv4', endpoints: [ipv4('127.0.0.1')] })), 'default/kubernetes may point at loopback (kube-lite)');
});

t.test('endpointslices printer: NAME ADDRESSTYPE PORTS ENDPOINTS AGE', async (t) => {
  const store = newStore(t);
  const at = (name: string, fields: Record<string, unknown>) => ({ ...slice(name, fields), metadata: { name, namespace: 'default', creationTimestamp: '2026-01-01T00:00:00Z' } });
  const items = [
    at('empty', { addressType: 'IPv4', endpoints: [] }),
    at('web', { addressType: 'IPv4', endpoints: [ipv4('10.0.0.1'), { addresses: ['10.0.0.2', '10.0.0.3'] }, ipv4('10.0.0.4')], ports: [{ port: 80 }, { name: 'dns' }, {}, { port: 9 }] }),
  ];
  const ports = (items[1] as Record<string, unknown>).ports as Record<string, unknown>[];
  delete ports[2]?.name;
  const table = await store.convertToTable(ctx, { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSliceList', metadata: {}, items });
  t.same(table.columnDefinitions.map((c) => c.name), ['Name', 'AddressType', 'Ports', 'Endpoints', 'Age']);
  t.same(table.rows.map((r) => r.cells), [
    ['empty', 'IPv4', '<unset>', '<unset>', '3h'],
    ['web', 'IPv4', '80,dns,* + 1 more...', '10.0.0.1,10.0.0.2,10.0.0.3 + 1 more...', '3h'],
  ]);
});
