// Types of prom-client's own registry module (the package only types its index, which re-exports this class).
declare module 'prom-client/lib/registry.js' {
  import type { Registry } from 'prom-client';

  const registryClass: typeof Registry;
  export default registryClass;
}
