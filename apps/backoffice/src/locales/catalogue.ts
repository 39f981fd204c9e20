/** `{ '../features/audit/locales/th.json': tree }` → `{ audit: tree }`: each feature's namespace is its folder. */
export function featureNamespaces(
  files: Record<string, Record<string, unknown>>,
): Record<string, Record<string, unknown>> {
  return Object.fromEntries(Object.entries(files).map(([file, tree]) => [file.split('/').at(-3) ?? file, tree]));
}

/** `{ './th/common.json': tree }` → `{ common: tree }`. */
export function shellNamespaces(
  files: Record<string, Record<string, unknown>>,
): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(files).map(([file, tree]) => [
      file
        .split('/')
        .at(-1)
        ?.replace(/\.json$/, '') ?? file,
      tree,
    ]),
  );
}
