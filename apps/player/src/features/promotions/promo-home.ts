// Home's promotion pieces in one lazy chunk (the /user/home first load is at its budget, docs/design.md §8).
export { ConditionStrip } from './condition-strip.tsx';
export { PromoFlow, type PromoFeature } from './promo-flow.tsx';
