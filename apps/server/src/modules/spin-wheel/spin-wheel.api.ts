// The public face of the `spin-wheel` module: wheels, coins, draws, coupons (DESIGN.md §9.7).
// An empty home for now: the module's issue adds its tables, services and module factory here, and other modules
// import only this file (eslint/server-boundaries.js).
export {};
