export function Component() {
  return <main data-route="not-found" />;
}
