// The ledger's money units are the platform's (lib/money-math.ts); ledger.api.ts keeps exporting them to the modules.
export { toMajor, toMinor } from '../../lib/money-math.ts';
