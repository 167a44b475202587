import { splitCommaList } from '../../lib/comma-list';

/** The intents typed as a comma-separated list, each once, in the order typed. */
export const parseIntents = (text: string): string[] => [...new Set(splitCommaList(text))];
