/**
 * networking.k8s.io/v1 networkpolicies through their Store: SetDefaults_NetworkPolicy(Port), validation of ports,
 * peers and ipBlocks with upstream's field paths and messages, generation and printer columns; the CIDR parser.
 */
import { type ApiObject, Store } from '@apiserver/registry';
import t from 'tap';
import { isStrictSubnet, parseCIDRSloppy } from '../../../src/registry/networking/cidr.js';
import { newNetworkPolicyStorage } from '../../../src/registry/networking/networkpolicy/storage.js';
import { ensureRecord } from '../../../src/object-fields.js';
import { causesOf, ctxIn, memoryGetter, mutated, statusErrorOf, update } from '../core/core-fixtures.js';

const NOW = Date.parse('2026-01-01T01:00:00Z');
const ctx = ctxIn('default');
type Rec = Record<string, unknown>;

const policy = (name: string, spec: Rec): ApiObject => ({ apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy', metadata: { name }, spec: { podSelector: {}, ...spec } });
const specOf = (o: ApiObject): Rec => ensureRecord(o, 'spec');

t.test('CIDRs as ParseCIDRSloppy reads them', async (t) => {
  t.same(parseCIDRSloppy('10.1.2.3/8'), { network: 10n << 24n, bits: 32, prefix: 8 });
  t.same(parseCIDRSloppy('010.0.0.0/08'), { network: 10n << 24n, bits: 32, prefix: 8 }, 'leading zeros');
  t.equal(parseCIDRSloppy('fd00::1/64')?.network, 0xfd00n << 112n);
  t.equal(parseCIDRSloppy('::ffff:1.2.3.4/128')?.network, (0xffffn << 32n) | 0x01020304n);
  for (const bad of ['10.0.0.0', '10.0.0.0/33', '256.0.0.0/8', '10.0.0/8', 'fd00::/129', 'x/1', '10.0.0.0/-1']) t.equal(parseCIDRSloppy(bad), undefined, bad);
  const outer = parseCIDRSloppy('10.0.0.0/8');
  const inner = parseCIDRSloppy('10.1.0.0/16');
  if (outer === undefined || inner === undefined) throw new Error('unparsed');
  t.ok(isStrictSubnet(inner, outer));
  t.notOk(isStrictSubnet(outer, outer));
  t.notOk(isStrictSubnet(inner, parseCIDRSloppy('11.0.0.0/8') ?? outer));
  t.notOk(isStrictSubnet(parseCIDRSloppy('fd00::/64') ?? inner, outer));
});

t.test('defaults, generation, printer', async (t) => {
  const { networkpolicies: store } = newNetworkPolicyStorage(memoryGetter(t), { now: () => NOW });
  if (!(store instanceof Store)) throw new TypeError('unexpected storage');
  t.same(store.shortNames(), ['netpol']);
  const ingressOnly = await store.create(ctx, policy('deny', { ingress: [{ ports: [{ port: 80 }, { port: 'dns', protocol: 'UDP' }] }] }));
  t.same(specOf(ingressOnly).policyTypes, ['Ingress']);
  t.same(specOf(ingressOnly).ingress, [{ ports: [{ port: 80, protocol: 'TCP' }, { port: 'dns', protocol: 'UDP' }] }]);
  t.equal(ingressOnly.metadata.generation, 1);
  const both = await store.create(ctx, policy('egress', { podSelector: { matchLabels: { app: 'web' } }, egress: [{ to: [{ ipBlock: { cidr: '10.0.0.0/8' } }] }] }));
  t.same(specOf(both).policyTypes, ['Ingress', 'Egress']);
  const explicit = await store.create(ctx, policy('explicit', { policyTypes: ['Egress'] }));
  t.same(specOf(explicit).policyTypes, ['Egress']);
  const changed = await update(store, ctx, 'deny', mutated((o) => Object.assign(specOf(o), { policyTypes: ['Ingress', 'Egress'] })));
  t.equal(changed.metadata.generation, 2);
  const table = await store.convertToTable(ctx, { ...both, metadata: { ...both.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } });
  t.same(table.columnDefinitions.map((c) => c.name), ['Name', 'Pod-Selector', 'Age']);
  t.same(table.rows[0]?.cells, ['egress', 'app=web', '60m']);
  t.same((await store.convertToTable(ctx, ingressOnly)).rows[0]?.cells.slice(0, 2), ['deny', '<none>']);
});

t.test('validation', async (t) => {
  const { networkpolicies: store } = newNetworkPolicyStorage(memoryGetter(t));
  if (!(store instanceof Store)) throw new TypeError('unexpected storage');
  const cases: [string, Rec, string[]][] = [
    [
      'ports',
      {
        ingress: [
          {
            ports: [
              { protocol: 'ICMP', port: 0 },
              { port: 100, endPort: 90 },
              { port: 'http', endPort: 90 },
              { endPort: 90 },
              { port: 'Not-A-Name' },
            ],
          },
        ],
      },
      [
        'spec.ingress[0].ports[0].protocol: Unsupported value: "ICMP": supported values: "TCP", "UDP", "SCTP"',
        'spec.ingress[0].ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive',
        'spec.ingress[0].ports[1].endPort: Invalid value: 100: must be greater than or equal to `port`',
        'spec.ingress[0].ports[2].endPort: Invalid value: 90: may not be specified when `port` is non-numeric',
        'spec.ingress[0].ports[3].endPort: Invalid value: 90: may not be specified when `port` is not specified',
        'spec.ingress[0].ports[4].port: Invalid value: "Not-A-Name": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
      ],
    ],
    [
      'peers',
      {
        egress: [
          {
            to: [
              {},
              { podSelector: {}, ipBlock: { cidr: '10.0.0.0/8' } },
              { ipBlock: { cidr: '' } },
              { ipBlock: { cidr: '10.0.0.0/33' } },
              { ipBlock: { cidr: '10.0.0.0/16', except: ['10.0.1.0/24', '10.0.0.0/16', '11.0.0.0/24', 'bad', '10.0.2.0/24'] } },
              { namespaceSelector: { matchExpressions: [{ key: 'a', operator: 'Near' }] } },
            ],
          },
        ],
      },
      [
        'spec.egress[0].to[0]: Required value: must specify a peer',
        'spec.egress[0].to[1]: Forbidden: may not specify both ipBlock and another peer',
        'spec.egress[0].to[2].ipBlock.cidr: Required value',
        'spec.egress[0].to[3].ipBlock.cidr: Invalid value: "10.0.0.0/33": not a valid CIDR',
        'spec.egress[0].to[4].ipBlock.except[1]: Invalid value: "10.0.0.0/16": must be a strict subset of `cidr`',
        'spec.egress[0].to[4].ipBlock.except[2]: Invalid value: "11.0.0.0/24": must be a strict subset of `cidr`',
        'spec.egress[0].to[4].ipBlock.except[3]: Invalid value: "bad": not a valid CIDR',
        'spec.egress[0].to[5].namespaceSelector.matchExpressions[0].operator: Invalid value: "Near": not a valid selector operator',
      ],
    ],
    [
      'types',
      { policyTypes: ['Ingress', 'Egress', 'Both'] },
      [
        'spec.policyTypes: Invalid value: ["Ingress","Egress","Both"]: may not specify more than two policyTypes',
        'spec.policyTypes[2]: Unsupported value: "Both": supported values: "Ingress", "Egress"',
      ],
    ],
    ['selector', { podSelector: { matchLabels: { 'bad key!': 'v' } } }, [/^spec\.podSelector\.matchLabels: Invalid value: "bad key!": name part must consist of/.source]],
  ];
  for (const [name, spec, want] of cases) {
    const err = await statusErrorOf(t, store.create(ctx, policy(name, spec)));
    if (name === 'selector') t.match(causesOf(err), [new RegExp(want[0] ?? '')], name);
    else t.same(causesOf(err), want, name);
  }
  await store.create(ctx, policy('ok', {}));
  const bad = await statusErrorOf(t, update(store, ctx, 'ok', mutated((o) => Object.assign(specOf(o), { ingress: [{ from: [{}] }] }))));
  t.same(causesOf(bad), ['spec.ingress[0].from[0]: Required value: must specify a peer']);
});
