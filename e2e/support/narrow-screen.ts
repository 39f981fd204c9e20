import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { Language } from './fixtures.ts';
import { SCREENS_DIR } from './paths.ts';
import { findScreenProblems, saveScreen } from './screens.ts';

/**
 * The small-phone checks of e2e/tests/player-narrow.spec.ts: a screen at 320×568 (the smallest phone we design for)
 * and 390×844 is no wider than the window (the elements that stick out are named), shows no text in the wrong script
 * and no raw key, cuts no label (an ellipsis or a clamp hiding text, a label spilling out of its control), gives every
 * control at least 44×44 px and lets every control be scrolled to where nothing covers it (the bottom nav, a sheet's
 * footer), except what TOUCH_EXCEPTIONS, CUT_EXCEPTIONS and COVER_EXCEPTIONS list with their reason.
 */

/** where the screenshots go (SHOTS_DIR, default e2e/artifacts/screens/player-narrow) */
const SHOTS = process.env.SHOTS_DIR ?? path.join(SCREENS_DIR, 'player-narrow');
const SIZES = [
  { width: 320, height: 568 },
  { width: 390, height: 844 },
] as const;

/**
 * Controls allowed under 44×44 px, by the selector they match, and why. A link inside a sentence is exempt by
 * WCAG 2.5.8 ("inline") and found by the check itself; everything else must be listed here.
 */
const TOUCH_EXCEPTIONS: ReadonlyArray<{ selector: string; reason: string }> = [];

/** Labels allowed to end in an ellipsis, and why. */
const CUT_EXCEPTIONS: ReadonlyArray<{ selector: string; reason: string }> = [
  {
    selector: '[data-testid=brand-name]',
    reason:
      "the operator's site name (any length) beside the logo in the top bar: it ends in an ellipsis when the " +
      'language button is wide (English at 390 px) and is hidden for screen readers only under 360 px',
  },
];

/** Floating elements allowed to cover a control, and why (they can be closed, unlike the bottom nav or a footer). */
const COVER_EXCEPTIONS: ReadonlyArray<{ selector: string; reason: string }> = [
  {
    selector: '[data-testid=chat-invitation]',
    reason:
      "the live chat's invitation bubble floats over the page's lower right a moment after load (it can sit over the " +
      "contact page's chat button when the page is too short to scroll it away) and has its own close button",
  },
];

type Check = {
  overflow: string[];
  cut: string[];
  small: string[];
  hidden: string[];
  wrongScript: string[];
  rawKeys: string[];
};

