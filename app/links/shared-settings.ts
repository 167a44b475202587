import { SETTING_PARAMS } from '../model/metrics/settings-codec';
import type { RawSettings } from '../model/metrics/settings';

/**
 * The metric settings that change facts on every screen (what counts as Tier 1 bad, as used, as
 * masked): the one part of view state that every link carries over from the current URL. Kept as
 * the raw URL text, so a value the Metrics screen reports as malformed travels unchanged.
 */
export const SHARED_SETTINGS = ['k', 'tier1Threshold', 'usedActions'] as const;

export type SharedSettings = Pick<RawSettings, (typeof SHARED_SETTINGS)[number]>;

export function sharedSettingsFrom(params: URLSearchParams): SharedSettings {
  const settings: SharedSettings = {};
  for (const name of SHARED_SETTINGS) {
    const value = params.get(SETTING_PARAMS[name]);
    if (value) settings[name] = value;
  }
  return settings;
}

export const sharedSettingsPairs = (settings: SharedSettings): [string, string][] =>
  SHARED_SETTINGS.flatMap((name) => (settings[name] ? [[SETTING_PARAMS[name], settings[name]] as [string, string]] : []));

/** The shared settings of the current page, to change one of them. */
export const currentSharedSettings = (): SharedSettings => sharedSettingsFrom(new URLSearchParams(window.location.search));
