/**
 * pprof's profile format (github.com/google/pprof `proto/profile.proto`, package `perftools.profiles`), the messages
 * Go's `runtime/pprof` writes, with their field numbers, loaded with protobufjs. Field names keep the proto's
 * snake case.
 */
import protobuf from 'protobufjs';

const PROFILE_PROTO = `
syntax = "proto3";
package perftools.profiles;

message Profile {
  repeated ValueType sample_type = 1;
  repeated Sample sample = 2;
  repeated Mapping mapping = 3;
  repeated Location location = 4;
  repeated Function function = 5;
  repeated string string_table = 6;
  int64 drop_frames = 7;
  int64 keep_frames = 8;
  int64 time_nanos = 9;
  int64 duration_nanos = 10;
  ValueType period_type = 11;
  int64 period = 12;
  repeated int64 comment = 13;
  int64 default_sample_type = 14;
  int64 doc_url = 15;
}
message ValueType { int64 type = 1; int64 unit = 2; }
message Sample { repeated uint64 location_id = 1; repeated int64 value = 2; repeated Label label = 3; }
message Label { int64 key = 1; int64 str = 2; int64 num = 3; int64 num_unit = 4; }
message Mapping {
  uint64 id = 1; uint64 memory_start = 2; uint64 memory_limit = 3; uint64 file_offset = 4; int64 filename = 5;
  int64 build_id = 6; bool has_functions = 7; bool has_filenames = 8; bool has_line_numbers = 9; bool has_inline_frames = 10;
}
message Location { uint64 id = 1; uint64 mapping_id = 2; uint64 address = 3; repeated Line line = 4; bool is_folded = 5; }
message Line { uint64 function_id = 1; int64 line = 2; int64 column = 3; }
message Function { uint64 id = 1; int64 name = 2; int64 system_name = 3; int64 filename = 4; int64 start_line = 5; }
`;

let profileType: protobuf.Type | undefined;

/** The `perftools.profiles.Profile` message type (parsed once). */
export function pprofProfileType(): protobuf.Type {
  profileType ??= protobuf.parse(PROFILE_PROTO, { keepCase: true }).root.lookupType('perftools.profiles.Profile');
  return profileType;
}

/** A `ValueType`: indexes into the string table. */
export interface ValueType {
  /** The sample type's name (`samples`, `cpu`, `inuse_space`, …). */
  readonly type: number;
  /** Its unit (`count`, `nanoseconds`, `bytes`). */
  readonly unit: number;
}

/** A `Sample`: a stack (leaf first) and one value per sample type. */
export interface Sample {
  /** Location IDs, the leaf first. */
  readonly location_id: number[];
  /** One value per sample type. */
  readonly value: number[];
}

/** A `Line` of a location. */
export interface Line {
  /** The function. */
  readonly function_id: number;
  /** The 1-based line. */
  readonly line: number;
  /** The 1-based column. */
  readonly column: number;
}

/** A `Location`: one frame. */
export interface Location {
  /** Its ID (from 1). */
  readonly id: number;
  /** Its lines (one: no inlining is reported). */
  readonly line: Line[];
}

/** A `Function`. */
export interface PprofFunction {
  /** Its ID (from 1). */
  readonly id: number;
  /** Its name (string table index). */
  readonly name: number;
  /** Its system name (string table index). */
  readonly system_name: number;
  /** Its file (string table index). */
  readonly filename: number;
  /** Its first line. */
  readonly start_line: number;
}

/** A `Profile` as this package writes it (and as tests decode it). */
export interface PprofProfile {
  /** What each sample value measures. */
  readonly sample_type: ValueType[];
  /** The samples. */
  readonly sample: Sample[];
  /** The frames. */
  readonly location: Location[];
  /** The functions. */
  readonly function: PprofFunction[];
  /** Every string, the empty string first. */
  readonly string_table: string[];
  /** When the profile started, in nanoseconds since the epoch. */
  readonly time_nanos: number;
  /** How long it covers, in nanoseconds. */
  readonly duration_nanos: number;
  /** What the period measures. */
  readonly period_type: ValueType;
  /** The sampling period. */
  readonly period: number;
  /** The sample type shown by default (string table index; 0 = the last one). */
  readonly default_sample_type: number;
}

/** Encodes `profile` as pprof's protobuf (not compressed). */
export function encodePprofProfile(profile: PprofProfile): Uint8Array {
  const type = pprofProfileType();
  return type.encode(type.fromObject(profile)).finish();
}

/** Decodes an uncompressed pprof protobuf (int64 fields as numbers). */
export function decodePprofProfile(bytes: Uint8Array): PprofProfile {
  const type = pprofProfileType();
  return type.toObject(type.decode(bytes), { longs: Number, arrays: true, defaults: true }) as PprofProfile;
}
