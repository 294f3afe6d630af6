import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeServingCertificates } from '@apiserver/testing';
import t from 'tap';
import {
  type CustomResourceConversion,
  type CustomResourceDefinition,
  CustomResourceDefinitionStrategy,
  defaultCustomResourceDefinition,
  validateCustomResourceDefinition,
  validateCustomResourceDefinitionUpdate,
} from '../../src/index.js';

function crd(conversion: CustomResourceConversion | undefined, patch: (c: CustomResourceDefinition) => void = () => undefined): CustomResourceDefinition {
  const schema = { openAPIV3Schema: { type: 'object' } };
  const c: CustomResourceDefinition = {
    metadata: { name: 'widgets.example.com' },
    spec: {
      group: 'example.com',
      scope: 'Namespaced',
      names: { plural: 'widgets', kind: 'Widget' },
      versions: [
        { name: 'v1', served: true, storage: true, schema },
        { name: 'v2', served: true, storage: false, schema },
      ],
      ...(conversion !== undefined && { conversion }),
    },
  };
  patch(c);
  return c;
}

const errorsOf = (conversion: CustomResourceConversion | undefined, patch?: (c: CustomResourceDefinition) => void): string[] =>
  validateCustomResourceDefinition(crd(conversion, patch)).map(String);

const url = (u: string, versions = ['v1']): CustomResourceConversion => ({ strategy: 'Webhook', webhook: { clientConfig: { url: u }, conversionReviewVersions: versions } });

t.test('a webhook by url or by service is accepted', async (t) => {
  t.same(errorsOf(url('https://conv.example.com:8443/convert')), []);
  t.same(errorsOf({ strategy: 'Webhook', webhook: { clientConfig: { service: { namespace: 'ns', name: 'svc', path: '/convert', port: 8443 } }, conversionReviewVersions: ['v1beta1', 'v1'] } }), []);
  t.same(errorsOf({ strategy: 'None' }), []);
  t.same(errorsOf(undefined), []);
});

t.test('strategy: required and enumerated', async (t) => {
  t.same(errorsOf({ strategy: '' }), ['spec.conversion.strategy: Required value']);
  t.same(errorsOf({ strategy: 'Magic' }), ['spec.conversion.strategy: Unsupported value: "Magic": supported values: "None", "Webhook"']);
  t.same(errorsOf(url('https://c.example.com'), (c) => { c.spec.preserveUnknownFields = true; }), [
    'spec.preserveUnknownFields: Invalid value: true: cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead',
    'spec.conversion.strategy: Invalid value: "Webhook": must be None if spec.preserveUnknownFields is true',
  ]);
});

