import t from 'tap';
import { newBuiltinScheme } from '../../src/apis/index.js';
import { deprecationWarning, removedRelease } from '../../src/runtime/api-lifecycle.js';

t.test("deprecation warnings are worded as upstream's WarningMessage", async (t) => {
  const csr = { group: 'certificates.k8s.io', version: 'v1beta1', kind: 'CertificateSigningRequest' };
  t.equal(deprecationWarning({ group: '', version: 'v1', kind: 'ComponentStatus' }, { deprecated: [1, 19] }), 'v1 ComponentStatus is deprecated in v1.19+');
  t.equal(
    deprecationWarning(csr, { deprecated: [1, 19], removed: [1, 22], replacement: { ...csr, version: 'v1' } }),
    'certificates.k8s.io/v1beta1 CertificateSigningRequest is deprecated in v1.19+; use certificates.k8s.io/v1 CertificateSigningRequest, unavailable in v1.22+',
  );
  t.equal(removedRelease({ deprecated: [1, 19] }), '');
  t.equal(removedRelease({ deprecated: [1, 19], removed: [1, 22] }), '1.22');
});

t.test('the built-in scheme records core/v1 ComponentStatus (k8s.io/api core/v1 lifecycle.go) and nothing else it serves', async (t) => {
  const scheme = newBuiltinScheme();
  t.same(scheme.apiLifecycle({ group: '', version: 'v1', kind: 'ComponentStatus' }), { deprecated: [1, 19] });
  t.same(scheme.apiLifecycle({ group: '', version: 'v1', kind: 'ComponentStatusList' }), { deprecated: [1, 19] });
  t.equal(scheme.apiLifecycle({ group: '', version: 'v1', kind: 'Endpoints' }), undefined, 'Endpoints is deprecated only from 1.33');
  t.equal(scheme.apiLifecycle({ group: 'apps', version: 'v1', kind: 'Deployment' }), undefined);
});
