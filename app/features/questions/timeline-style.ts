import type { SubquestionStatus } from '../../model/drift/rows';

/** Registry state colours, shared by the timeline bars, its legend and the registry table. */
export const STATUS_COLOURS: Record<SubquestionStatus, string> = {
  pending: '#cdd5e1',
  active: '#3b6fe0',
  resolved: '#2f9e5b',
  retired: '#9b7bb8',
};

export const STATUS_ORDER: SubquestionStatus[] = ['pending', 'active', 'resolved', 'retired'];

/** Shortens a label to fit `pixels` at ~6.2 px per character of the 11px UI font. */
export function fitText(text: string, pixels: number): string {
  const room = Math.floor(pixels / 6.2);
  if (room < 3) return '';
  return text.length <= room ? text : `${text.slice(0, room - 1)}…`;
}
