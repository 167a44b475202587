import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { claimOpen, releaseOpen } from './open-menu';
import './filter-dropdown.css';

export interface FilterOption {
  value: string;
  /** A count shown at the right of the option (e.g. its retrievals), with `countTitle` as its tooltip. */
  count?: number;
  countTitle?: string;
}

/**
 * The one filter dropdown of Metrics and Compare: a button that opens a checkbox list.
 *
 * Several values may be ticked, so a tick keeps the list open; "Done", Esc, a second click on the
 * button, a click outside or focus leaving it close it. Clearing the choice is a choice and closes
 * it too. Closing by Done, Esc or clearing returns focus to the button. Only one list is open at a
 * time on the whole page, so two lists never lie over each other.
 */
export function FilterDropdown(props: {
  /** The accessible name of the list (`Retriever`, `A retriever`); the button is named `<label>: <summary>`. */
  label: string;
  /** What the button shows before the summary; `label` by default. */
  shortLabel?: string;
  options: FilterOption[];
  selected: string[];
  /** What no choice means (`all retrievers`, `any`). */
  emptyMeans: string;
  /** The text of the button that clears the choice; `emptyMeans` by default. */
  clearLabel?: string;
  className?: string;
  onChange(values: string[]): void;
}) {
  const { label, options, selected, emptyMeans, onChange } = props;
  const [open, setOpen] = useState(false);
  const [alignRight, setAlignRight] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const summary = selected.length === 0 ? emptyMeans : selected.length <= 2 ? selected.join(', ') : `${selected.length} chosen`;

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const closeQuietly = () => setOpen(false);
    claimOpen(closeQuietly);
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // the list takes this Esc: a screen's own Esc handling must not act on it as well
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      releaseOpen(closeQuietly);
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [open]);

  // A list that would run past the window's right edge opens leftwards from the button's right edge.
  useLayoutEffect(() => {
    if (!open || !menu.current || !root.current) return;
    const left = root.current.getBoundingClientRect().left;
    setAlignRight(left + menu.current.offsetWidth > document.documentElement.clientWidth - 8);
  }, [open]);

  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('input, button')?.focus();
  }, [open]);

  // a value the URL names that the data does not have stays listed, so that it can be unticked
  const shown = [...options, ...selected.filter((value) => !options.some((option) => option.value === value)).map((value) => ({ value }) as FilterOption)];
  const toggle = (value: string, checked: boolean) => onChange(checked ? [...selected, value] : selected.filter((item) => item !== value));

  return (
    <div
      ref={root}
      className={`filter-dropdown${open ? ' is-open' : ''}${props.className ? ` ${props.className}` : ''}`}
      onBlur={(event) => {
        if (open && event.relatedTarget && !root.current?.contains(event.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="filter-dropdown-button"
        aria-label={`${label}: ${summary}`}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <span className="text-soft">{props.shortLabel ?? label}</span>{' '}
        <span className={selected.length ? 'filter-dropdown-on' : undefined}>{summary}</span>
        <span className="filter-dropdown-caret" aria-hidden="true">▾</span>
      </button>
      {open && (
        <div ref={menu} id={menuId} className={`filter-dropdown-menu${alignRight ? ' align-right' : ''}`} role="group" aria-label={label}>
          {shown.length === 0 && <span className="text-soft">no value in the logs</span>}
          <div className="filter-dropdown-options">
            {shown.map((option) => (
              <label key={option.value}>
                <input type="checkbox" checked={selected.includes(option.value)} onChange={(event) => toggle(option.value, event.currentTarget.checked)} />
                <span>{option.value}</span>
                {option.count !== undefined && (
                  <span className="text-soft filter-dropdown-count" title={option.countTitle}>{option.count}</span>
                )}
              </label>
            ))}
          </div>
          <div className="filter-dropdown-actions">
            {selected.length > 0 && (
              <button type="button" className="button subtle small" onClick={() => { onChange([]); close(true); }}>
                {props.clearLabel ?? emptyMeans}
              </button>
            )}
            <button type="button" className="button small filter-dropdown-done" onClick={() => close(true)}>
              Done
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
