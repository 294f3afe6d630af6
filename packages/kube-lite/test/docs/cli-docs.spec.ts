/**
 * The `kube-lite` command (the esbuild bundle behind bin/kube-lite.js) serves /docs too: the bundle must still find
 * the `swagger-ui-dist` files in node_modules at run time.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { swaggerUIDistDir } from '../../src/docs/index.js';
import { rawRequest } from './http-get.js';

const bin = fileURLToPath(new URL('../../bin/kube-lite.js', import.meta.url));

t.test('kube-lite --port=0 serves the /docs page and its Swagger UI assets', async (t) => {
  const child = spawn(process.execPath, [bin, '--port=0', `--data-dir=${t.testdir()}`], { stdio: ['ignore', 'pipe', 'pipe'] });
  t.teardown(() => {
    child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no URL printed within 20 s; stdout ${JSON.stringify(out)}, stderr ${JSON.stringify(stderr)}`)), 20_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code}; stderr ${JSON.stringify(stderr)}`));
    });
  });
  t.equal((await rawRequest(url, '/docs')).headers.location, '/docs/');
  const page = await rawRequest(url, '/docs/');
  t.equal(page.status, 200);
  t.match(page.body.toString('utf8'), '<title>kube-lite API reference</title>');
  const bundle = await rawRequest(url, '/docs/swagger-ui-bundle.js');
  t.equal(bundle.status, 200);
  t.same(bundle.body, readFileSync(join(swaggerUIDistDir(), 'swagger-ui-bundle.js')), 'the installed swagger-ui-dist file');
  const index = JSON.parse((await rawRequest(url, '/')).body.toString('utf8'));
  t.ok(index.paths.includes('/docs'), 'the / index lists /docs');
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  t.equal(await exited, 0, 'graceful exit');
});
