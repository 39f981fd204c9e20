// Every namespace of one language, discovered from the files in ./th (one chunk per language).
const files = import.meta.glob<Record<string, unknown>>('./th/*.json', { eager: true, import: 'default' });

const catalogue: Record<string, Record<string, unknown>> = Object.fromEntries(
  Object.entries(files).map(([file, tree]) => [file.slice('./th/'.length, -'.json'.length), tree]),
);
export default catalogue;
