// The namespaces of one language the first screens need, discovered from the files in ./la (one chunk per
// language); the screens' own namespaces (LAZY_NAMESPACES) load with their routes. The errors namespace (shared
// with every app through @wallet/web-core) loads right after start-up, out of the first screen's load (lib/i18n.ts).

const files = import.meta.glob<Record<string, unknown>>(
  ['./la/*.json', '!./la/{auth,content,profile,promotions,statement,withdraw}.json'],
  { eager: true, import: 'default' },
);

const catalogue: Record<string, Record<string, unknown>> = {
  ...Object.fromEntries(
    Object.entries(files).map(([file, tree]) => [file.slice('./la/'.length, -'.json'.length), tree]),
  ),
};
export default catalogue;
