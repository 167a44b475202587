import { useEffect } from 'react';
import { pluralize } from '../../lib/format';
import { useDataset } from '../../session/dataset';
import { ChoiceDialog } from '../ChoiceDialog';
import { LogText } from '../LogText';
import { answerOpen, useOpenQuestion, type OpenRequest } from './open-choice';
import { UnexportedNote } from './UnexportedNote';
import { useUnexportedLabels } from './use-unexported-labels';

const SHOWN_NAMES = 5;

function Picked({ request }: { request: OpenRequest }) {
  if (request.kind === 'samples') return <>the sample logs</>;
  const names = request.files.slice(0, SHOWN_NAMES).map((file) => file.name);
  const more = request.files.length - names.length;
  return (
    <>
      {names.map((name, index) => <span key={index}>{index > 0 && ', '}<LogText text={name} className="mono" /></span>)}
      {more > 0 && ` and ${pluralize(more, 'more file')}`}
    </>
  );
}

/** With logs loaded, opening more asks: add them to the loaded logs, or replace those (Esc cancels). */
export function AddOrReplaceChoice() {
  const question = useOpenQuestion();
  const dataset = useDataset();
  const nothingLoaded = dataset.summary.files === 0;
  // Asked while a Clear was finishing (the picker saw the logs before they went): nothing is loaded now, so nothing to ask.
  useEffect(() => {
    if (question && nothingLoaded) void answerOpen(dataset, 'add');
  }, [question, nothingLoaded, dataset]);
  if (!question || nothingLoaded) return null;
  return <Question request={question.request} />;
}

function Question({ request }: { request: OpenRequest }) {
  const dataset = useDataset();
  const unexported = useUnexportedLabels();
  const { summary } = dataset;
  return (
    <ChoiceDialog title="Add to the loaded logs, or replace them?" testId="open-choice" onCancel={() => void answerOpen(dataset, null)}
      actions={(
        <>
          <button type="button" className="button primary" onClick={() => void answerOpen(dataset, 'add')}>Add to the loaded logs</button>
          <button type="button" className="button" onClick={() => void answerOpen(dataset, 'replace')}>Replace them</button>
        </>
      )}>
      <p>
        {pluralize(summary.events, 'event')} from {pluralize(summary.files, 'file')} {summary.files === 1 ? 'is' : 'are'} loaded. You opened <Picked request={request} />.
      </p>
      <ul>
        <li><strong>Add</strong>: the opened logs join the loaded ones; every screen shows them together.</li>
        <li><strong>Replace</strong>: the loaded logs are removed (from this tab and from this browser’s storage) and only the opened ones are loaded.</li>
      </ul>
      <UnexportedNote {...unexported} />
    </ChoiceDialog>
  );
}
