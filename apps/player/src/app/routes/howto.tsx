export function Component() {
  return <main data-route="howto" />;
}
