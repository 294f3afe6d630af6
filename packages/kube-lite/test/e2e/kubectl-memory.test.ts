/** kubectl (PATH, 1.32) against kube-lite on the memory backend. */
import { kubectlE2E } from './kubectl-e2e.js';

await kubectlE2E('memory');
