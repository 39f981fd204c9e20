// The public face of the `chat` module: conversations, messages, media (DESIGN.md §9.8).
// An empty home for now: the module's issue adds its tables, services and module factory here, and other modules
// import only this file (eslint/server-boundaries.js).
export {};
