import type { MouseEvent, ReactNode } from 'react';
import { hrefWith, updateUrl } from '../../lib/url-state';

type Changes = Record<string, string | null>;

/** Parameters that belong to one view; a link to another view drops them. */
const VIEW_PARAMS = ['session', 'node', 'asset', 'retrieval'];

/** The URL changes that open a session, optionally with a node of its graph selected. */
export const sessionChanges = (sessionId: string, nodeId: string | null = null): Changes =>
  ({ ...Object.fromEntries(VIEW_PARAMS.map((name) => [name, null])), view: 'sessions', session: sessionId, node: nodeId });

/** The URL changes that trace an asset or a retrieval on the Lineage screen. */
export const traceChanges = (kind: 'asset' | 'retrieval', id: string, nodeId: string | null = null): Changes =>
  ({ ...Object.fromEntries(VIEW_PARAMS.map((name) => [name, null])), view: 'lineage', [kind]: id, node: nodeId });

/** A real link (copy, middle-click, new tab work) that navigates in place on a plain click. */
export function AppLink({ changes, children, className, title }: { changes: Changes; children: ReactNode; className?: string; title?: string }) {
  const onClick = (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    updateUrl(changes);
  };
  return <a href={hrefWith(changes)} onClick={onClick} className={className} title={title}>{children}</a>;
}
