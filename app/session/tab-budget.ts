import { memoryBudget, type MemoryBudget } from '../model/memory-budget';
import { memoryBudgetSetting } from '../storage/memory-budget-setting';

/** A tab's setting, not a view's: no screen's URL codec writes it, so a move within the app drops it. */
const BUDGET_PARAM = 'memoryBudget';

/**
 * This tab's memory budget, read at each load: `?memoryBudget=512MB`, else the setting in this
 * browser's storage, else from the device. The load bar takes it from here (components never read
 * the URL or storage).
 */
export function tabBudget(): MemoryBudget {
  const configured = new URLSearchParams(window.location.search).get(BUDGET_PARAM) ?? memoryBudgetSetting();
  const deviceMemoryGiB = (navigator as Navigator & { deviceMemory?: number }).deviceMemory ?? null;
  const jsHeapSizeLimit = (performance as Performance & { memory?: { jsHeapSizeLimit?: number } }).memory?.jsHeapSizeLimit ?? null;
  return memoryBudget({ configured, deviceMemoryGiB, jsHeapSizeLimit });
}
