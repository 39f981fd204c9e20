// The public face of the `referral` module: invite links and commissions (DESIGN.md §9.6).
// An empty home for now: the module's issue adds its tables, services and module factory here, and other modules
// import only this file (eslint/server-boundaries.js).
export {};
