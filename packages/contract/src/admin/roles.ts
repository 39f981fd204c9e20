/** Operator roles (docs/design.md §9.3); an operator may hold several. */
export const OPERATOR_ROLES = ['admin', 'finance', 'support', 'marketing'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
