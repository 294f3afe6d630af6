// `node --import ./scripts/typescript/register.mjs x.ts` runs TypeScript sources
// (see hooks.mjs). tap's config passes it to every test process.
import module from 'node:module';

if (typeof module.registerHooks === 'function') {
  const { resolveSync, loadSync } = await import('./hooks.mjs');
  module.registerHooks({ resolve: resolveSync, load: loadSync });
} else {
  module.register('./hooks.mjs', import.meta.url);
}
