/**
 * A one-line hop to home's promotion chunk: /user/home lists the preload dependencies of every dynamic import it makes,
 * and its first load is at its budget (docs/design.md §8). Through this hop home lists one file, and the promotion chunk's
 * own dependencies are listed here instead.
 */
export const loadPromoHome = () => import('./promo-home.ts');
