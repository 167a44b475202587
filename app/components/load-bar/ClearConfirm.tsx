import { pluralize } from '../../lib/format';
import { ChoiceDialog } from '../ChoiceDialog';
import { UnexportedNote } from './UnexportedNote';
import { useUnexportedLabels } from './use-unexported-labels';

/** Clear, asked first because labels given on these logs are in no exported file yet. */
export function ClearConfirm({ files, onClear, onCancel }: { files: number; onClear(): void; onCancel(): void }) {
  const unexported = useUnexportedLabels();
  return (
    <ChoiceDialog title="Clear the loaded logs?" testId="clear-confirm" onCancel={onCancel} focusCancel
      actions={<button type="button" className="button primary" onClick={onClear}>Clear the {pluralize(files, 'file')}</button>}>
      <p>Clear removes the loaded logs from this tab and from this browser’s storage.</p>
      <UnexportedNote {...unexported} />
      {unexported.count === 0 && <p data-testid="clear-confirm.exported">Every label you gave on these logs is now in an exported file.</p>}
    </ChoiceDialog>
  );
}
