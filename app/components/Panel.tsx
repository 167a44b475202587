import type { ReactNode } from 'react';

/**
 * A titled panel of a dashboard screen: what it shows, the question it answers, its content,
 * and (when given) the settings in force, since a number without its definition cannot be compared.
 */
export function Panel(props: { id: string; title: string; question: string; caption?: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="panel screen-panel" aria-labelledby={`${props.id}-title`} data-testid={props.id}>
      <header className="screen-panel-head">
        <div>
          <h2 id={`${props.id}-title`}>{props.title}</h2>
          <p className="text-soft panel-question">{props.question}</p>
        </div>
        {props.actions}
      </header>
      {props.children}
      {props.caption && <p className="settings-caption">{props.caption}</p>}
    </section>
  );
}
