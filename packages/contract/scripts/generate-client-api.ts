import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderClientApi } from '../src/client-api-source.ts';

const target = path.join(import.meta.dirname, '../src/client-api.gen.ts');
writeFileSync(target, renderClientApi());
console.log(`wrote ${target}`);
