/** The query key of the promotions list (GET /api/admin/promotions), shared by the list and the editor. */
export const PROMOTIONS_KEY = ['admin', 'promotions', 'list'] as const;
