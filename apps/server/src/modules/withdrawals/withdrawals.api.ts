// The public face of the `withdrawals` module: withdrawal requests and payouts (DESIGN.md §9.4).
// An empty home for now: the module's issue adds its tables, services and module factory here, and other modules
// import only this file (eslint/server-boundaries.js).
export {};
