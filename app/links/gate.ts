import { text } from './param';
import { screenUrl } from './screen-url';

/** Gate & feedback: the ISO week whose review sample is open and the category whose calibration curve is shown. */
export const gateUrl = screenUrl('gate', {
  review: text('review'),
  calibration: text('calibration'),
});

export type GateView = ReturnType<typeof gateUrl.read>;
