/**
 * The AGE cell's duration text (apimachinery `duration.HumanDuration`): at most two units, less precise as
 * the duration grows (`5s`, `3m20s`, `15m`, `2h5m`, `2d3h`, `400d`, `4y`).
 * @module
 */

function withRest(major: number, majorUnit: string, rest: number, restUnit: string): string {
  return rest === 0 ? `${major}${majorUnit}` : `${major}${majorUnit}${rest}${restUnit}`;
}

function days(hours: number): string {
  if (hours < 24 * 8) return withRest(Math.trunc(hours / 24), 'd', hours % 24, 'h');
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24)}d`;
  const years = Math.trunc(hours / 24 / 365);
  return hours < 24 * 365 * 8 ? withRest(years, 'y', Math.trunc(hours / 24) % 365, 'd') : `${years}y`;
}

/** Formats a duration in milliseconds; up to 1 s in the future is `0s`, earlier than that `<invalid>`. */
export function humanDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '<invalid>';
  const seconds = Math.trunc(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.trunc(seconds / 60);
  if (minutes < 10) return withRest(minutes, 'm', seconds % 60, 's');
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.trunc(minutes / 60);
  if (hours < 8) return withRest(hours, 'h', minutes % 60, 'm');
  return hours < 48 ? `${hours}h` : days(hours);
}