t.test('clientConfig: exactly one of url and service', async (t) => {
  t.same(errorsOf({ strategy: 'Webhook', webhook: { clientConfig: {}, conversionReviewVersions: ['v1'] } }), [
    'spec.conversion.webhookClientConfig: Required value: exactly one of url or service is required',
  ]);
  t.same(errorsOf({ strategy: 'Webhook', webhook: { clientConfig: { url: 'https://a.example.com', service: { namespace: 'n', name: 's' } }, conversionReviewVersions: ['v1'] } }), [
    'spec.conversion.webhookClientConfig: Required value: exactly one of url or service is required',
  ]);
  t.same(errorsOf({ strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1'] } }), [
    'spec.conversion.webhookClientConfig: Required value: required when strategy is set to Webhook',
  ]);
});

t.test('url: https, a host, no user, query or fragment', async (t) => {
  const form = '; desired format: https://host[/path]';
  t.same(errorsOf(url('http://a.example.com/x')), [`spec.conversion.webhookClientConfig.url: Invalid value: "http": 'https' is the only allowed URL scheme${form}`]);
  t.same(errorsOf(url('a.example.com/x')), [
    `spec.conversion.webhookClientConfig.url: Invalid value: "": 'https' is the only allowed URL scheme${form}`,
    `spec.conversion.webhookClientConfig.url: Invalid value: "": host must be specified${form}`,
  ]);
  t.same(errorsOf(url('https://me:pw@a.example.com/x?y=1#z')), [
    'spec.conversion.webhookClientConfig.url: Invalid value: "me:pw": user information is not permitted in the URL',
    'spec.conversion.webhookClientConfig.url: Invalid value: "z": fragments are not permitted in the URL',
    'spec.conversion.webhookClientConfig.url: Invalid value: "y=1": query parameters are not permitted in the URL',
  ]);
});

t.test('service: name, namespace, port and path', async (t) => {
  const svc = (service: Record<string, unknown>): CustomResourceConversion =>
    ({ strategy: 'Webhook', webhook: { clientConfig: { service }, conversionReviewVersions: ['v1'] } }) as unknown as CustomResourceConversion;
  const p = 'spec.conversion.webhookClientConfig.service';
  t.same(errorsOf(svc({ name: '', namespace: '', port: 0 })), [
    `${p}.name: Required value`,
    `${p}.namespace: Required value`,
    `${p}.port: Invalid value: 0: port is not valid: must be between 1 and 65535, inclusive`,
  ]);
  t.same(errorsOf(svc({ name: '', namespace: 'n', port: 443 })), [`${p}.namespace: Required value`], "upstream's swapped name/namespace");
  t.same(errorsOf(svc({ name: 's', namespace: 'n', port: 443, path: 'convert//Up/' })), [
    `${p}.path: Invalid value: "convert//Up/": must start with a '/'`,
    `${p}.path: Invalid value: "convert//Up/": segment[1] may not be empty`,
    `${p}.path: Invalid value: "convert//Up/": segment[2]: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
  ]);
  t.same(errorsOf(svc({ name: 's', namespace: 'n', port: 443, path: '//' })), [`${p}.path: Invalid value: "//": segment[0] may not be empty`]);
});

t.test('conversionReviewVersions: required, unique, DNS labels, one this server speaks', async (t) => {
  const p = 'spec.conversion.conversionReviewVersions';
  t.same(errorsOf(url('https://a.example.com', [])), [`${p}: Required value`]);
  t.same(errorsOf(url('https://a.example.com', ['v2', 'v2', 'V3'])), [
    `${p}[1]: Invalid value: "v2": duplicate version`,
    `${p}[2]: Invalid value: "V3": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`,
    `${p}: Invalid value: ["v2","v2","V3"]: must include at least one of v1, v1beta1`,
  ]);
});

t.test('webhook settings are forbidden with strategy None', async (t) => {
  t.same(errorsOf({ strategy: 'None', webhook: { clientConfig: { url: 'https://a.example.com' }, conversionReviewVersions: ['v1'] } }), [
    'spec.conversion.webhookClientConfig: Forbidden: should not be set when strategy is not set to Webhook',
    'spec.conversion.conversionReviewVersions: Forbidden: should not be set when strategy is not set to Webhook',
  ]);
});

t.test('caBundle must hold a certificate (on update only when the old one did, or the CRD was established)', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'conv-ca-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const { caBundle } = makeServingCertificates(dir, { dnsNames: ['x'] });
  const withCA = (ca: string): CustomResourceConversion => ({ strategy: 'Webhook', webhook: { clientConfig: { url: 'https://a.example.com', caBundle: ca }, conversionReviewVersions: ['v1'] } });
  const bad = Buffer.from('not a certificate').toString('base64');
  t.same(errorsOf(withCA(caBundle)), []);
  t.same(errorsOf(withCA(bad)), [`spec.conversion.webhookClientConfig.caBundle: Invalid value: "${bad}": data does not contain any valid RSA or ECDSA certificates`]);
  const established = (c: CustomResourceDefinition): void => {
    c.status = { storedVersions: ['v1'], conditions: [{ type: 'Established', status: 'True' }] };
  };
  t.same(validateCustomResourceDefinitionUpdate(crd(withCA(bad)), crd(withCA(bad), established)).map(String), [], 'already invalid');
  t.same(validateCustomResourceDefinitionUpdate(crd(withCA(bad)), crd(withCA(caBundle))).map(String), [], 'not established');
  t.equal(validateCustomResourceDefinitionUpdate(crd(withCA(bad)), crd(withCA(caBundle), established)).length, 1, 'established with a good bundle');
});

t.test('update: an unrecognized review version is allowed when the old CRD had only such versions', async (t) => {
  const old = crd(url('https://a.example.com', ['v9']));
  t.same(validateCustomResourceDefinitionUpdate(crd(url('https://a.example.com', ['v8'])), old).map(String), []);
  t.equal(validateCustomResourceDefinitionUpdate(crd(url('https://a.example.com', ['v8'])), crd(url('https://a.example.com'))).length, 1);
});

t.test('defaults: strategy None, a service port 443', async (t) => {
  const none = crd(undefined);
  defaultCustomResourceDefinition(none);
  t.same(none.spec.conversion, { strategy: 'None' });
  const svc = crd({ strategy: 'Webhook', webhook: { clientConfig: { service: { namespace: 'n', name: 's' } }, conversionReviewVersions: ['v1'] } });
  new CustomResourceDefinitionStrategy().prepareForCreate({}, svc);
  t.equal(svc.spec.conversion?.webhook?.clientConfig?.service?.port, 443);
  t.same(validateCustomResourceDefinition(svc).map(String), []);
});
