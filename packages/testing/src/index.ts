/** @module @apiserver/testing — private helpers shared by the test suites of the monorepo. */
export {
  aptInstallEtcd,
  ETCD_INSTALL_COMMANDS,
  type EnsureEtcdOptions,
  ensureEtcdBinary,
  errnoCode,
  findExecutable,
  type InstallCommand,
  runCommands,
} from './etcd-binary.js';
export { type Flood, flood } from './body-flood.js';
export { makeServingCertificates, type ServingCertificates, type ServingNames } from './certificates.js';
export { type EtcdCluster, type StartEtcdClusterOptions, startEtcdCluster } from './etcd-cluster.js';
export { type EtcdServer, type StartEtcdOptions, startEtcd } from './etcd.js';
export { freePort, freePorts } from './free-port.js';
export {
  findKubectl,
  type KubectlLookup,
  type KubectlProcess,
  type KubectlResult,
  type KubectlRunOptions,
  KUBECTL_GO_RUNTIME_ENV,
  kubectlArgs,
  runKubectl,
  startKubectl,
  type VersionedKubectl,
  versionedKubectls,
} from './kubectl.js';
export { DEBIAN_KUBECTL_CACHE, type DebianKubectlOptions, debianKubectl120 } from './kubectl-debian.js';
export {
  findOrInstallPythonKubernetes,
  type PythonKubernetesLookup,
  type PythonKubernetesOptions,
} from './python-kubernetes.js';
export { importSpecs, SPEC_TIMEOUT_MILLIS, SUITE_FILE, specFiles } from './spec-suite.js';
export { type TempDir, tempDir } from './temp-dir.js';
