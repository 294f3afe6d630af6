/**
 * Access modes and volume modes shared by claims and volumes (pkg/apis/core/validation `supportedAccessModes`,
 * `supportedVolumeModes`; pkg/apis/core/helper `GetAccessModesAsString`).
 * @module
 */
import { type FieldError, type FieldPath, fieldForbidden, fieldNotSupported } from '@apiserver/runtime';

/** The access modes of 1.32 (ReadWriteOncePod is GA), sorted as `sets.List` lists them. */
export const SUPPORTED_ACCESS_MODES: readonly string[] = ['ReadOnlyMany', 'ReadWriteMany', 'ReadWriteOnce', 'ReadWriteOncePod'];
/** The volume modes, sorted. */
export const SUPPORTED_VOLUME_MODES: readonly string[] = ['Block', 'Filesystem'];

/** Unsupported modes, and ReadWriteOncePod mixed with another mode. */
export function validateAccessModes(modes: readonly string[], path: FieldPath): FieldError[] {
  const errs = modes.filter((m) => !SUPPORTED_ACCESS_MODES.includes(m)).map((m) => fieldNotSupported(path, m, SUPPORTED_ACCESS_MODES));
  if (modes.includes('ReadWriteOncePod') && modes.some((m) => m !== 'ReadWriteOncePod')) {
    errs.push(fieldForbidden(path, 'may not use ReadWriteOncePod with other access modes'));
  }
  return errs;
}

/** Unsupported volumeMode, when one is set. */
export function validateVolumeMode(mode: unknown, path: FieldPath): FieldError[] {
  if (mode === undefined || mode === null) return [];
  return SUPPORTED_VOLUME_MODES.includes(String(mode)) ? [] : [fieldNotSupported(path, mode, SUPPORTED_VOLUME_MODES)];
}

const ABBREVIATIONS: readonly (readonly [string, string])[] = [
  ['ReadWriteOnce', 'RWO'],
  ['ReadOnlyMany', 'ROX'],
  ['ReadWriteMany', 'RWX'],
  ['ReadWriteOncePod', 'RWOP'],
];

/** The ACCESS MODES cell: each mode present once, abbreviated, in the fixed RWO,ROX,RWX,RWOP order. */
export function accessModesString(modes: readonly string[]): string {
  return ABBREVIATIONS.filter(([mode]) => modes.includes(mode))
    .map(([, short]) => short)
    .join(',');
}
