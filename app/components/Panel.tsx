import type { ReactNode } from 'react';
import { RecomputingMark } from './Recomputing';

interface PanelProps {
  id: string;
  title: string;
  question: string;
  /** The settings in force, under the content; a screen whose panels share settings shows them once instead. */
  caption?: string;
  /** The content belongs to settings that were just changed, and its query runs again. */
  recomputing?: boolean;
  children: ReactNode;
  actions?: ReactNode;
  /** A line under the question, such as which of the screen's filters narrow this panel. */
  scope?: ReactNode;
}

/** A titled panel of a dashboard screen: what it shows, the question it answers, its content. */
export function Panel(props: PanelProps) {
  const recomputing = props.recomputing ?? false;
  return (
    <section className={recomputing ? 'panel screen-panel is-recomputing' : 'panel screen-panel'} aria-labelledby={`${props.id}-title`}
      aria-busy={recomputing} data-testid={props.id}>
      <header className="screen-panel-head">
        <div>
          <div className="screen-panel-title">
            <h2 id={`${props.id}-title`}>{props.title}</h2>
            {recomputing && <RecomputingMark />}
          </div>
          <p className="text-soft panel-question">{props.question}</p>
          {props.scope}
        </div>
        {props.actions}
      </header>
      {props.children}
      {props.caption && <p className="settings-caption">{props.caption}</p>}
    </section>
  );
}
