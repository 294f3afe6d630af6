// Installs the workspace's dependencies when they are missing or older than the
// lockfile, so that `npm test` and `npm start` work on a fresh clone. Uses only
// Node built-ins: it runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const lock = 'package-lock.json';
const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
if (stale) {
  const command = existsSync(lock) ? 'ci' : 'install';
  console.log(`ensure-installed: running npm ${command}`);
  const run = spawnSync('npm', [command, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
