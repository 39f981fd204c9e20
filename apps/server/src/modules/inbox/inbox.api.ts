// The public face of the inbox module (the member's in-app notifications). Nothing in it is called by another
// module: it hears the others through the outbox; its routes are wired by inbox.module.ts
// (docs/decisions/0028-module-seams.md).
export {};
