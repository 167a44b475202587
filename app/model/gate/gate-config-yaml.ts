import type { Calibration } from './calibration';

/** A YAML scalar: plain when safe, else double-quoted with JSON escapes (valid YAML). */
const yamlKey = (text: string) => (/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(text) ? text : JSON.stringify(text));
const yamlNumber = (value: number | null) => (value === null ? 'null' : String(value));

/**
 * The gate config a retrieval-quality gate can load (seed 002: thresholds calibrated offline
 * and exported): the recommended threshold overall and per category, with the F1-optimal one
 * and the case count beside it for the reader.
 */
export function gateConfigYaml(overall: Calibration, byCategory: Record<string, Calibration>, generatedFrom = 'eval_case events'): string {
  const lines = [
    '# Retrieval-quality gate thresholds: answer when top-1 score >= threshold.',
    `# Calibrated on ${generatedFrom}; recommended = F1-optimal + 0.05 (answer = positive).`,
    'gate:',
    `  threshold: ${yamlNumber(overall.recommended_threshold)}`,
    `  f1_optimal_threshold: ${yamlNumber(overall.f1_threshold)}`,
    `  eval_cases: ${overall.cases}`,
    '  categories:',
  ];
  const categories = Object.entries(byCategory);
  if (categories.length === 0) lines[lines.length - 1] = '  categories: {}';
  for (const [category, calibration] of categories) {
    lines.push(
      `    ${yamlKey(category)}:`,
      `      threshold: ${yamlNumber(calibration.recommended_threshold)}`,
      `      f1_optimal_threshold: ${yamlNumber(calibration.f1_threshold)}`,
      `      eval_cases: ${calibration.cases}`,
    );
  }
  return lines.join('\n') + '\n';
}
