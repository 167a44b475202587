import { useMemo } from 'react';
import { useUrlSearch } from '../lib/url-state';
import type { ScreenUrl } from './screen-url';

/** A screen's view state, read from the URL and read again on every navigation (links, Back, Forward). */
export function useScreenView<View>(url: ScreenUrl<View>): View {
  const search = useUrlSearch();
  return useMemo(() => url.read(new URLSearchParams(search)), [url, search]);
}
