/** Helpers of the CLI tests: the kube-lite bin and waiting for a line of a started process's output. */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The `kube-lite` bin (the bundled CLI). */
export const KUBE_LITE_BIN = fileURLToPath(new URL('../../bin/kube-lite.js', import.meta.url));

/** Resolves with stdout once `pattern` appears in it (bounded). */
export function waitFor(child: ChildProcess, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; got ${JSON.stringify(out)}`)), timeoutMs);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (pattern.test(out)) {
        clearTimeout(timer);
        resolve(out);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before ${pattern}; got ${JSON.stringify(out)}`));
    });
  });
}
