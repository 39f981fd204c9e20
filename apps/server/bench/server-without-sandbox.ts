/**
 * The server's own entry (src/server.ts) without the sandbox module, for bench:soak: the simulators run in a process
 * of their own (sandbox-process.ts) and the server reaches them over HTTP at PUBLIC_URL, as it reaches live providers,
 * so its heap holds the product alone (docs/performance.md, "Soak"). Bench only.
 */
import { modules } from '../src/bootstrap/modules.ts';
import { sandboxModule } from '../src/bootstrap/sandbox.ts';

modules.splice(modules.indexOf(sandboxModule), 1);
await import('../src/server.ts');
