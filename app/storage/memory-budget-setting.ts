/** The key of the memory budget set in this browser (the browser tests and the bench set it). */
export const MEMORY_BUDGET_SETTING = 'retrieval-inspector:memory-budget';

/** The memory budget set in this browser, as text such as "512MB"; null when none is set or there is no storage. */
export function memoryBudgetSetting(): string | null {
  try {
    return window.localStorage.getItem(MEMORY_BUDGET_SETTING);
  } catch {
    return null;
  }
}
