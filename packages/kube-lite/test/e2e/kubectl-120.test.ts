/** Debian's kubectl 1.20 (unpacked, not installed) on memory and etcd3: legacy discovery and JSON bodies. */
import { debianKubectl120 } from '@apiserver/testing';
import t from 'tap';
import { customResources120, discovery120, objects120 } from './kubectl-120.js';
import { BACKENDS, Kubectl, startEnv } from './harness.js';

// 88-100 s in clean clones here (cc102, cc103) and 128 s on CI's machine, where tap's 120 s per-file timeout cut the
// etcd3 run short; the download below adds up to 90 s on a fresh machine (2.5 s from Debian's mirror here).
t.setTimeout(360_000);

// Bounded so a slow mirror cannot eat tap's per-file timeout: at most three apt/dpkg steps of 30 s.
const found = await debianKubectl120({ commandTimeoutMs: 30_000 });

for (const backend of BACKENDS) {
  t.test(`kubectl 1.20 (Debian) on ${backend}`, { skip: 'reason' in found ? found.reason : false }, async (t) => {
    if (!('binary' in found)) return;
    const env = await startEnv(t, backend);
    const kubectl = new Kubectl(found.binary, env, 'kubectl-120-cache');
    await t.test('version and discovery', (t) => discovery120(t, kubectl));
    await t.test('create -f, apply, get, delete', async (t) => {
      const validate = await objects120(t, kubectl, 'e2e-120');
      t.comment(`kubectl 1.20 writes on ${backend} used: ${validate.length === 0 ? 'client-side validation' : validate.join(' ')}`);
    });
    await t.test('custom resources through client-side validation', (t) => customResources120(t, kubectl, 'e2e-120-cr'));
  });
}
