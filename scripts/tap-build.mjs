// Rebuilds tap's Test class once when the plugin set in .taprc differs from the
// one tap was built with (npm installs it with every default plugin; ours
// leaves out @tapjs/typescript). tap would otherwise rebuild it on its own, in
// each package's run at once when lerna runs two, racing on the same files.
import { spawnSync } from 'node:child_process';
import { TapConfig } from '@tapjs/config';
import { signature } from '@tapjs/test';

/** Rebuilds tap if needed; `packageDir` is any package whose .taprc extends the shared one. */
export async function ensureTapBuilt(packageDir = 'packages/restful') {
  const root = process.cwd();
  process.chdir(packageDir);
  // tap's config reads our own command line (process.argv itself), which holds lerna's arguments, not tap's.
  const ours = process.argv.splice(2);
  try {
    const config = await TapConfig.load();
    if (config.pluginSignature === signature) return;
    console.log('tap-build: rebuilding tap for the plugins in .taprc');
    const run = spawnSync('npx', ['tap', 'build'], { stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`tap build exited with ${run.status}`);
  } finally {
    process.argv.push(...ours);
    process.chdir(root);
  }
}
