// Every namespace of one language, discovered from the files in ./en (one chunk per language); the errors
// namespace is shared with every app through @wallet/web-core.
import errors from '@wallet/web-core/locales/en/errors.json';

const files = import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' });

const catalogue: Record<string, Record<string, unknown>> = {
  ...Object.fromEntries(
    Object.entries(files).map(([file, tree]) => [file.slice('./en/'.length, -'.json'.length), tree]),
  ),
  errors,
};
export default catalogue;
