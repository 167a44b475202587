import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link } from './Link';
import { errorMessage } from '../lib/error-message';

interface Props {
  /** The screen's name as the navigation shows it. */
  screen: string;
  /** Where "Back" goes: the previous screen's URL, or the overview. */
  backHref: string;
  /** The URL: when it changes (a link, Back) the screen is tried again. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * One screen that throws while it renders shows what failed, in place of itself, with a way back;
 * the header, the loaded logs and every other screen stay. A new URL (a link, Back) tries again.
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(errorMessage(error)) };
  }

  componentDidUpdate(previous: Props) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`The ${this.props.screen} screen failed`, error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="empty-state panel screen-error" role="alert">
        <h2>The {this.props.screen} screen could not be shown</h2>
        <p>The rest of the app still works: loaded logs stay loaded, and the other screens open from the bar above.</p>
        <pre className="raw">{error.message.slice(0, 2000)}</pre>
        <p className="screen-error-actions">
          <button type="button" className="button" onClick={() => this.setState({ error: null })}>Try again</button>
          <Link className="button" href={this.props.backHref}>Back to the overview</Link>
        </p>
      </div>
    );
  }
}
