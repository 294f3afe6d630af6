/**
 * `Warning` response headers from the warnings a request collected, as apiserver's warning recorder
 * (endpoints/filters/warning.go) and apimachinery's `net.NewWarningHeader` write them: `299 - "<text>"` with `"`
 * and `\` escaped, duplicates and empty texts dropped, texts with control characters or invalid UTF-8 dropped,
 * and once the texts pass 4096 runes in total every text truncated to 256 runes (none added past 4096 again).
 */

/** Total runes of warning text written before truncation starts (`truncateAtTotalRunes`). */
export const WARNING_TOTAL_RUNES = 4 * 1024;
/** Runes each warning text is cut to once truncating (`truncateItemRunes`). */
export const WARNING_ITEM_RUNES = 256;

/** Go's `unicode.IsControl`: C0, DEL and C1. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** A UTF-16 surrogate without its pair: not representable in UTF-8 (Go's `utf8.ValidString` fails). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** `net.NewWarningHeader(299, "-", text)`, or undefined where it would return an error. */
export function newWarningHeader(text: string): string | undefined {
  if (CONTROL.test(text) || LONE_SURROGATE.test(text)) return undefined;
  return `299 - "${text.replace(/["\\]/g, '\\$&')}"`;
}

function truncated(text: string): { text: string; runes: number } {
  const runes = [...text];
  if (runes.length <= WARNING_ITEM_RUNES) return { text, runes: runes.length };
  return { text: runes.slice(0, WARNING_ITEM_RUNES).join(''), runes: WARNING_ITEM_RUNES };
}

/** The recorder's state over one request's warnings. */
class WarningRecorder {
  readonly #recorded = new Set<string>();
  readonly #ordered: string[] = [];
  headers: string[] = [];
  #written = 0;
  #truncating = false;

  add(text: string): void {
    if (text === '' || (this.#written >= WARNING_TOTAL_RUNES && this.#truncating)) return;
    if (this.#recorded.has(text)) return;
    this.#recorded.add(text);
    this.#ordered.push(text);
    const item = this.#truncating ? truncated(text) : { text, runes: [...text].length };
    const header = newWarningHeader(item.text);
    if (header === undefined) return;
    if (this.#written + item.runes <= WARNING_TOTAL_RUNES || this.#truncating) {
      this.#written += item.runes;
      this.headers.push(header);
      return;
    }
    this.#truncating = true;
    this.#written = 0;
    this.headers = [];
    for (const recorded of this.#ordered) {
      const cut = truncated(recorded);
      const replayed = newWarningHeader(cut.text);
      if (replayed === undefined) continue;
      this.#written += cut.runes;
      this.headers.push(replayed);
    }
  }
}

/** The `Warning` header values (unencoded text) for a request's warnings, in order. */
export function warningHeaderValues(warnings: readonly string[]): string[] {
  const recorder = new WarningRecorder();
  for (const w of warnings) recorder.add(w);
  return recorder.headers;
}

/**
 * A header value as node must be given it to put the text's UTF-8 bytes on the wire, as Go does: node writes
 * header strings as latin1 and refuses characters above U+00FF, so each UTF-8 byte becomes one latin1 character.
 */
export function utf8HeaderValue(value: string): string {
  return /^[\t\x20-\x7e]*$/.test(value) ? value : Buffer.from(value, 'utf8').toString('latin1');
}
