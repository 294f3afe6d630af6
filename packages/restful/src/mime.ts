/** A media type with its quality factor from an Accept header. */
export interface MediaQuality {
  /** The media type as written (not re-trimmed, as go-restful). */
  readonly media: string;
  /** The q value (1 when absent). */
  readonly quality: number;
}

const goFloat = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Go's `strconv.ParseFloat` for the decimal forms an Accept header uses. */
function parseQuality(text: string): number | undefined {
  if (goFloat.test(text)) return Number(text);
  const lower = text.toLowerCase();
  if (lower === 'inf' || lower === '+inf' || lower === 'infinity' || lower === '+infinity') return Infinity;
  if (lower === '-inf' || lower === '-infinity') return -Infinity;
  return undefined;
}

function trimSpaces(s: string): string {
  let i = 0;
  let j = s.length;
  while (i < j && s.charCodeAt(i) === 32) i++;
  while (j > i && s.charCodeAt(j - 1) === 32) j--;
  return s.slice(i, j);
}

function insertMime(list: MediaQuality[], entry: MediaQuality): void {
  const index = list.findIndex((each) => entry.quality > each.quality);
  if (index !== -1) {
    list.splice(index, 0, entry);
    return;
  }
  list.push(entry);
}

/**
 * go-restful's `sortedMimes`: split on `,`, space-trim each part, split at `;`;
 * only the first parameter is read, and only when its key is `q`; an unparsable q
 * drops the entry. Stable sort by quality, highest first.
 */
export function sortedMimes(accept: string): MediaQuality[] {
  const sorted: MediaQuality[] = [];
  for (const each of accept.split(',')) {
    const [media = '', firstParam] = trimSpaces(each).split(';');
    if (firstParam === undefined) {
      insertMime(sorted, { media, quality: 1 });
      continue;
    }
    const qAndWeight = firstParam.split('=');
    const [key = '', weight = ''] = qAndWeight;
    if (qAndWeight.length === 2 && trimSpaces(key) === 'q') {
      const quality = parseQuality(weight);
      if (quality !== undefined) insertMime(sorted, { media, quality });
    } else {
      insertMime(sorted, { media, quality: 1 });
    }
  }
  return sorted;
}
