// The public face of the `backoffice` module: dashboards and reports that span modules, read models only (DESIGN.md §9.1).
// An empty home for now: the module's issue adds its tables, services and module factory here, and other modules
// import only this file (eslint/server-boundaries.js).
export {};
