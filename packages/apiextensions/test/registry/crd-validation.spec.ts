import t from 'tap';
import { type CustomResourceDefinition, validateCustomResourceDefinition, validateCustomResourceDefinitionUpdate } from '../../src/index.js';

function crd(patch: (c: CustomResourceDefinition) => void = () => undefined): CustomResourceDefinition {
  const c: CustomResourceDefinition = {
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', kind: 'Widget' },
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }],
    },
  };
  patch(c);
  return c;
}

const cases: [string, (c: CustomResourceDefinition) => void, string[]][] = [
  ['valid', () => undefined, []],
  ['name', (c) => { c.metadata.name = 'x.example.com'; }, ['metadata.name: Invalid value: "x.example.com": must be spec.names.plural+"."+spec.group']],
  ['group without a dot', (c) => { c.spec.group = 'example'; c.metadata.name = 'widgets.example'; }, ['spec.group: Invalid value: "example": should be a domain with at least one dot']],
  ['scope', (c) => { c.spec.scope = 'Global'; }, ['spec.scope: Unsupported value: "Global": supported values: "Cluster", "Namespaced"']],
  ['kind', (c) => { c.spec.names.kind = '9lives'; }, ['spec.names.kind: Invalid value: "9lives": may have mixed case, but should otherwise match: [a-z]([-a-z0-9]*[a-z0-9])?']],
  ['no storage version', (c) => { c.spec.versions[0] = { ...c.spec.versions[0]!, storage: false }; }, ['spec.versions: Invalid value: ["v1"]: must have exactly one version marked as storage version']],
  ['no schema', (c) => { delete c.spec.versions[0]!.schema; }, ['spec.versions[0].schema.openAPIV3Schema: Required value: schemas are required']],
  ['non-structural', (c) => { c.spec.versions[0]!.schema = { openAPIV3Schema: { type: 'object', properties: { spec: {} } } }; }, ['spec.validation.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields']],
  ['scale path', (c) => { c.spec.versions[0]!.subresources = { scale: { specReplicasPath: '.replicas', statusReplicasPath: '.status.replicas' } }; }, ['spec.subresources.scale.specReplicasPath: Invalid value: ".replicas": should be a json path under .spec']],
  ['webhook conversion without a webhook', (c) => { c.spec.conversion = { strategy: 'Webhook' }; }, ['spec.conversion.webhookClientConfig: Required value: required when strategy is set to Webhook', 'spec.conversion.conversionReviewVersions: Required value']],
];

for (const [name, patch, expected] of cases) {
  t.test(name, async (t) => {
    t.same(validateCustomResourceDefinition(crd(patch)).map(String), expected);
  });
}

t.test('update: scope and group are immutable, stored versions must stay', async (t) => {
  const old = crd((c) => { c.status = { storedVersions: ['v1'] }; });
  const next = crd((c) => {
    c.spec.scope = 'Cluster';
    c.spec.versions = [{ name: 'v2', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }];
  });
  t.same(validateCustomResourceDefinitionUpdate(next, old).map(String), [
    'spec.scope: Invalid value: "Cluster": field is immutable',
    'status.storedVersions[0]: Invalid value: "v1": must appear in spec.versions',
  ]);
});
