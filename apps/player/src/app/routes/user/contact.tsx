export function Component() {
  return <main data-route="user/contact" />;
}
