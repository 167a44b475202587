import { text } from './param';
import { screenUrl } from './screen-url';

/** Review: the ISO week whose answer sample is open and the response open in it. */
export const reviewUrl = screenUrl('review', {
  week: text('week'),
  item: text('item'),
});

export type ReviewView = ReturnType<typeof reviewUrl.read>;
