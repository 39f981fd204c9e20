/**
 * One-line hops to home's promotion chunks: /user/home lists the preload dependencies of every dynamic import it makes,
 * and its first load is at its budget (docs/design.md §8). Through this hop home lists one file, and the promotion
 * chunks' own dependencies are listed here instead. The condition strip is part of home's first screen; the promotion
 * flow (its dialogs and the dialog library) loads on first open, so home's first load does not evaluate it.
 */
export const loadConditionStrip = () => import('./condition-strip.tsx');
export const loadPromoFlow = () => import('./promo-flow.tsx');
