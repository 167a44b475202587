/** The K of the eval-versus-production comparison (the retrospective's recall@5). */
export const RECALL_K = 5;
