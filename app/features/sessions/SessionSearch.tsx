import { useEffect, useRef, useState } from 'react';
import { navigate } from '../../lib/url-state';
import { sessionsUrl } from '../../links/sessions';

const DEBOUNCE_MS = 250;

/**
 * The search box: what is typed goes to the URL's `q` once typing pauses (replacing the history
 * entry, not adding one per key), or at once on Enter; a change of `q` from elsewhere (clear
 * filters, Back) shows here. ↓ moves the focus on to the table's rows.
 */
export function SessionSearch({ search, onArrowDown }: { search: string; /** ↓ in the box: on to the rows. */ onArrowDown(): void }) {
  const [text, setText] = useState(search);
  const sent = useRef(search);

  useEffect(() => {
    if (search === sent.current) return;
    sent.current = search;
    setText(search);
  }, [search]);

  const send = (value: string) => {
    if (value === sent.current) return;
    sent.current = value;
    navigate(sessionsUrl.changed({ search: value }), { replace: true });
  };

  useEffect(() => {
    if (text === sent.current) return;
    const timer = setTimeout(() => send(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <input type="search" className="session-search" aria-label="Filter sessions" value={text}
      placeholder="Search prompts, queries, responses and ids…" onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') send(text);
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        onArrowDown();
      }} />
  );
}
