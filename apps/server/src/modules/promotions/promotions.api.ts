// The public face of the `promotions` module: bonuses, promotion codes, the condition engine, turnover summaries (DESIGN.md §9.6).
// An empty home for now: the module's issue adds its tables, services and module factory here, and other modules
// import only this file (eslint/server-boundaries.js).
export {};
