import type { ReactNode } from 'react';

/** A metrics panel: title, what it asks, the settings in force, then its content. */
export function Panel(props: { id: string; title: string; question: string; caption: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="panel metrics-panel" aria-labelledby={`${props.id}-title`}>
      <header className="metrics-panel-head">
        <div>
          <h2 id={`${props.id}-title`}>{props.title}</h2>
          <p className="text-soft panel-question">{props.question}</p>
        </div>
        {props.actions}
      </header>
      {props.children}
      <p className="settings-caption">{props.caption}</p>
    </section>
  );
}
