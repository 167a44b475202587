import type { Param } from './param';
import { sharedSettingsPairs, sharedSettingsText, type SharedSettingsText } from './settings';

export type ScreenId = 'overview' | 'metrics' | 'compare' | 'sessions' | 'lineage' | 'questions' | 'annotate' | 'review' | 'agreement' | 'gate' | 'rejected';

type Fields = Record<string, Param<unknown>>;
export type ViewOf<F extends Fields> = { [K in keyof F]: F[K] extends Param<infer T> ? T : never };

export interface LinkOptions {
  /** The URL the link is made on, whose shared settings it carries: the current page's by default. */
  from?: string;
  /** Shared settings to write instead of carrying the current ones over (the Metrics settings bar). */
  settings?: SharedSettingsText;
  /** An element id on the target screen, written as the #fragment. */
  hash?: string;
}

/** One screen's URL: `?view=<screen>`, that screen's own parameters, and the shared settings. */
export interface ScreenUrl<View> {
  readonly view: ScreenId;
  /** The query parameters this screen owns, besides `view` and the shared settings. */
  readonly params: readonly string[];
  read(params: URLSearchParams): View;
  /** The search string of a view; fields left out take their defaults. */
  write(view: Partial<View>, settings?: SharedSettingsText): string;
  /** A link to a view of this screen, carrying the shared settings of `options.from` (the current URL). */
  href(view?: Partial<View>, options?: LinkOptions): string;
  /** A link to the view on screen now with some fields changed, for moves within this screen. */
  changed(changes: Partial<View>, options?: LinkOptions): string;
}

const currentSearch = () => window.location.search;

export function screenUrl<F extends Fields>(view: ScreenId, fields: F): ScreenUrl<ViewOf<F>> {
  const entries = Object.entries(fields);
  const read = (params: URLSearchParams) => Object.fromEntries(entries.map(([key, param]) => [key, param.read(params)])) as ViewOf<F>;
  const write = (state: Partial<ViewOf<F>>, settings: SharedSettingsText = {}) => {
    const defaults = read(new URLSearchParams());
    const value = (key: string) => (state[key] === undefined ? defaults[key] : state[key]);
    const pairs = [['view', view], ...entries.flatMap(([key, param]) => param.write(value(key))), ...sharedSettingsPairs(settings)];
    return `?${new URLSearchParams(pairs)}`;
  };
  const href = (state: Partial<ViewOf<F>> = {}, options: LinkOptions = {}) =>
    write(state, options.settings ?? sharedSettingsText(new URLSearchParams(options.from ?? currentSearch())))
    + (options.hash ? `#${encodeURIComponent(options.hash)}` : '');
  return {
    view,
    params: entries.flatMap(([, param]) => param.names),
    read,
    write,
    href,
    changed: (changes, options = {}) => href({ ...read(new URLSearchParams(options.from ?? currentSearch())), ...changes }, options),
  };
}
