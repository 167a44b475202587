/** Events on one page of the session inspector's timeline: a page draws in well under a second and bounds every query of it. */
export const SESSION_PAGE_EVENTS = 500;
