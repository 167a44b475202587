import { useCallback, useEffect, useState } from 'react';
import { downloadText } from '../../lib/download';
import { useLabeling } from '../../session/labeling';
import { errorMessage } from '../../lib/error-message';

/**
 * The labels given here on the loaded logs that no export holds yet, for a question that would
 * remove those logs, with an export that writes them (and so answers the worry).
 */
export function useUnexportedLabels(): { count: number | null; exportThem(): Promise<void>; error: string | null } {
  const labeling = useLabeling();
  const [count, setCount] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void labeling.unexportedHere().then((n) => live && setCount(n), () => live && setCount(0));
    return () => { live = false; };
  }, [labeling]);
  const exportThem = useCallback(async () => {
    try {
      downloadText('labels-given-here.jsonl', await labeling.exportLabels({ givenHere: true }));
      setCount(await labeling.unexportedHere());
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }, [labeling]);
  return { count, exportThem, error };
}
