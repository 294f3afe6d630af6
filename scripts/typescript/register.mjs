// `node --import ./scripts/typescript/register.mjs x.ts` runs TypeScript sources
// (see hooks.mjs). tap's config passes it to every test process.
import module from 'node:module';
import { join } from 'node:path';

// Node 22.1+: V8 keeps the compiled code of every module under .cache/v8 and reuses it in the next process
// (about 0.05-0.1 s of CPU per test process under Node 24). Node 20 has no such cache.
module.enableCompileCache?.(join(import.meta.dirname, '..', '..', '.cache', 'v8'));

if (typeof module.registerHooks === 'function') {
  const { resolveSync, loadSync } = await import('./hooks.mjs');
  module.registerHooks({ resolve: resolveSync, load: loadSync });
} else {
  module.register('./hooks.mjs', import.meta.url);
}
