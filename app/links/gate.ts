import { DEFAULT_ALARM_MIN_VOTES } from '../model/gate/feedback';
import type { Param } from './param';
import { text } from './param';
import { screenUrl } from './screen-url';

/** The alarm's minimum votes a week: a whole number from 1 to 1,000,000; anything else reads as the default. */
const minVotes = (name: string): Param<number> => ({
  names: [name],
  read: (params) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value >= 1 && value <= 1_000_000 ? value : DEFAULT_ALARM_MIN_VOTES;
  },
  write: (value) => (value === DEFAULT_ALARM_MIN_VOTES ? [] : [[name, String(value)]]),
});

/**
 * Gate & feedback: the filters (surface, category, system = the events' `run_id`), the votes a
 * week needs before it can raise the thumbs-down alarm, the ISO week whose review sample is open
 * and the category whose calibration curve is shown.
 */
export const gateUrl = screenUrl('gate', {
  surface: text('surface'),
  category: text('category'),
  system: text('system'),
  minVotes: minVotes('min_votes'),
  review: text('review'),
  calibration: text('calibration'),
});

export type GateView = ReturnType<typeof gateUrl.read>;
