import { Component, type ReactNode } from 'react';

type State = { hasFailed: boolean };

/**
 * Keeps a lazily loaded overlay host (toasts, alerts) from taking the whole app down when its chunk cannot load
 * (offline before the host was fetched): the host renders nothing and tries again when the connection returns.
 */
export class HostBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { hasFailed: false };

  static getDerivedStateFromError(): State {
    return { hasFailed: true };
  }

  override componentDidMount() {
    window.addEventListener('online', this.handleOnline);
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.handleOnline);
  }

  private handleOnline = () => this.setState({ hasFailed: false });

  override render() {
    return this.state.hasFailed ? null : this.props.children;
  }
}
