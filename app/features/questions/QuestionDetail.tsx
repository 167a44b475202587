import { useQuery } from '@tanstack/react-query';
import type { DriftAnalysis, QuestionRunAnalysis } from '../../model/drift/analyze';
import { useDataset } from '../../session/dataset';
import { driftPassagesOptions } from '../../queries/drift';
import { FlagList } from './FlagList';
import { GoldEvidence } from './GoldEvidence';
import { QueryList } from './QueryList';
import { QuestionHeader } from './QuestionHeader';
import { RegistryTable } from './RegistryTable';
import { RegistryTimeline } from './RegistryTimeline';
import { SufficiencyChecklist } from './SufficiencyChecklist';
import { useAnchorTarget } from './url';

/** One question in one run: its flags, the registry over time, its queries, its evidence. */
export function QuestionDetail({ run, analysis }: { run: QuestionRunAnalysis; analysis: DriftAnalysis }) {
  const dataset = useDataset();
  const passages = useQuery(driftPassagesOptions(dataset));
  const target = useAnchorTarget(passages.isFetched);
  const otherRuns = analysis.questionRuns.filter((r) => r.questionId === run.questionId);
  const catalog = passages.data ?? new Map();

  return (
    <div className="question-detail" data-target={target ?? undefined}>
      <QuestionHeader run={run} runsOfQuestion={otherRuns} />
      <FlagList run={run} target={target} />
      <RegistryTimeline run={run} />
      <RegistryTable run={run} target={target} />
      <div className="detail-columns">
        <QueryList run={run} target={target} />
        <div className="detail-stack">
          <GoldEvidence run={run} passages={catalog} target={target} />
          <SufficiencyChecklist run={run} passages={catalog} target={target} />
        </div>
      </div>
    </div>
  );
}
