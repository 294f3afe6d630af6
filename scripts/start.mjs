// `npm start` (after `npm run build`): runs kube-lite, the Kubernetes-compatible API server, on the in-memory
// backend on 127.0.0.1. PORT selects the port (default 8080); further flags pass through
// (`npm start -- --storage-backend=etcd3 --etcd-servers=http://127.0.0.1:2379`). SIGINT/SIGTERM shut it down
// gracefully.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../packages/kube-lite/bin/kube-lite.js', import.meta.url));
const args = [...process.argv.slice(2)];
if (process.env.PORT !== undefined && !args.some((a) => a === '--port' || a.startsWith('--port='))) args.unshift(`--port=${process.env.PORT}`);

const child = spawn(process.execPath, [cli, ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 1 : 0)));
