// The public face of the `deposits` module: slips, QR payments, webhooks inbox, vouchers, manual notices (DESIGN.md §9.5).
// An empty home for now: the module's issue adds its tables, services and module factory here, and other modules
// import only this file (eslint/server-boundaries.js).
export {};
