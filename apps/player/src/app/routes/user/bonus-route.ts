/**
 * A one-line hop to the bonus screen: the app's entry lists the preload dependencies of every route it imports, and
 * the /user/home first load is at its budget (docs/design.md §8). Through this hop the entry lists one file for the route.
 */
export const loadBonusRoute = () => import('./bonus.tsx');
