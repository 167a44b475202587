/** A performance mark for each slice of keeping that a screen's query stopped (to run again): tests and the bench count them. */
export const SLICE_PREEMPTED_MARK = 'keeping:slice-preempted';
/** A performance mark for each slice of keeping as it starts on the engine: a test asks for a screen's query while one runs. */
export const SLICE_STARTED_MARK = 'keeping:slice-started';
