/** Every kubectl.1.<minor> installed beside the PATH dispatcher (1.27–1.33 on our machines) against kube-lite on memory. */
import { findKubectl, versionedKubectls } from '@apiserver/testing';
import t from 'tap';
import { Kubectl, startEnv } from './harness.js';
import { versionSmoke } from './kubectl-versions.js';

// ~50 s on a quiet machine (7 releases × ~20 commands); past tap's 120 s default at load ~25.
t.setTimeout(300_000);
const found = await findKubectl();
const versions = 'binary' in found ? await versionedKubectls(found.binary) : [];
const skip = 'reason' in found ? found.reason : versions.length === 0 ? `no kubectl.1.<minor> beside ${found.binary}` : false;

t.test('kubectl releases beside the dispatcher, on memory', { skip }, async (t) => {
  const env = await startEnv(t, 'memory');
  t.comment(`kubectl releases: ${versions.map((v) => `1.${v.minor}`).join(', ')}`);
  for (const { minor, binary } of versions) {
    await t.test(`kubectl 1.${minor}`, (t) => versionSmoke(t, new Kubectl(binary, env, `kubectl-1-${minor}-cache`), minor));
  }
});
