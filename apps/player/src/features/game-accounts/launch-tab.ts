/**
 * Popup blockers allow window.open only inside the click: open an empty tab synchronously, then point it at
 * the launch link once the transfer and auto-login calls answer. Without a tab, the app tab navigates.
 */
export function preopenTab(): Window | null {
  try {
    return window.open('', '_blank');
  } catch {
    return null;
  }
}

export function sendTabTo(tab: Window | null, link: string): void {
  if (tab && !tab.closed) {
    try {
      tab.opener = null;
    } catch {
      // some browsers forbid writing opener: the link is still ours
    }
    tab.location.href = link;
    return;
  }
  window.location.assign(link);
}

export function closeTab(tab: Window | null): void {
  if (tab && !tab.closed) tab.close();
}
