import type { ReactNode } from 'react';

/** A gate-screen panel: title, the question it answers, then its content. */
export function GatePanel(props: { id: string; title: string; question: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="panel gate-panel" aria-labelledby={`${props.id}-title`} data-testid={`gate.${props.id}`}>
      <header className="gate-panel-head">
        <div>
          <h2 id={`${props.id}-title`}>{props.title}</h2>
          <p className="text-soft gate-question">{props.question}</p>
        </div>
        {props.actions}
      </header>
      {props.children}
    </section>
  );
}
