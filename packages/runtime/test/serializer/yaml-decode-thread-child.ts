/**
 * Child process of yaml-decode-thread.test.ts: converts a large YAML text through the decoding thread and prints
 * the number of keys it read, without closing the thread. The process must print (a pending conversion keeps it
 * alive) and then exit by itself (the idle thread does not).
 */
import { YAML_OFF_THREAD_CHARS, yamlDecodeThread, yamlToJSONAsync } from '../../src/serializer/yaml-decode-thread.js';

const keys = Math.ceil(YAML_OFF_THREAD_CHARS / 10) * 2;
const text = `data:\n${Array.from({ length: keys }, (_, i) => `  k${i}: v${i}`).join('\n')}\n`;
void yamlToJSONAsync(text).then(({ value }) => {
  const data = (value as { data: object }).data;
  process.stdout.write(`${JSON.stringify({ keys: Object.keys(data).length, conversions: yamlDecodeThread().conversions })}\n`);
});
