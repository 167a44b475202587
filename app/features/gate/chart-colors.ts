export const DECISION_COLORS = { answer: '#1f8a4c', clarify: '#b7791f', handoff: '#c53030' } as const;

const CATEGORY_PALETTE = ['#2f5bd3', '#c53030', '#1f8a4c', '#b7791f', '#7b4bc4', '#0f8b8d', '#d05a9c', '#5c6470'];

export const categoryColor = (index: number) => CATEGORY_PALETTE[index % CATEGORY_PALETTE.length];

export const percent = (value: number) => `${Math.round(value * 100)}%`;
