/**
 * Actions the import derived instead of reading them from the log (docs/log-format.md, "Traces from
 * real instrumentation"): `derived` names the rule. Every place an action shows marks them, so a
 * derived `use` is never taken for a logged one.
 */
export interface DerivedMark {
  /** Short, for a badge, a chip or a graph node: "derived · context match". */
  label: string;
  /** What the rule means, for a tooltip. */
  detail: string;
}

const KNOWN: Record<string, string> = {
  'context-match':
    "Not logged: the trace import derived this agent use because the document's text or id appears in the input of an LLM call that started after the retrieval.",
};

/** The mark of an action's `derived` value, or null for a logged action. */
export function derivedMark(derived: string | null | undefined): DerivedMark | null {
  if (!derived) return null;
  const words = derived.replace(/[-_]+/g, ' ').trim() || derived;
  return {
    label: `derived · ${words}`,
    detail: KNOWN[derived] ?? `Not logged: the import derived this action (rule "${derived}").`,
  };
}
