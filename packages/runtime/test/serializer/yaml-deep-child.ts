/**
 * Child process of yaml-limits.test.ts: a fresh process (no YAML parsed before) decodes the attacker's deep
 * bodies twice each and prints one JSON line per attempt. A crash (V8's `RegExpCompiler Allocation failed`
 * when the parser recursed to the end of the stack) shows as a non-zero exit without the lines.
 */
import { newBuiltinScheme } from '../../src/apis/register.js';
import { YAMLSerializer } from '../../src/serializer/yaml.js';

const depth = Number(process.argv[2] ?? 2000);
const bodies: Record<string, string> = {
  flowMappings: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  flowSequences: `data: ${'['.repeat(depth)}1${']'.repeat(depth)}\n`,
  blockSequences: `${'- '.repeat(depth)}x\n`,
  blockMappings: Array.from({ length: depth }, (_, i) => `${' '.repeat(i)}a:\n`).join(''),
};
const yaml = new YAMLSerializer(newBuiltinScheme());
for (const [name, body] of Object.entries(bodies)) {
  for (const attempt of [1, 2]) {
    const started = performance.now();
    let outcome: string;
    try {
      yaml.decode(Buffer.from(body));
      outcome = 'decoded';
    } catch (err) {
      outcome = `${(err as Error).name}: ${(err as Error).message}`;
    }
    process.stdout.write(`${JSON.stringify({ name, attempt, outcome, ms: Math.round(performance.now() - started) })}\n`);
  }
}
