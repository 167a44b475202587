import { fnv1a } from './hash';

/** Load every k-th session: those whose session_id hashes to 0 modulo `every` (stable across loads and machines). */
export interface SessionSample {
  every: number;
}

export const inSessionSample = (sessionId: string, sample: SessionSample): boolean => sample.every <= 1 || fnv1a(sessionId) % sample.every === 0;

/**
 * The record filter of a sampled load: a record of a session out of the sample is left out;
 * a record with no session_id (a label file, a catalog) is kept.
 */
export function keepsRecord(sample: SessionSample | null | undefined): ((value: unknown) => boolean) | null {
  if (!sample || sample.every <= 1) return null;
  return (value) => {
    const sessionId = typeof value === 'object' && value !== null ? (value as { session_id?: unknown }).session_id : undefined;
    return typeof sessionId !== 'string' || inSessionSample(sessionId, sample);
  };
}