/** The checks of one screen at the current size, as lists of what is wrong (empty when clean). */
async function inspect(page: Page, lang: Language): Promise<Check> {
  const { wrongScript, rawKeys } = await findScreenProblems(page, lang);
  const found = await page.evaluate(
    ([exceptions, cutExceptions, coverExceptions]) => {
      const name = (el: Element) => {
        const id = el.getAttribute('data-testid');
        const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''} "${text}"`;
      };
      // a screen-reader-only element (a 1 px box) is not on screen
      const isShown = (el: Element) => {
        const box = el.getBoundingClientRect();
        return (
          box.width > 1 &&
          box.height > 1 &&
          el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
          el.closest('[aria-hidden="true"], [inert]') === null
        );
      };
      const viewport = document.documentElement.clientWidth;

      // sideways overflow: the deepest elements whose right edge passes the window (a horizontal scroller's
      // content that its own area clips does not count)
      const overflow: string[] = [];
      if (document.documentElement.scrollWidth > viewport) {
        const clippedByScroller = (el: Element) => {
          for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
            const style = getComputedStyle(up);
            if (['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX))
              return up.getBoundingClientRect().right <= viewport + 1;
          }
          return false;
        };
        for (const el of document.querySelectorAll('body *')) {
          const box = el.getBoundingClientRect();
          if (box.width === 0 || box.right <= viewport + 1 || clippedByScroller(el)) continue;
          const child = Array.from(el.children).some((c) => c.getBoundingClientRect().right > viewport + 1);
          if (!child) overflow.push(`${name(el)} right=${Math.round(box.right)} > ${viewport}`);
        }
        if (overflow.length === 0) overflow.push(`scrollWidth ${document.documentElement.scrollWidth} > ${viewport}`);
      }

      // labels cut by their box: an ellipsis or a line clamp hiding text (a member's own data, translate="no", may)
      const cut: string[] = [];
      for (const el of document.body.querySelectorAll('*')) {
        if (!isShown(el) || el.closest('[translate="no"]')) continue;
        if (cutExceptions.some(({ selector }) => el.matches(selector))) continue;
        const hasText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
        if (!hasText) continue;
        const style = getComputedStyle(el);
        const clipsX = style.textOverflow === 'ellipsis' || ['hidden', 'clip'].includes(style.overflowX);
        const clipsY = style.webkitLineClamp !== 'none' || ['hidden', 'clip'].includes(style.overflowY);
        const html = el as HTMLElement;
        if (
          (clipsX && html.scrollWidth > html.clientWidth + 1) ||
          (clipsY && html.scrollHeight > html.clientHeight + 1)
        )
          cut.push(name(el));
      }

      // a control's label or icon past the control's edge (a badge placed on its corner may sit there)
      const spills = (control: Element) => {
        const box = control.getBoundingClientRect();
        const isPlaced = (node: Node) => {
          for (
            let up = node instanceof Element ? node : node.parentElement;
            up && up !== control;
            up = up.parentElement
          )
            if (['absolute', 'fixed'].includes(getComputedStyle(up).position)) return true;
          return false;
        };
        const isOutside = (rect: DOMRect) => rect.width > 0 && (rect.left < box.left - 1 || rect.right > box.right + 1);
        const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim() || isPlaced(node)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          if (isOutside(range.getBoundingClientRect())) return true;
        }
        return Array.from(control.querySelectorAll('*')).some(
          (inner) => !isPlaced(inner) && isOutside(inner.getBoundingClientRect()),
        );
      };

      // touch targets
      const small: string[] = [];
      const controls = document.body.querySelectorAll(
        'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=switch], [role=radio], [role=checkbox], [role=menuitem], [role=option]',
      );
      for (const el of controls) {
        if (!isShown(el) || (el as HTMLButtonElement).disabled) continue;
        // a native check box or radio is as large as the label that wraps it
        const target =
          el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type) ? (el.closest('label') ?? el) : el;
        // a link inside a sentence (WCAG 2.5.8 "inline")
        if (
          el.tagName === 'A' &&
          Array.from(el.parentElement?.childNodes ?? []).some(
            (n) => n !== el && n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
          )
        )
          continue;
        if (spills(el)) cut.push(`${name(el)} spills out of its box`);
        if (exceptions.some(({ selector }) => el.matches(selector))) continue;
        const box = target.getBoundingClientRect();
        if (box.width < 43.5 || box.height < 43.5)
          small.push(`${name(el)} ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
      // every control can be scrolled to a place where nothing covers it (the bottom nav, a sheet's footer, the
      // window's bottom edge): brought to the middle of its scroller, the point at its centre is the control's own.
      // With a sheet open only the sheet's controls count (the page behind it is covered on purpose).
      const hidden: string[] = [];
      const dialogs = Array.from(document.querySelectorAll('[role=dialog], [role=alertdialog]')).filter(isShown);
      const scrollers = new Map<Element, [number, number]>();
      const root = document.scrollingElement;
      if (root) scrollers.set(root, [root.scrollLeft, root.scrollTop]);
      for (const el of controls) {
        if (!isShown(el) || (el as HTMLButtonElement).disabled) continue;
        if (dialogs.length > 0 && !dialogs.some((dialog) => dialog.contains(el))) continue;
        for (let up = el.parentElement; up; up = up.parentElement)
          if (!scrollers.has(up)) scrollers.set(up, [up.scrollLeft, up.scrollTop]);
        el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
        const box = el.getBoundingClientRect();
        const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
        const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
        const top = document.elementFromPoint(x, y);
        const label = el.closest('label');
        if (coverExceptions.some(({ selector }) => top?.closest(selector))) continue;
        if (!top || !(el.contains(top) || top.contains(el) || (label !== null && label.contains(top))))
          hidden.push(`${name(el)} under ${top ? name(top) : 'the window edge'}`);
      }
      // put every scroller back where it was (the screenshot and the next steps see the screen as it was)
      for (const [scroller, [left, top]] of scrollers) scroller.scrollTo({ left, top, behavior: 'instant' });
      return { overflow, cut: [...new Set(cut)], small: [...new Set(small)], hidden: [...new Set(hidden)] };
    },
    [TOUCH_EXCEPTIONS, CUT_EXCEPTIONS, COVER_EXCEPTIONS] as const,
  );
  return { ...found, wrongScript, rawKeys };
}

/** Waits for two frames (a resize's layout and paint), not for time. */
const settle = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * Checks the screen on show at both sizes (soft: every problem of the run is listed at the end) and saves
 * player-narrow-<step>-<width>-<lang>.png; leaves the page at 390×844.
 */
export async function sweep(
  page: Page,
  lang: Language,
  step: string,
  resized?: (width: number) => Promise<void>,
): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await settle(page);
    await resized?.(size.width);
    await saveScreen(
      page,
      { test: 'player-narrow', step: `${step}-${size.width}`, lang },
      { dir: SHOTS, check: false },
    );
    const found = await inspect(page, lang);
    expect
      .soft(found, `${step} at ${size.width} px (${lang})`)
      .toEqual({ overflow: [], cut: [], small: [], hidden: [], wrongScript: [], rawKeys: [] });
  }
}
