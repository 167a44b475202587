import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from '../lib/url-state';

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; replace?: boolean };

/**
 * A real link (copy, middle-click, Ctrl/Cmd/Shift-click open it elsewhere) that, on a plain left
 * click, navigates in place. It does not pass the click on: a link inside a clickable table row
 * follows the link only.
 */
export function Link({ href, replace, onClick, ...anchor }: LinkProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (anchor.target && anchor.target !== '_self') return;
    event.preventDefault();
    event.stopPropagation();
    navigate(href, { replace });
  };
  return <a {...anchor} href={href} onClick={follow} />;
}
