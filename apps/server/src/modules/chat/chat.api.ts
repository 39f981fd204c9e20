// The public face of the `chat` module: conversations, messages, media and the operator inbox (docs/design.md §9.8).
// The back office counts the waiting conversations; its routes are wired by chat.module.ts (docs/decisions/0028-module-seams.md).
export { countWaitingChats } from './chat-counts.ts';
