// The public face of the `chat` module: conversations, messages, media and the operator inbox (DESIGN.md §9.8).
export { chatModule } from './chat.routes.ts';
