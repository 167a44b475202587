import { agreementUrl } from './agreement';
import { annotateUrl } from './annotate';
import { compareUrl } from './compare';
import { gateUrl } from './gate';
import { lineageUrl } from './lineage';
import { metricsUrl } from './metrics';
import { overviewUrl } from './overview';
import { questionsUrl } from './questions';
import { rejectedUrl } from './rejected';
import { reviewUrl } from './review';
import type { ScreenId, ScreenUrl } from './screen-url';
import { sessionsUrl } from './sessions';

/** Every screen's URL, by the `view` parameter that picks the screen. */
export const SCREEN_URLS: Record<ScreenId, ScreenUrl<object>> = {
  overview: overviewUrl,
  metrics: metricsUrl,
  compare: compareUrl,
  sessions: sessionsUrl,
  lineage: lineageUrl,
  questions: questionsUrl,
  annotate: annotateUrl,
  review: reviewUrl,
  agreement: agreementUrl,
  gate: gateUrl,
  rejected: rejectedUrl,
};
