import { screenUrl } from './screen-url';

/** Overview: the loaded files and their counts; no view state of its own. */
export const overviewUrl = screenUrl('overview', {});
