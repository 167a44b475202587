/** A performance mark for each slice of keeping that a screen's query stopped (to run again): tests and the bench count them. */
export const SLICE_PREEMPTED_MARK = 'keeping:slice-preempted';
