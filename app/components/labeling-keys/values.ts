import { GRADES, RETRIEVAL_ROLES, VERDICTS, type Grade, type LabelKind } from '../../schema/given-label';

export const GRADE_NAMES: Record<Grade, string> = { 0: 'not relevant', 1: 'marginal', 2: 'relevant', 3: 'highly relevant' };

/** One value a key gives: the key, the vote's value text, its name. */
export interface Choice {
  key: string;
  value: string;
  name: string;
}

/**
 * The value keys of each label kind, the same on every labeling screen: grades 0–3, roles 1–6,
 * intent y / n, verdicts 1–4. None of them is a command key (keymap.ts).
 */
export function choicesOf(kind: LabelKind): Choice[] {
  switch (kind) {
    case 'relevance':
      return GRADES.map((grade) => ({ key: String(grade), value: String(grade), name: `${grade} ${GRADE_NAMES[grade]}` }));
    case 'role':
      return RETRIEVAL_ROLES.map((role, i) => ({ key: String(i + 1), value: role, name: role }));
    case 'intent':
      return [{ key: 'y', value: 'true', name: 'needs retrieval' }, { key: 'n', value: 'false', name: 'no retrieval needed' }];
    case 'answer_review':
      return VERDICTS.map((verdict, i) => ({ key: String(i + 1), value: verdict, name: verdict }));
  }
}

/** The value keys of a kind, as a set for the keymap. */
export const valueKeysOf = (kind: LabelKind): ReadonlySet<string> => new Set(choicesOf(kind).map((choice) => choice.key));
