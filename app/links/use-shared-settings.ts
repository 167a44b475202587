import { useMemo } from 'react';
import { useUrlSearch } from '../lib/url-state';
import { readSettings, sharedSettingsText, type SettingsRead } from './settings';

/**
 * The shared settings of the URL (K, Tier 1 threshold, used actions), read again on every
 * navigation: the same object while their text stays the same, so that queries and effects keyed
 * on them do not run again when another part of the view changes.
 */
export function useSharedSettings(): SettingsRead {
  const text = JSON.stringify(sharedSettingsText(new URLSearchParams(useUrlSearch())));
  return useMemo(() => readSettings(JSON.parse(text)), [text]);
}
