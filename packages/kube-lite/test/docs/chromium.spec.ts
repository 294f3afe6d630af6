/** The browser lookup of the /docs browser test: a machine where chromium cannot be installed gets a reason, not a failure. */
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { findOrInstallChromium } from './chromium.js';

t.test('a chromium on the given PATH is used as is', async (t) => {
  const dir = t.testdir();
  const chromium = join(dir, 'chromium');
  writeFileSync(chromium, '#!/bin/sh\n');
  chmodSync(chromium, 0o755);
  t.same(await findOrInstallChromium(5_000, dir), { executablePath: chromium });
});

t.test('no chromium and no apt-get: a skip reason naming the failed command', { skip: process.getuid?.() !== 0 && 'the install path runs only as root' }, async (t) => {
  const lookup = await findOrInstallChromium(5_000, t.testdir());
  t.ok('skip' in lookup, 'skipped');
  t.match(lookup, { skip: /^cannot install chromium: apt-get -o DPkg::Lock::Timeout=5 update: spawn apt-get ENOENT/ });
});

t.test('apt-get update failing: a skip reason, and install is not attempted', { skip: process.getuid?.() !== 0 && 'the install path runs only as root' }, async (t) => {
  const dir = t.testdir();
  const log = join(dir, 'calls');
  writeFileSync(join(dir, 'apt-get'), `#!/bin/sh\n# a fake apt-get: records its arguments and fails as apt does without a network\necho "$@" >> ${log}\necho 'E: no network' >&2\nexit 100\n`);
  chmodSync(join(dir, 'apt-get'), 0o755);
  const lookup = await findOrInstallChromium(5_000, dir);
  t.match(lookup, { skip: /^cannot install chromium: apt-get .*update: .*E: no network/s });
  t.equal(readFileSync(log, 'utf8'), '-o DPkg::Lock::Timeout=5 update\n', 'only the update ran');
});
