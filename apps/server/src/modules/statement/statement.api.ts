// The public face of the statement module (the member's statement projection). Nothing in it is called by another
// module; its routes are wired by statement.module.ts (docs/decisions/0028-module-seams.md).
export {};
