import type { CalibrationSummary, GateReport } from '../metrics/report';
import { calibrate, calibrateByCategory, type Calibration, type CalibrationCase } from './calibration';

const summary = (calibration: Calibration): CalibrationSummary => ({
  cases: calibration.cases,
  f1_threshold: calibration.f1_threshold,
  recommended_threshold: calibration.recommended_threshold,
});

/** The report's `gate.calibration` (docs/metrics.md, The report) from the scored eval cases. */
export function calibrationReport(cases: CalibrationCase[]): GateReport['calibration'] {
  const byCategory = calibrateByCategory(cases);
  return {
    ...summary(calibrate(cases)),
    by_category: Object.fromEntries(Object.entries(byCategory).map(([category, calibration]) => [category, summary(calibration)])),
  };
}
