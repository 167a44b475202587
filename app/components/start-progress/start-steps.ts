import type { EngineStart } from '../../session/dataset';

/** The steps of a start, in order, as a user reads them. */
export const START_STEPS: { step: EngineStart['step']; label: string }[] = [
  { step: 'download', label: 'Fetching and compiling the database engine' },
  { step: 'compiled', label: 'Starting DuckDB' },
  { step: 'started', label: "Opening this browser's storage" },
  { step: 'opened', label: 'Checking the kept logs' },
  { step: 'restoring', label: 'Reopening the logs kept in this browser' },
  { step: 'labels', label: 'Applying the labels given in this browser' },
];

export const startStepIndex = (start: EngineStart) => Math.max(0, START_STEPS.findIndex((s) => s.step === start.step));
