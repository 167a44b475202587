import { useEffect, useState } from 'react';
import type { EngineStart } from '../../session/dataset';
import { START_STEPS, startStepIndex } from './start-steps';

/** Which step of the start the page is at, with the time it has taken so far. */
export function StartProgress({ start }: { start: EngineStart }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(performance.now()), 200);
    return () => window.clearInterval(timer);
  }, []);
  const index = startStepIndex(start);
  return (
    <span className="start-progress">
      <progress aria-label="Start progress" value={index + 1} max={START_STEPS.length + 1} />
      <span>
        {START_STEPS[index].label}… <span className="text-soft">({((now - start.since) / 1000).toFixed(1)} s)</span>
      </span>
    </span>
  );
}
