import path from 'node:path';

/** A migrated, empty PGlite data dir, dumped once by the global setup so each test loads it in ~0.5 s. */
export const PGLITE_TEMPLATE = path.join(
  import.meta.dirname,
  '../../../../node_modules/.cache/wallet-pglite-template.tar.gz',
);
