// The public face of the `refunds` module: daily loss refunds (docs/design.md §9.6). Nothing in it is called by another
// module; its routes and jobs are wired by refunds.module.ts (docs/decisions/0028-module-seams.md).
export {};
