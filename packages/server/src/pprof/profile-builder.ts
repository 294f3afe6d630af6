import type { Location, PprofFunction, PprofProfile, Sample, ValueType } from './profile-proto.js';

/** A V8 call frame (`Runtime.CallFrame`): 0-based line and column. */
export interface V8CallFrame {
  /** The function's name (empty for anonymous functions). */
  readonly functionName: string;
  /** The script's URL (empty for native code). */
  readonly url: string;
  /** The 0-based line. */
  readonly lineNumber: number;
  /** The 0-based column. */
  readonly columnNumber: number;
}

/** What a profile measures, besides its samples. */
export interface ProfileShape {
  /** `[type, unit]` of each sample value. */
  readonly sampleTypes: readonly (readonly [string, string])[];
  /** `[type, unit]` of the period. */
  readonly periodType: readonly [string, string];
  /** The sampling period. */
  readonly period: number;
  /** When the profile started, in ms since the epoch. */
  readonly startMillis: number;
  /** How long it covers, in ms. */
  readonly durationMillis: number;
}

/** Collects functions, locations and samples with a deduplicated string table, then makes a {@link PprofProfile}. */
export class ProfileBuilder {
  readonly #strings: string[] = [''];
  readonly #stringIndex = new Map<string, number>([['', 0]]);
  readonly #functions: PprofFunction[] = [];
  readonly #functionIds = new Map<string, number>();
  readonly #locations: Location[] = [];
  readonly #locationIds = new Map<string, number>();
  readonly #samples: Sample[] = [];

  /** The string table index of `s`. */
  string(s: string): number {
    let index = this.#stringIndex.get(s);
    if (index === undefined) {
      index = this.#strings.length;
      this.#strings.push(s);
      this.#stringIndex.set(s, index);
    }
    return index;
  }

  #functionOf(frame: V8CallFrame): number {
    const name = frame.functionName === '' ? '(anonymous)' : frame.functionName;
    const key = `${name}\0${frame.url}\0${frame.lineNumber}`;
    let id = this.#functionIds.get(key);
    if (id === undefined) {
      id = this.#functions.length + 1;
      const nameIndex = this.string(name);
      this.#functions.push({ id, name: nameIndex, system_name: nameIndex, filename: this.string(frame.url), start_line: frame.lineNumber + 1 });
      this.#functionIds.set(key, id);
    }
    return id;
  }

  /** The location ID of a frame (one per function and position). */
  location(frame: V8CallFrame): number {
    const key = `${frame.functionName}\0${frame.url}\0${frame.lineNumber}\0${frame.columnNumber}`;
    let id = this.#locationIds.get(key);
    if (id === undefined) {
      id = this.#locations.length + 1;
      this.#locations.push({ id, line: [{ function_id: this.#functionOf(frame), line: frame.lineNumber + 1, column: frame.columnNumber + 1 }] });
      this.#locationIds.set(key, id);
    }
    return id;
  }

  /** Adds a sample: its stack of location IDs (leaf first) and its values. */
  sample(locationIds: number[], values: number[]): void {
    this.#samples.push({ location_id: locationIds, value: values });
  }

  /** The profile. */
  build(shape: ProfileShape): PprofProfile {
    const valueType = ([type, unit]: readonly [string, string]): ValueType => ({ type: this.string(type), unit: this.string(unit) });
    const sampleTypes = shape.sampleTypes.map(valueType);
    const periodType = valueType(shape.periodType);
    return {
      sample_type: sampleTypes,
      sample: this.#samples,
      location: this.#locations,
      function: this.#functions,
      string_table: this.#strings,
      time_nanos: Math.round(shape.startMillis * 1e6),
      duration_nanos: Math.round(shape.durationMillis * 1e6),
      period_type: periodType,
      period: shape.period,
      default_sample_type: 0,
    };
  }
}
