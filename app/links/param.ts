import { splitCommaList } from '../lib/comma-list';

/**
 * How one field of a screen's view state sits in the URL: the query parameters it owns, how it is
 * read back (anything unknown or malformed reads as the default) and how it is written (a default
 * writes nothing, so a link stays short).
 */
export interface Param<T> {
  readonly names: readonly string[];
  read(params: URLSearchParams): T;
  write(value: T): [string, string][];
}

const one = (name: string, value: string | null): [string, string][] => (value === null || value === '' ? [] : [[name, value]]);

/** Free text, such as an id; absent or empty reads as null. */
export const text = (name: string): Param<string | null> => ({
  names: [name],
  read: (params) => params.get(name) || null,
  write: (value) => one(name, value),
});

/** One of a fixed set of values; anything else reads as the default. */
export function choice<const T extends string>(name: string, values: readonly T[]): Param<T | null>;
export function choice<const T extends string>(name: string, values: readonly T[], fallback: T): Param<T>;
export function choice<const T extends string>(name: string, values: readonly T[], fallback: T | null = null): Param<T | null> {
  return {
    names: [name],
    read: (params) => (values.includes(params.get(name) as T) ? (params.get(name) as T) : fallback),
    write: (value) => one(name, value === fallback ? null : value),
  };
}

/** A comma-separated list. */
export const list = (name: string): Param<string[]> => ({
  names: [name],
  read: (params) => splitCommaList(params.get(name) ?? ''),
  write: (value) => one(name, value.join(',')),
});

/** A switch written as `name=1`; any non-empty value other than 0 reads as on. */
export const flag = (name: string): Param<boolean> => ({
  names: [name],
  read: (params) => { const value = params.get(name); return value !== null && value !== '' && value !== '0'; },
  write: (value) => one(name, value ? '1' : null),
});
