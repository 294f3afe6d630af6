// Rebuilds tap's Test class once when the plugin set in .taprc differs from the
// one tap was built with (npm installs it with every default plugin; ours
// leaves out @tapjs/typescript). tap would otherwise rebuild it on its own, in
// each package's run at once when lerna runs two, racing on the same files.
// While it runs, the process's current folder is the package's: whatever runs beside it (scripts/test.mjs's
// build) must name its own folder.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { TapConfig } from '@tapjs/config';
import { signature } from '@tapjs/test';

/** Runs `npx tap build` in `cwd`; resolves to its exit code. */
function tapBuild(cwd) {
  return new Promise((done) => {
    const child = spawn('npx', ['tap', 'build'], { stdio: 'inherit', cwd });
    child.on('error', () => done(1));
    child.on('close', (code) => done(code ?? 1));
  });
}

/** Rebuilds tap if needed; `packageDir` is any package whose .taprc extends the shared one. */
export async function ensureTapBuilt(packageDir = 'packages/restful') {
  const root = process.cwd();
  const dir = resolve(packageDir);
  // tap's config reads our own command line (process.argv itself), which holds lerna's arguments, not tap's,
  // and looks for .taprc from the current folder.
  const ours = process.argv.splice(2);
  process.chdir(dir);
  let config;
  try {
    config = await TapConfig.load();
  } finally {
    process.argv.push(...ours);
    process.chdir(root);
  }
  if (config.pluginSignature === signature) return;
  console.log('tap-build: rebuilding tap for the plugins in .taprc');
  const code = await tapBuild(dir);
  if (code !== 0) throw new Error(`tap build exited with ${code}`);
}
