const UNITS: readonly (readonly [string, bigint])[] = [
  ['h', 3_600_000_000_000n],
  ['m', 60_000_000_000n],
];

/** `whole.fraction` with the fraction's trailing zeros removed (no dot when it is zero). */
function decimal(value: bigint, scale: bigint, digits: number): string {
  const whole = value / scale;
  const fraction = (value % scale).toString().padStart(digits, '0').replace(/0+$/, '');
  return fraction === '' ? whole.toString() : `${whole}.${fraction}`;
}

/** Go's `time.Duration.String` of `nanos` nanoseconds: `0s`, `850ns`, `1.5µs`, `12.3ms`, `4.2s`, `1h2m3s`. */
export function formatGoDuration(nanos: bigint): string {
  if (nanos === 0n) return '0s';
  const sign = nanos < 0n ? '-' : '';
  let n = nanos < 0n ? -nanos : nanos;
  if (n < 1000n) return `${sign}${n}ns`;
  if (n < 1_000_000n) return `${sign}${decimal(n, 1000n, 3)}µs`;
  if (n < 1_000_000_000n) return `${sign}${decimal(n, 1_000_000n, 6)}ms`;
  let out = sign;
  let started = false;
  for (const [unit, size] of UNITS) {
    const count = n / size;
    if (count > 0n || started) {
      out += `${count}${unit}`;
      started = true;
    }
    n %= size;
  }
  return `${out}${decimal(n, 1_000_000_000n, 9)}s`;
}

/**
 * A `time.Duration` value for log pairs: klog's text format writes it as a quoted Go duration string
 * (`latency="1.2ms"`, Duration being a `fmt.Stringer`), and the JSON format as that string too
 * (component-base's `StringDurationEncoder`).
 */
export class Duration {
  /** The length in nanoseconds. */
  readonly nanoseconds: bigint;

  /** A duration of `nanoseconds`. */
  constructor(nanoseconds: bigint) {
    this.nanoseconds = nanoseconds;
  }

  /** The time from `startNanos` (a `process.hrtime.bigint()` reading) until now. */
  static since(startNanos: bigint): Duration {
    return new Duration(process.hrtime.bigint() - startNanos);
  }

  /** The Go duration string. */
  toString(): string {
    return formatGoDuration(this.nanoseconds);
  }

  /** The Go duration string. */
  toJSON(): string {
    return this.toString();
  }
}
