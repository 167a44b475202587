/**
 * Sets `key` as an own, plain property, whatever the key: assigning `object['__proto__']` would
 * replace the object's prototype instead (the field lost, and lookups reaching into the data).
 */
export function setOwn<T>(object: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}

/** The value an object holds under `key` itself, never one inherited from its prototype. */
export const ownValue = <T>(object: Record<string, T>, key: string): T | undefined => (Object.hasOwn(object, key) ? object[key] : undefined);
