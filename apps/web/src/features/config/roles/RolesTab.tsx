// Being built (issue 6): replaced by the real tab.
export function RolesTab() {
  return null;
}
