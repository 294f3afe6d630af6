/**
 * The /docs page in headless Chromium (Debian's, driven by playwright-core): Swagger UI renders kube-lite's own
 * OpenAPI v3, lists the core/v1 ConfigMap operations, switches group-version through its selector, and loads
 * nothing from outside the server. `UPDATE_SCREENSHOT=1` rewrites docs/images/api-browser.png.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findExecutable } from '@apiserver/testing';
import { chromium } from 'playwright-core';
import t from 'tap';
import { startKubeLite } from '../../src/testing/index.js';
import { CHROMIUM_ARGS, findOrInstallChromium } from './chromium.js';

const SCREENSHOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../docs/images/api-browser.png');
const STEP_TIMEOUT_MS = 30_000;
const INSTALL_TIMEOUT_MS = 300_000;

// Installing chromium (apt-get update + install, up to 5 minutes each) may outlast tap's per-file timeout.
if ((await findExecutable('chromium')) === undefined) t.setTimeout(INSTALL_TIMEOUT_MS * 2 + 120_000);
const lookup = await findOrInstallChromium(INSTALL_TIMEOUT_MS);
if ('skip' in lookup) {
  console.log(`# skipping the /docs browser test: ${lookup.skip}`);
  t.test('the /docs page in headless Chromium', { skip: lookup.skip }, () => undefined);
} else {
  t.test('the /docs page in headless Chromium (served by startKubeLite as is)', { timeout: 90_000 }, async (t) => {
    const kl = await startKubeLite();
    t.teardown(() => kl.stop());
    const profile = mkdtempSync(join(tmpdir(), 'kube-lite-chromium-'));
    t.teardown(() => rmSync(profile, { recursive: true, force: true }));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: lookup.executablePath,
      headless: true,
      args: [...CHROMIUM_ARGS],
      viewport: { width: 1280, height: 900 },
      timeout: STEP_TIMEOUT_MS,
    });
    t.teardown(() => context.close());
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    const origin = new URL(kl.url).origin;
    const foreign: string[] = [];
    const problems: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(`${origin}/`) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));

    await page.goto(`${kl.url}/docs`);
    t.equal(new URL(page.url()).pathname, '/docs/', '/docs redirects to /docs/');
    t.equal(await page.title(), 'kube-lite API reference');
    // Swagger UI renders a long operation list lazily, only what is near the viewport (core/v1 has 215
    // operations): scroll down until each one shows.
    const scrollTo = async (op: string): Promise<boolean> => {
      const found = page.getByText(op, { exact: true });
      for (let i = 0; i < 60; i++) {
        if ((await found.count()) > 0) return found.first().isVisible();
        await page.mouse.wheel(0, 600);
        await page.waitForTimeout(100);
      }
      return false;
    };
    await page.getByText('getCoreV1APIResources', { exact: true }).first().waitFor();
    for (const op of ['listCoreV1NamespacedConfigMap', 'createCoreV1NamespacedConfigMap', 'readCoreV1NamespacedConfigMap', 'deleteCoreV1NamespacedConfigMap']) {
      t.ok(await scrollTo(op), `lists ${op}`);
    }
    await page.evaluate('window.scrollTo(0, 0)');
    const select = page.locator('select#select');
    const choices = await select.locator('option').allTextContents();
    t.ok(choices.includes('api/v1') && choices.includes('apis/apps/v1') && choices.includes('apis/coordination.k8s.io/v1'), `group-versions offered: ${choices.join(', ')}`);
    t.equal(await select.inputValue(), `/openapi/v3/api/v1?hash=${await currentHash(kl.url, 'api/v1')}`, 'core/v1 is shown first');

    if (process.env.UPDATE_SCREENSHOT === '1') {
      await scrollTo('listCoreV1NamespacedConfigMap');
      await page.evaluate('window.scrollBy(0, -260)');
      mkdirSync(dirname(SCREENSHOT), { recursive: true });
      await page.screenshot({ path: SCREENSHOT });
      t.comment(`screenshot written to ${SCREENSHOT}`);
    }

    await select.selectOption({ label: 'apis/apps/v1' });
    await page.getByText('listAppsV1NamespacedDeployment', { exact: true }).first().waitFor();
    t.pass('the selector switches to apps/v1');
    t.same(foreign, [], 'nothing is fetched from outside the server');
    t.same(problems, [], 'no console errors or page errors (CSP violations included)');
  });
}

async function currentHash(url: string, key: string): Promise<string> {
  const res = await fetch(`${url}/openapi/v3`);
  const discovery = (await res.json()) as { paths: Record<string, { serverRelativeURL: string }> };
  return new URL(discovery.paths[key]?.serverRelativeURL ?? '', url).searchParams.get('hash') ?? '';
}
