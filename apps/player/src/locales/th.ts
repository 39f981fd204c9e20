// Every namespace of one language, discovered from the files in ./th (one chunk per language); the errors
// namespace is shared with every app through @wallet/web-core.
import errors from '@wallet/web-core/locales/th/errors.json';

const files = import.meta.glob<Record<string, unknown>>('./th/*.json', { eager: true, import: 'default' });

const catalogue: Record<string, Record<string, unknown>> = {
  ...Object.fromEntries(
    Object.entries(files).map(([file, tree]) => [file.slice('./th/'.length, -'.json'.length), tree]),
  ),
  errors,
};
export default catalogue;
