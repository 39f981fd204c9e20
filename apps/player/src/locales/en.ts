// The namespaces of one language the first screens need, discovered from the files in ./en (one chunk per
// language); the screens' own namespaces (LAZY_NAMESPACES) load with their routes. The errors namespace is shared
// with every app through @wallet/web-core.
import errors from '@wallet/web-core/locales/en/errors.json';

const files = import.meta.glob<Record<string, unknown>>(
  ['./en/*.json', '!./en/{auth,content,profile,promotions,statement,withdraw}.json'],
  { eager: true, import: 'default' },
);

const catalogue: Record<string, Record<string, unknown>> = {
  ...Object.fromEntries(
    Object.entries(files).map(([file, tree]) => [file.slice('./en/'.length, -'.json'.length), tree]),
  ),
  errors,
};
export default catalogue;
