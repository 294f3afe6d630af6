/**
 * Human-readable durations as kubectl prints them (k8s.io/apimachinery/pkg/util/duration `HumanDuration`)
 * and the AGE / LAST SEEN cell text built on them (printers.go `translateTimestampSince`, meta/table
 * `ConvertToHumanReadableDateType`).
 * @module
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

function withRest(major: number, majorUnit: string, rest: number, restUnit: string): string {
  return rest === 0 ? `${major}${majorUnit}` : `${major}${majorUnit}${rest}${restUnit}`;
}

function humanDays(hours: number): string {
  if (hours < 24 * 8) return withRest(Math.trunc(hours / 24), 'd', hours % 24, 'h');
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24)}d`;
  const years = Math.trunc(hours / 24 / 365);
  if (hours < 24 * 365 * 8) return withRest(years, 'y', Math.trunc(hours / 24) % 365, 'd');
  return `${years}y`;
}

/**
 * Formats a duration in milliseconds with at most two units, losing precision as it grows
 * (`5s`, `3m20s`, `15m`, `2h5m`, `2d3h`, `400d`, `4y`); up to 1 s in the future counts as `0s`, earlier
 * than that is `<invalid>` (tolerance for clock skew, as upstream).
 */
export function humanDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '<invalid>';
  const seconds = Math.trunc(ms / SECOND);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;
  const minutes = Math.trunc(ms / MINUTE);
  if (minutes < 10) return withRest(minutes, 'm', seconds % 60, 's');
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = Math.trunc(ms / HOUR);
  if (hours < 8) return withRest(hours, 'h', minutes % 60, 'm');
  if (hours < 48) return `${hours}h`;
  return humanDays(hours);
}

/**
 * The elapsed time since an RFC 3339 timestamp as kubectl's AGE cell shows it; `<unknown>` when the
 * timestamp is missing, empty or unparsable (`translateTimestampSince` on a zero time).
 */
export function translateTimestampSince(timestamp: unknown, now: number = Date.now()): string {
  if (typeof timestamp !== 'string' || timestamp === '') return '<unknown>';
  const at = Date.parse(timestamp);
  if (Number.isNaN(at)) return '<unknown>';
  return humanDuration(now - at);
}
