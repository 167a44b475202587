import { GRADES, type Grade } from '../../schema/given-label';
import { itemKeys, useSessionLabels } from './session-labels-context';

const GRADE_MEANING = ['not relevant', 'somewhat relevant', 'relevant', 'highly relevant'];

/**
 * Grades one asset of one retrieval 0–3 with a click. The pressed button is the grade this
 * annotator gave (the one being saved first); the grade metrics use is shown beside, resolved
 * over every annotator.
 */
export function GradeButtons({ retrievalId, assetId, grades = GRADES, onGiven }: {
  retrievalId: string;
  assetId: string;
  grades?: readonly Grade[];
  onGiven?(): void;
}) {
  const { annotator, votes, pending, give } = useSessionLabels();
  const key = itemKeys.relevance(retrievalId, assetId);
  const waiting = pending(key);
  const mine = waiting?.kind === 'relevance' ? waiting.grade : (votes(key)?.mine?.grade ?? null);
  return (
    <span className={`grade-buttons${waiting ? ' saving' : ''}`} role="group" aria-label={`Grade ${assetId}`}
      title={annotator ? undefined : 'Name yourself to label'}>
      {grades.map((grade) => (
        <button key={grade} type="button" className={`grade-button g${grade}`} aria-pressed={mine === grade} disabled={!annotator}
          title={annotator ? `Grade ${grade}: ${GRADE_MEANING[grade]}` : 'Name yourself to label'}
          onClick={async () => {
            if (await give({ kind: 'relevance', retrieval_id: retrievalId, asset_id: assetId, grade })) onGiven?.();
          }}>
          {grade}
        </button>
      ))}
    </span>
  );
}
