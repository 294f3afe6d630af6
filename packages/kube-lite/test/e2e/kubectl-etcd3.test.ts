/** kubectl (PATH, 1.32) against kube-lite on the etcd3 backend. */
import { kubectlE2E } from './kubectl-e2e.js';

await kubectlE2E('etcd3');
