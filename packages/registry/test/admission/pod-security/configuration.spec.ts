import t from 'tap';
import { podSecurityConfigurationFrom } from '../../../src/admission/plugins/pod-security/configuration-validation.js';

const head = { apiVersion: 'pod-security.admission.config.k8s.io/v1', kind: 'PodSecurityConfiguration' };

t.test('PodSecurityConfiguration: defaults, exemptions and validation', async (t) => {
  t.same(podSecurityConfigurationFrom(head), {
    defaults: { enforce: 'privileged', 'enforce-version': 'latest', warn: 'privileged', 'warn-version': 'latest', audit: 'privileged', 'audit-version': 'latest' },
    exemptions: { namespaces: [], runtimeClasses: [], usernames: [] },
  });
  const c = podSecurityConfigurationFrom({ ...head, apiVersion: 'pod-security.admission.config.k8s.io/v1beta1', defaults: { enforce: 'restricted', 'enforce-version': 'v1.30' }, exemptions: { usernames: ['u'] } });
  t.match(c, { defaults: { enforce: 'restricted', 'enforce-version': 'v1.30' }, exemptions: { usernames: ['u'] } });
  t.throws(() => podSecurityConfigurationFrom({ ...head, kind: 'Other' }), /expected pod-security.admission.config.k8s.io\/v1 PodSecurityConfiguration/);
  t.throws(
    () =>
      podSecurityConfigurationFrom({
        ...head,
        defaults: { audit: 'x', 'warn-version': 'v2' },
        exemptions: { namespaces: ['Bad', 'ok', 'ok'], runtimeClasses: ['rc.x', 'rc.x'], usernames: ['', 'a', 'a'] },
      }),
    {
      message:
        'PodSecurity invalid: [defaults.warn-version: Invalid value: "v2": must be "latest" or "v1.x", ' +
        'defaults.audit: Invalid value: "x": must be one of privileged, baseline, restricted, ' +
        "exemptions.namespaces[0]: Invalid value: \"Bad\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?'), " +
        'exemptions.namespaces[2]: Duplicate value: "ok", exemptions.runtimeClasses[1]: Duplicate value: "rc.x", ' +
        'exemptions.usernames[0]: Required value, exemptions.usernames[2]: Duplicate value: "a"]',
    },
  );
});
