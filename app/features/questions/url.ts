import { useEffect } from 'react';
import { useUrlHash } from '../../lib/url-state';

/** Element ids the flags and links point at, as the #fragment of the Questions screen's URL (links/questions.ts). */
export { questionAnchors as anchors } from '../../links/questions';

/** The element id in the URL's #fragment; scrolls it into view once `ready` (the content is drawn). */
export function useAnchorTarget(ready: boolean): string | null {
  const target = useUrlHash();
  useEffect(() => {
    if (ready && target) document.getElementById(target)?.scrollIntoView({ block: 'center' });
  }, [ready, target]);
  return target;
}
